/** DFSSSP: P-SSSP routes made deadlock-free by assigning paths to virtual lanes. */
package org.ibrouting.engines.dfsssp;

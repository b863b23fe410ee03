/** P²-SSSP: SSSP routing balanced per (source, destination) pair. */
package org.ibrouting.engines.p2sssp;

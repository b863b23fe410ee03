/** DOR, dimension-order routing on MINHOP's machinery, as OpenSM does it. */
package org.ibrouting.engines.dor;

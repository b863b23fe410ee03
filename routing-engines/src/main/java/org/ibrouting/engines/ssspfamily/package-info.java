/**
 * Not API: the SSSP family's machinery, shared by sssp, dfsssp, sar and the weight rule of {@link
 * org.ibrouting.engines.reroute.Reroute}: the weighted switch graph and its shortest-path trees
 * ({@link org.ibrouting.engines.ssspfamily.SsspGraph}, level by level where weights tie), the
 * tables and weight updates ({@link org.ibrouting.engines.ssspfamily.SsspTables}), and DFSSSP's
 * assignment of paths to virtual lanes ({@link org.ibrouting.engines.ssspfamily.DfssspLanes}:
 * channel dependency graphs per VL, cycle breaking, balancing). Not exported by the module; left
 * out of the Javadoc and the API compatibility check.
 */
package org.ibrouting.engines.ssspfamily;

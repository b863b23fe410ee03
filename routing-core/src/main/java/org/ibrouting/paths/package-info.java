/**
 * Hop counts between switches for engines of your own: {@link org.ibrouting.paths.HopMatrix} (the
 * min-hop matrix of OpenSM's unicast manager) behind the {@link org.ibrouting.paths.HopTable}
 * interface that MINHOP-style table builders read.
 */
package org.ibrouting.paths;

/**
 * Not API: machinery the engines share with routing-core (worker threads, the (DF)SSSP weighted
 * switch graph, the quaternary heap, the incremental channel dependency graph). It may change in
 * any release and is left out of the Javadoc and the API compatibility check. For hop counts in an
 * engine of your own use {@link org.ibrouting.paths.HopMatrix}.
 */
package org.ibrouting.internal;

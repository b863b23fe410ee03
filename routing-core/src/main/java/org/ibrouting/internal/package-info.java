/**
 * Not API: machinery the engines share with routing-core (worker threads, the quaternary heap, the
 * incremental channel dependency graph, switch BFS, LID-major tables, GUID list resolution). It may
 * change in any release; the module exports it to routing-engines and the test kit only, and it is
 * left out of the Javadoc and the API compatibility check. For hop counts in an engine of your own
 * use {@link org.ibrouting.paths.HopMatrix}.
 */
package org.ibrouting.internal;

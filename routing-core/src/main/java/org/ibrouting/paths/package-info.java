/** Machinery engines share: hop matrices, the (DF)SSSP weighted switch graph, worker threads. */
package org.ibrouting.paths;

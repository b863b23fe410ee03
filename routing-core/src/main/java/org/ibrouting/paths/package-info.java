/** Machinery engines share: hop matrices, worker threads. */
package org.ibrouting.paths;

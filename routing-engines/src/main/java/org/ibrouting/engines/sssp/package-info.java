/** P-SSSP: globally balanced shortest-path routing, OpenSM's {@code sssp}. */
package org.ibrouting.engines.sssp;

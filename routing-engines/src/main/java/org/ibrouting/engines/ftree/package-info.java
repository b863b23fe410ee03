/**
 * Fat-tree routing as OpenSM 3.3.23 does it ({@code -R ftree}; Zahavi et al., "Optimized InfiniBand
 * fat-tree routing for shift all-to-all communication patterns"). Entry point: {@link
 * org.ibrouting.engines.ftree.FtreeEngine}.
 */
package org.ibrouting.engines.ftree;

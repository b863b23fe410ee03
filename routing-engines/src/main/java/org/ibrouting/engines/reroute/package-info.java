/**
 * Incremental re-routing after failures: {@link org.ibrouting.engines.reroute.Reroute} keeps every
 * old LFT entry that still delivers and re-routes only the switches whose paths broke, by the
 * engine's own rule and balance (MINHOP, Up*&#47;Down*, Down*&#47;Up*, P-SSSP, DFSSSP, Dmodc).
 */
package org.ibrouting.engines.reroute;

/**
 * MINHOP, OpenSM's default engine: per destination LID the minimum-hop port with the fewest routes
 * so far. The package holds the engine, its provider and OpenSM's unicast LFT builder ({@link
 * org.ibrouting.engines.minhop.MinhopLftBuilder}), which DOR, Up*&#47;Down*, Down*&#47;Up* and
 * Multi-Up*&#47;Down* reuse as OpenSM does.
 */
package org.ibrouting.engines.minhop;

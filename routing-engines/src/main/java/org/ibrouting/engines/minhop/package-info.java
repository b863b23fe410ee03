/** MINHOP, OpenSM's default engine, and the LFT builder it shares with DOR and Up*&#47;Down*. */
package org.ibrouting.engines.minhop;

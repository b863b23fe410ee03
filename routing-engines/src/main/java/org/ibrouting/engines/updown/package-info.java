/**
 * Not API: the Up*&#47;Down* family's machinery, shared by updn, dnup, multiupdn and the hop rule
 * of {@link org.ibrouting.engines.reroute.Reroute}: switch ranks from roots ({@link
 * org.ibrouting.engines.updown.UpDownRanks}), turn rules and hop tables over legal paths ({@link
 * org.ibrouting.engines.updown.UpDownHops}), and OpenSM's per-destination search for Down*&#47;Up*
 * ({@link org.ibrouting.engines.updown.BfsByNodeHops}). Not exported by the module; left out of the
 * Javadoc and the API compatibility check.
 */
package org.ibrouting.engines.updown;

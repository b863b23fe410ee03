/**
 * Not API: machinery the engines share (the built-in engines' registry entries, MINHOP's LFT
 * builder, Up*&#47;Down* ranks and hop tables, DFSSSP's VL assignment, GUID list resolution). It
 * may change in any release and is left out of the Javadoc and the API compatibility check. Use
 * {@link org.ibrouting.engines.Engines} and {@link org.ibrouting.engines.VirtualLanes}.
 */
package org.ibrouting.engines.internal;

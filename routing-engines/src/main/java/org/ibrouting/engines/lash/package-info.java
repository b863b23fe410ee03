/**
 * LASH, Layered Shortest Path routing (Skeie, Lysne, Theiss): shortest paths made deadlock-free by
 * spreading source/destination switch pairs over virtual layers (SLs). Entry point: {@link
 * org.ibrouting.engines.lash.LashEngine}.
 */
package org.ibrouting.engines.lash;

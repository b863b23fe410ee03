/**
 * Nue routing (Domke, Hoefler, Matsuoka, HPDC 2016): deadlock-free destination-based routing on the
 * complete channel dependency graph, for any topology and any number of VLs. Entry point: {@link
 * org.ibrouting.engines.nue.NueEngine}.
 */
package org.ibrouting.engines.nue;

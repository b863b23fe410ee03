/** The immutable fabric model: nodes, ports, links, GUIDs and LIDs on primitive arrays. */
package org.ibrouting.fabric;

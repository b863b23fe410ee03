/**
 * The default text output of {@code ibnetdiscover} (infiniband-diags): {@link
 * org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader} turns a real discovery into a fabric with its
 * GUIDs, LIDs, descriptions and link rates; {@link
 * org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter} prints a fabric the way ibnetdiscover does,
 * node block for node block.
 */
package org.ibrouting.io.ibnetdiscover;

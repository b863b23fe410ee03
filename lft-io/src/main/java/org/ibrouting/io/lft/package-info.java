/**
 * OpenSM's unicast LFT dump ({@code opensm-lfts.dump}), the file its {@code file} routing engine
 * loads: {@link org.ibrouting.io.lft.LftDumpReader} with the file engine's rules (and stricter
 * checks), {@link org.ibrouting.io.lft.LftDumpWriter} byte-identical to OpenSM 3.3.23 in the {@link
 * org.ibrouting.io.lft.DumpFormat#FULL} format, streaming at disk speed.
 */
package org.ibrouting.io.lft;

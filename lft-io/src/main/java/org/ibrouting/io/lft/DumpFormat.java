package org.ibrouting.io.lft;

/** The flavours of LFT dump {@link LftDumpWriter} writes. */
public enum DumpFormat {
  /** Byte-identical to the {@code opensm-lfts.dump} of OpenSM 3.3.23, with per-line comments. */
  FULL,
  /** Only what OpenSM's {@code file} engine reads: switch headers and {@code 0xLID PORT} lines. */
  COMPACT,
  /**
   * {@link #COMPACT} plus {@code portguid 0x...} on each line, so the file engine can remap LIDs.
   */
  COMPACT_WITH_GUID
}

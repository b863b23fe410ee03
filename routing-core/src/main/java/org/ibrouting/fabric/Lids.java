package org.ibrouting.fabric;

/** Constants and helpers for InfiniBand unicast LIDs and LMC ranges. */
public final class Lids {
  /** The largest unicast LID; 0xC000 and above are multicast. */
  public static final int MAX_UNICAST_LID = 0xBFFF;

  /** The largest LID mask control value. */
  public static final int MAX_LMC = 7;

  /** OpenSM's LFT block size; LFTs are allocated in whole blocks. */
  public static final int LFT_BLOCK_SIZE = 64;

  private Lids() {}

  /** The number of LIDs a port with the given LMC owns: 2^lmc. */
  public static int lidsPerPort(int lmc) {
    return 1 << lmc;
  }

  /** The LFT size OpenSM allocates for a subnet whose largest LID is {@code maxLid}. */
  public static int lftStride(int maxLid) {
    return (maxLid / LFT_BLOCK_SIZE + 1) * LFT_BLOCK_SIZE;
  }

  /** Formats a LID the way OpenSM's dumps do: {@code 0x} and four lowercase hex digits. */
  public static String hex(int lid) {
    return String.format("0x%04x", lid);
  }

  /** Formats a GUID as {@code 0x} and sixteen lowercase hex digits. */
  public static String guidHex(long guid) {
    return String.format("0x%016x", guid);
  }
}

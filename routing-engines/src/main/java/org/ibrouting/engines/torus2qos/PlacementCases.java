package org.ibrouting.engines.torus2qos;

/**
 * OpenSM's table of which switch torus-2QoS tries to place into a cube of the torus, given which of
 * the cube's eight corners are already placed ({@code locate_sw} in {@code osm_torus.c}).
 *
 * <p>A cube at (i, j, k) has corners 0..7, corner c at (i + (c &amp; 1), j + (c >&gt; 1 &amp; 1), k
 * + (c >&gt; 2 &amp; 1)). Its <em>fingerprint</em> has bit c set when corner c is empty, and bit 8
 * + d set when dimension d has a radix above 1 (in a 2D torus the corners of the missing dimension
 * coincide with the others). Each fingerprint maps to the attempts OpenSM makes, in order, until
 * one places a switch:
 *
 * <ul>
 *   <li>{@code F t b}: face corner. Corner t is found as the switch that closes the 4-loop through
 *       t's two neighbours on the face shared with corner b (b diagonally opposite t), other than b
 *       itself.
 *   <li>{@code P t b}: perpendicular. Corner t is the neighbour of corner b in the one dimension in
 *       which t and b differ: the switch linked to b (not the one on b's other side in that
 *       dimension) that closes a 4-loop with each of b's neighbours in the cube (one in 2D, two in
 *       3D). Only tried when no radix-4 ring through b could fake such a loop ({@code
 *       safe_*_ring}).
 * </ul>
 *
 * <p>Fingerprints not listed (every corner placed, or too few to place one uniquely) place nothing.
 * The order of the attempts only matters for the order in which switches are placed, which decides
 * how routes are spread over parallel links; it is OpenSM's.
 */
final class PlacementCases {
  static final int FACE = 0;
  static final int PERPENDICULAR = 1;

  /**
   * Per fingerprint (0..0x7ff): attempts packed as {@code kind << 8 | target << 4 | other}, or
   * null.
   */
  private static final int[][] ATTEMPTS = new int[0x800][];

  static {
    String table =
        """
        301 F03 | 302 F12 | 303 P02 P13 | 304 F21 | 305 P01 P23 | 308 F30 | 30a P10 P32 | 30c P20 P31
        501 F05 | 502 F14 | 503 P04 P15 | 510 F41 | 511 P01 P45 | 520 F50 | 522 P10 P54 | 530 P40 P51
        601 F06 | 604 F24 | 605 P04 P26 | 610 F42 | 611 P02 P46 | 640 F60 | 644 P20 P64 | 650 P40 P62
        71f P37 | 72f P26 | 737 P57 | 73b P46 | 74f P15 | 757 P67 | 75d P45 | 773 P13 | 775 P23
        78f P04 | 7ab P76 | 7ae P54 | 7b3 P02 | 7ba P32 | 7cd P75 | 7ce P64 | 7d5 P01 | 7dc P31
        7ea P10 | 7ec P20 | 7f1 P73 | 7f2 P62 | 7f4 P51 | 7f8 P40
        717 F47 F17 F27 | 72b F56 F06 F36 | 74d F65 F05 F35 | 771 F03 F53 F63
        78e F74 F14 F24 | 7b2 F12 F72 F42 | 7d4 F21 F41 F71 | 7e8 F30 F50 F60
        70f P37 P26 P15 P04 | 733 P57 P46 P13 P02 | 755 P67 P45 P23 P01
        7aa P76 P54 P32 P10 | 7cc P75 P64 P31 P20 | 7f0 P73 P62 P51 P40
        707 F17 F27 | 70b F06 F36 | 70d F05 F35 | 70e F14 F24 | 713 F17 F47 | 715 F27 F47
        723 F06 F56 | 72a F36 F56 | 731 F03 F53 | 732 F12 F42 | 745 F05 F65 | 74c F35 F65
        751 F03 F63 | 754 F21 F41 | 770 F53 F63 | 78a F14 F74 | 78c F24 F74 | 7a2 F12 F72
        7a8 F30 F50 | 7b0 F42 F72 | 7c4 F21 F71 | 7c8 F30 F60 | 7d0 F41 F71 | 7e0 F50 F60
        703 F06 F17 | 705 F05 F27 | 70a F14 F36 | 70c F24 F35 | 711 F03 F47 | 722 F12 F56
        730 F42 F53 | 744 F21 F65 | 750 F41 F63 | 788 F30 F74 | 7a0 F50 F72 | 7c0 F60 F71
        701 F03 | 702 F14 | 704 F24 | 708 F30 | 710 F41 | 720 F50 | 740 F60 | 780 F74
        """;
    for (String entry : table.replace('\n', '|').split("\\|")) {
      String[] words = entry.trim().split(" +");
      if (words.length < 2) {
        continue;
      }
      int[] attempts = new int[words.length - 1];
      for (int a = 1; a < words.length; a++) {
        String w = words[a];
        int kind = w.charAt(0) == 'F' ? FACE : PERPENDICULAR;
        attempts[a - 1] = kind << 8 | (w.charAt(1) - '0') << 4 | (w.charAt(2) - '0');
      }
      ATTEMPTS[Integer.parseInt(words[0], 16)] = attempts;
    }
  }

  private PlacementCases() {}

  /** The attempts for a fingerprint, or null when the cube is complete or cannot be extended. */
  static int[] attempts(int fingerprint) {
    return ATTEMPTS[fingerprint];
  }

  static int kind(int attempt) {
    return attempt >>> 8;
  }

  static int target(int attempt) {
    return (attempt >>> 4) & 0xF;
  }

  static int other(int attempt) {
    return attempt & 0xF;
  }
}

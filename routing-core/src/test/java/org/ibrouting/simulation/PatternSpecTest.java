package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PatternSpecTest {

  /** Levels as "s>r s>r|s>r ..." for compact comparison. */
  private static String levels(String spec, int n) {
    Pattern p = PatternSpec.parse(spec).generate(n, new SplittableRandom(1));
    StringBuilder sb = new StringBuilder();
    for (int l = 0; l < p.numLevels(); l++) {
      if (l > 0) {
        sb.append('|');
      }
      for (int k = p.levelStart(l); k < p.levelStart(l + 1); k++) {
        if (k > p.levelStart(l)) {
          sb.append(' ');
        }
        sb.append(p.sender(k)).append('>').append(p.receiver(k));
      }
    }
    return sb.toString();
  }

  @Test
  void collectivesOnSmallCommunicators() {
    assertEquals("0>1|0>2 1>3|0>4", levels("tree", 5));
    assertEquals("0>1 1>2 2>3 3>4 4>0|0>2 1>3 2>4 3>0 4>1|0>4 1>0 2>1 3>2 4>3", levels("bruck", 5));
    assertEquals(levels("bruck", 7), levels("dissemination", 7));
    assertEquals("0>1 1>0 2>3 3>2 4>5 5>4|0>2 2>0 1>3 3>1|0>4 4>0 1>5 5>1", levels("recdbl", 6));
    assertEquals("1>0 2>0 3>0", levels("gather", 4));
    assertEquals("0>1 0>2 0>3", levels("scatter", 4));
    assertEquals("0>1|1>2|2>0", levels("ring", 3));
    assertEquals("1>0 3>2", levels("bisect", 5));
    assertEquals("0>1 1>0 2>3 3>2", levels("bisect_fb_sym", 4));
    assertEquals("0>1 1>2 2>3 3>0|0>2 1>3 2>0 3>1|0>3 1>0 2>1 3>2", levels("alltoall", 4));
    assertEquals("", levels("null", 4));
  }

  @Test
  void neighboursArePairedGreedilyFromRankZero() {
    assertEquals("0>1 0>2 1>0 1>2 2>0 2>1 3>4 4>3", levels("2neighbor", 5));
    Pattern six = PatternSpec.parse("6neighbor").generate(100, new SplittableRandom(1));
    int[] out = new int[100];
    int[] in = new int[100];
    for (int k = 0; k < six.numStreams(); k++) {
      out[six.sender(k)]++;
      in[six.receiver(k)]++;
    }
    for (int r = 0; r < 100; r++) {
      assertTrue(
          out[r] <= 6 && out[r] == in[r], "rank " + r + ": " + out[r] + " out, " + in[r] + " in");
    }
    assertEquals(6, out[50]);
  }

  @Test
  void ptrnvsptrnRepeatsTheSecondPatternWhileTheFirstRuns() {
    assertEquals("0>1 5>4 7>6|0>2 1>3 5>4 7>6", levels("ptrnvsptrn(tree,bisect,4)", 8));
    assertEquals("2>3|2>4 3>5", levels("ptrnvsptrn(null,tree,2)", 6));
    // ring on 3 ranks has 3 levels, bruck on 4 has 2: the noise finishes its second pass
    assertEquals(
        "0>1 3>4 4>5 5>6 6>3|1>2 3>5 4>6 5>3 6>4|2>0 3>4 4>5 5>6 6>3|3>5 4>6 5>3 6>4",
        levels("ptrnvsptrn(ring,bruck,3)", 7));
    Pattern p = PatternSpec.parse("ptrnvsptrn(tree,bisect,4)").generate(8, new SplittableRandom(1));
    assertEquals(4, p.firstCommSize());
    assertEquals(
        "ptrnvsptrn(tree,bisect,4)",
        PatternSpec.parse(" PtrnVsPtrn( tree , bisect , 4 ) ").toString());
  }

  @Test
  void randIsADerangementDrawnFromTheGenerator() {
    SplittableRandom random = new SplittableRandom(5);
    for (int n : new int[] {2, 3, 17, 256}) {
      Pattern p = PatternSpec.parse("rand").generate(n, random);
      assertEquals(n, p.numStreams());
      boolean[] received = new boolean[n];
      for (int k = 0; k < n; k++) {
        assertEquals(k, p.sender(k));
        assertTrue(p.receiver(k) != k);
        assertTrue(!received[p.receiver(k)]);
        received[p.receiver(k)] = true;
      }
    }
    String a = levels("rand", 50);
    assertEquals(a, levels("rand", 50), "same seed, same pattern");
  }
}

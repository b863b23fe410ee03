package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenSmLog} on excerpts of real OpenSM 3.3.23 logs (opensm-logs/ in the test resources).
 */
class OpenSmLogTest {
  private static OpenSmLog log(String name) throws Exception {
    return OpenSmLog.read(
        Path.of(OpenSmLogTest.class.getClassLoader().getResource("opensm-logs/" + name).toURI()));
  }

  @Test
  void dfssspCountsBeforeAndAfterBalancing() throws Exception {
    OpenSmLog log = log("dfsssp-torus2d_4x4.log");
    assertEquals(4, log.dfssspVlsNeeded());
    assertArrayEquals(
        new long[] {4880, 1184, 248, 8, 0, 0, 0, 0}, log.dfssspPathsPerVlBeforeBalancing());
    assertArrayEquals(
        new long[] {976, 976, 976, 976, 976, 1184, 248, 8}, log.dfssspPathsPerVlAfterBalancing());
    assertEquals(List.of(), log.errorCodes());
    assertEquals(-1, log.lashLayersNeeded());
    assertNull(log.lashPathsPerLayerBeforeBalancing());
  }

  @Test
  void dfssspOutOfVls() throws Exception {
    OpenSmLog log = log("dfsssp-torus10x10-ad25.log");
    assertEquals(9, log.dfssspVlsNeeded());
    assertArrayEquals(
        new long[] {30601, 4060, 2354, 1229, 729, 320, 222, 285},
        log.dfssspPathsPerVlBeforeBalancing());
    assertNull(log.dfssspPathsPerVlAfterBalancing());
    assertEquals(List.of("AD25"), log.errorCodes());
  }

  @Test
  void lashLayersBeforeBalancing() throws Exception {
    OpenSmLog log = log("lash-torus2d_4x4.log");
    assertEquals(2, log.lashLayersNeeded());
    assertArrayEquals(new long[] {192, 48}, log.lashPathsPerLayerBeforeBalancing());
    assertEquals(-1, log.dfssspVlsNeeded());
    assertNull(log.dfssspPathsPerVlBeforeBalancing());
  }
}

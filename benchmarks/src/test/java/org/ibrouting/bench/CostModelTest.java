package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cost model's counts, its table and where its section goes. */
class CostModelTest {
  @TempDir Path dir;

  @Test
  void countsTheFabricAndTheWork() {
    // 4-ary 3-tree: 48 switches, 64 CAs (LIDs 64 + 48), 2 x (16 x 4 + 16 x 4) switch channels
    CostModel.Sizes s = CostModel.Sizes.of(SideBySide.buildFabric("ktree 4 3"));
    assertEquals(new CostModel.Sizes(48, 112, 256, 64), s);
    CostModel.Work minhop = CostModel.work("minhop", s);
    assertEquals(48 * 112, minhop.units());
    assertEquals(48 * 48 + 48 * 112, minhop.bytes());
    CostModel.Work sssp = CostModel.work("sssp", s);
    assertEquals(112 * 256, sssp.units());
    assertEquals(112 * 256 * 12 + 48 * 112, sssp.bytes());
    assertEquals(256 * 12 + 48 * 48, sssp.workingSet());
    assertEquals(1, sssp.cores());
    assertEquals(null, CostModel.work("dor", s));
  }

  /** A row of the scale study's CSV. */
  private static Map<String, String> scaleRow(
      String fabric, String cas, String engine, String status, String seconds) {
    return Map.of(
        "fabric", fabric, "cas", cas, "engine", engine, "status", status, "seconds", seconds);
  }

  /** L1 32 KiB at 100 GB/s, L2 1 MiB at 40, L3 32 MiB shared at 20, memory at 16 (one core). */
  static MemoryBaseline.Memory memory() {
    Properties p = new Properties();
    String[][] levels = {
      {"L1", "100e9", "200e9", "32768", "false", "1.5"},
      {"L2", "40e9", "80e9", "1048576", "false", "4"},
      {"L3", "20e9", "40e9", "33554432", "true", "15"},
      {"memory", "16e9", "16e9", null, null, "100"}
    };
    for (String[] l : levels) {
      p.setProperty(l[0] + ".read_bytes_per_second_1", l[1]);
      p.setProperty(l[0] + ".read_bytes_per_second_2", l[2]);
      p.setProperty(l[0] + ".write_bytes_per_second_1", "8e9");
      p.setProperty(l[0] + ".write_bytes_per_second_2", "12e9");
      p.setProperty(l[0] + ".dependent_random_ns", "90");
      p.setProperty(l[0] + ".independent_random_ns", l[5]);
      if (l[3] != null) {
        p.setProperty(l[0] + ".capacity_bytes", l[3]);
        p.setProperty(l[0] + ".shared", l[4]);
      }
    }
    return MemoryBaseline.memoryOf(p);
  }

  @Test
  void workingSetsGoToTheLevelThatHoldsThem() {
    MemoryBaseline.Memory m = memory();
    assertEquals("L1", m.holding(32 << 10, 2).name());
    assertEquals("L2", m.holding(33 << 10, 1).name());
    assertEquals("L3", m.holding(16 << 20, 2).name(), "the shared L3 holds half per core on 2");
    assertEquals("memory", m.holding((16 << 20) + 1, 2).name());
    assertEquals("L3", m.holding((16 << 20) + 1, 1).name());
    assertEquals(32L << 20, MemoryBaseline.sysfsSize("32768K"));
    assertEquals(32L << 20, MemoryBaseline.sysfsSize("32M\n"));
    // sssp on the 8-ary 3-tree: 192 switches, 704 LIDs, 2,048 channels: working set 33 KiB (L2)
    CostModel.Work sssp =
        CostModel.work("sssp", CostModel.Sizes.of(SideBySide.buildFabric("ktree 8 3")));
    assertEquals("L2", sssp.level(m).name());
    assertEquals(704.0 * 2048 * 12 / 40e9 + 192.0 * 704 / 8e9, sssp.limitSeconds(m), 1e-12);
  }

  @Test
  void tableRowPerEngineAtItsLargestFabricAndSectionAfterSideBySide() throws Exception {
    MemoryBaseline.Memory m = memory();
    List<Map<String, String>> scale =
        List.of(
            scaleRow("ktree 4 3", "64", "minhop", "ok", "0.001"),
            scaleRow("ktree 8 3", "512", "minhop", "ok", "0.01"),
            scaleRow("ktree 8 3", "512", "dor", "refused", ""));
    String section = CostModel.section(m, scale, 5.0, "scale.csv");
    // 8-ary 3-tree: 192 switches, 704 LIDs; the hop matrix (36 KiB, L2 on 2 cores) at 80 GB/s,
    // 192 x 704 LFT bytes at 12 GB/s: 4.6e-7 + 1.13e-5 = 1.17e-5 s, ratio 0.01 / 1.17e-5
    assertTrue(
        section.contains(
            "| minhop | `ktree 8 3` | 1.35e+05 LFT entries | 0.000172 GB | 36 KiB (L2) | 2 | 0.01 |"),
        section);
    assertTrue(section.contains("| 1.17e-05 | 852.9 |"), section);
    assertTrue(!section.contains("| dor |"), section);
    assertTrue(section.contains("| Λ (simulate) |"), section);
    assertTrue(section.contains("[results/scale.csv](results/scale.csv)"), section);
    assertTrue(section.contains("| L3 | 32.0 MiB (shared: half each on 2 cores) |"), section);
    Path results = dir.resolve("RESULTS.md");
    Files.writeString(
        results, "# r\n<!-- side-by-side:begin -->\nx\n<!-- side-by-side:end -->\nafter\n");
    CostModel.insertSection(results, section);
    CostModel.insertSection(results, section.replace("0.01 |", "0.02 |"));
    String text = Files.readString(results);
    assertTrue(text.indexOf("cost-model:begin") > text.indexOf("side-by-side:end"), text);
    assertEquals(
        1, text.split("cost-model:begin", -1).length - 1, "one section, replaced in place");
    assertTrue(text.endsWith("after\n"), text);
  }

  @Test
  void tellsTheMemoryBenchmarksApart() {
    assertEquals(
        "independentRandomRead",
        MemoryBaseline.benchmarkMethod(
            "org.ibrouting.bench.MemoryBenchmark.independentRandomRead"));
    assertEquals(
        "dependentRandomRead",
        MemoryBaseline.benchmarkMethod("org.ibrouting.bench.MemoryBenchmark.dependentRandomRead"));
  }

  @Test
  void splitsQuotedCsvCells() {
    assertArrayEquals(
        new String[] {"ktree 8 3", "a, \"b\"", ""},
        CostModel.splitCsv("ktree 8 3,\"a, \"\"b\"\"\","));
  }
}

package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
    assertEquals(1, sssp.cores());
    assertEquals(null, CostModel.work("dor", s));
  }

  /** A row of the scale study's CSV. */
  private static Map<String, String> scaleRow(
      String fabric, String cas, String engine, String status, String seconds) {
    return Map.of(
        "fabric", fabric, "cas", cas, "engine", engine, "status", status, "seconds", seconds);
  }

  @Test
  void tableRowPerEngineAtItsLargestFabricAndSectionAfterSideBySide() throws Exception {
    CostModel.Memory m = new CostModel.Memory(10e9, 16e9, 8e9, 12e9, 90, 6);
    List<Map<String, String>> scale =
        List.of(
            scaleRow("ktree 4 3", "64", "minhop", "ok", "0.001"),
            scaleRow("ktree 8 3", "512", "minhop", "ok", "0.01"),
            scaleRow("ktree 8 3", "512", "dor", "refused", ""));
    String section = CostModel.section(m, scale, 5.0);
    // 8-ary 3-tree: 192 switches, 704 LIDs; bytes 192^2 + 192 x 704 = 172,032, at 16 GB/s 1.08e-5 s
    assertTrue(
        section.contains(
            "| minhop | `ktree 8 3` | 1.35e+05 LFT entries | 0.000172 GB | 2 | 0.01 |"),
        section);
    assertTrue(section.contains("| 1.08e-05 | 930.1 |"), section);
    assertTrue(!section.contains("| dor |"), section);
    assertTrue(section.contains("| Λ (simulate) |"), section);
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
        CostModel.benchmarkMethod("org.ibrouting.bench.MemoryBenchmark.independentRandomRead"));
    assertEquals(
        "dependentRandomRead",
        CostModel.benchmarkMethod("org.ibrouting.bench.MemoryBenchmark.dependentRandomRead"));
  }

  @Test
  void splitsQuotedCsvCells() {
    assertArrayEquals(
        new String[] {"ktree 8 3", "a, \"b\"", ""},
        CostModel.splitCsv("ktree 8 3,\"a, \"\"b\"\"\","));
  }
}

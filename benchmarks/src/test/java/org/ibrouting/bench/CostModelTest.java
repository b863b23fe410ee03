package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
    MinimumWork.Sizes s = MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 4 3"));
    assertEquals(
        new MinimumWork.Sizes(48, 112, 256, 64, scannedChannels(4), scannedSwitches(4), 128), s);
    // by hand: from a leaf's LIDs (4 CAs and its own) the tree scans all but the 12 leaves of the
    // other groups (208 of 256 channels), from a mid's all but 9 mids (184), from a top's all but
    // 12 tops (208)
    assertEquals((80.0 * 208 + 16 * 184 + 16 * 208) / 112, s.scannedChannels(), 1e-9);
    assertEquals((80.0 * 36 + 16 * 39 + 16 * 36) / 112, s.scannedSwitches(), 1e-9);
    MinimumWork.Work minhop = MinimumWork.of("minhop", s);
    assertEquals(48 * 112, minhop.units());
    assertEquals(48 * 48 + 48 * 112, minhop.bytes());
    assertEquals(MinimumWork.RandomReads.NONE, minhop.random());
    // every cable joins switches one hop apart from any switch: from every LID's switch, each of
    // the 128 cables is a link to the next level one way
    MinimumWork.Work sssp = MinimumWork.of("sssp", s);
    double links = 112 * 128;
    assertEquals(links, sssp.units(), 1e-6);
    assertEquals(links * 12 + 48 * 112, sssp.bytes(), 1e-6);
    assertEquals(256 * 12 + 48 * 48, sssp.workingSet());
    assertEquals(1, sssp.cores());
    // per level link the far switch's distance; no heap
    assertEquals(links, sssp.random().independent(), 1e-6);
    assertEquals(0, sssp.random().dependent());
    assertEquals(
        2.0 * 8 * 8 * 8,
        MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 8 3")).levelLinks(),
        1e-9,
        "2k³ on a k-ary 3-tree");
    assertEquals(null, MinimumWork.of("dor", s));
  }

  /**
   * On a k-ary 3-tree (k groups of k leaves and k mids, fully cabled within a group; k² tops), the
   * channels a tree scans per LID on average: all 4k³ but those out of the farthest switches, the
   * (k-1)k leaves of the other groups from a leaf's k + 1 LIDs, the (k-1)² mids of the other groups
   * and indices from a mid's LID, the (k-1)k tops of the other indices from a top's.
   */
  private static double scannedChannels(int k) {
    double all = 4.0 * k * k * k;
    double leaf = all - (k - 1.0) * k * k;
    double mid = all - (k - 1.0) * (k - 1) * 2 * k;
    double top = all - (k - 1.0) * k * k;
    return (k * k * (k + 1.0) * leaf + k * k * mid + k * k * top) / (k * k * (k + 3.0));
  }

  /** {@link #scannedChannels}' count of switches. */
  private static double scannedSwitches(int k) {
    double all = 3.0 * k * k;
    return (k * k * (k + 1.0) * (all - (k - 1.0) * k)
            + k * k * (all - (k - 1.0) * (k - 1))
            + k * k * (all - (k - 1.0) * k))
        / (k * k * (k + 3.0));
  }

  /** A row of the scale study's CSV. */
  private static Map<String, String> scaleRow(
      String fabric, String cas, String engine, String status, String seconds) {
    return Map.of(
        "fabric", fabric, "cas", cas, "engine", engine, "status", status, "seconds", seconds);
  }

  /**
   * L1 32 KiB at 100 GB/s, L2 1 MiB at 40, L3 32 MiB shared at 20, memory at 16 (one core);
   * independent random reads 1.5, 4, 15, 100 ns, dependent ones 2, 5, 20, 90 ns; a least-distance
   * choice 1 ns per candidate.
   */
  static MemoryBaseline.Memory memory() {
    return memory("1.0");
  }

  /** {@link #memory()} with {@code selectNs} per candidate of a choice (null: not measured). */
  static MemoryBaseline.Memory memory(String selectNs) {
    Properties p = new Properties();
    if (selectNs != null) {
      p.setProperty(MemoryBaseline.SELECT_KEY, selectNs);
    }
    String[][] levels = {
      {"L1", "100e9", "200e9", "32768", "false", "1.5", "2"},
      {"L2", "40e9", "80e9", "1048576", "false", "4", "5"},
      {"L3", "20e9", "40e9", "33554432", "true", "15", "20"},
      {"memory", "16e9", "16e9", null, null, "100", "90"}
    };
    for (String[] l : levels) {
      p.setProperty(l[0] + ".read_bytes_per_second_1", l[1]);
      p.setProperty(l[0] + ".read_bytes_per_second_2", l[2]);
      p.setProperty(l[0] + ".write_bytes_per_second_1", "8e9");
      p.setProperty(l[0] + ".write_bytes_per_second_2", "12e9");
      p.setProperty(l[0] + ".dependent_random_ns", l[6]);
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
    MinimumWork.Work sssp =
        MinimumWork.of("sssp", MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 8 3")));
    assertEquals("L2", sssp.level(m).name());
    double links = 704.0 * 1024;
    assertEquals(links, sssp.units(), 1e-6);
    double streaming = links * 12 / 40e9 + 192.0 * 704 / 8e9;
    assertEquals(streaming, sssp.streamingSeconds(m), 1e-12);
    // every level link reads a distance (192 x 8 bytes: L1, 1.5 ns), which overlaps the streaming
    assertEquals(Math.max(streaming, links * 1.5e-9), sssp.limitSeconds(m), 1e-12);
    assertEquals("L1 / -", sssp.random().levels(m, 1));
    // nue on the 16-ary 3-tree (768 switches, 4,864 LIDs, 16,384 channels): per LID one scan per
    // switch but the farthest over its head's links but the reverse, each reading 8.25 bytes and a
    // switch's distance (L1, 1.5 ns); per LID and scanned switch one dependent read of a channel's
    // first edge (17,152 x 4 bytes: L2, 5 ns)
    MinimumWork.Work nue =
        MinimumWork.of("nue", MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 16 3")));
    double visits = 4864.0 * (scannedChannels(16) - scannedSwitches(16) + 1);
    assertEquals(visits, nue.units(), 1e-3);
    assertEquals(visits, nue.random().independent(), 1e-3);
    assertEquals(4864.0 * scannedSwitches(16), nue.random().dependent(), 1e-3);
    assertEquals(16384.0 * 8 + 16384.0 * 16384 / 768 / 4, nue.workingSet());
    assertEquals("L1 / L2", nue.random().levels(m, 1));
    double nueStreaming = visits * 8.25 / 40e9 + 768.0 * 4864 / 8e9;
    assertEquals(nueStreaming, nue.streamingSeconds(m), 1e-12);
    assertEquals(
        Math.max(nueStreaming, visits * 1.5e-9) + 4864.0 * scannedSwitches(16) * 5e-9,
        nue.limitSeconds(m),
        1e-12);
    // multiupdn shares its reads between 2 cores: working set 33.8 KiB (L2 at 80 GB/s on 2 cores),
    // one independent read per channel visit (192 x 4 bytes: L1, 1.5 ns), halved
    MinimumWork.Work multiupdn =
        MinimumWork.of("multiupdn", MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 8 3")));
    assertEquals(2, multiupdn.cores());
    double multiStreaming = 704.0 * 2048 * 12 / 80e9 + 2 * 192.0 * 704 / 12e9;
    assertEquals(multiStreaming, multiupdn.streamingSeconds(m), 1e-12);
    assertEquals(
        Math.max(multiStreaming, 704.0 * 2048 * 1.5e-9 / 2), multiupdn.limitSeconds(m), 1e-12);
    assertEquals(
        "- / -",
        MinimumWork.of("minhop", MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 4 3")))
            .random()
            .levels(m, 2));
  }

  @Test
  void tableRowPerEngineAtItsLargestFabricAndSectionAfterSideBySide() throws Exception {
    MemoryBaseline.Memory m = memory();
    List<Map<String, String>> scale =
        List.of(
            scaleRow("ktree 4 3", "64", "minhop", "ok", "0.001"),
            scaleRow("ktree 8 3", "512", "minhop", "ok", "0.01"),
            scaleRow("ktree 8 3", "512", "dor", "refused", ""),
            scaleRow("ktree 8 3", "512", "sssp", "ok", "0.1"));
    CostModel.Texts texts = CostModel.texts(m, scale, 5.0, "scale.csv", "Run on D: M.");
    String section = texts.detail();
    // 8-ary 3-tree: 192 switches, 704 LIDs; the hop matrix (36 KiB, L2 on 2 cores) at 80 GB/s,
    // 192 x 704 LFT bytes at 12 GB/s: 4.6e-7 + 1.13e-5 = 1.17e-5 s, ratio 0.01 / 1.17e-5
    assertTrue(
        section.contains(
            "| minhop | `ktree 8 3` | 1.35e+05 LFT entries | 0.000172 GB | 36 KiB (L2) | - | 2 | 0.01 |"),
        section);
    assertTrue(section.contains("| 1.17e-05 | - | 1.17e-05 | 852.89 |"), section);
    assertTrue(!section.contains("| dor |"), section);
    // sssp on the 8-ary 3-tree: 704 x 1,024 level links (2k³), each a distance read (1.5 ns,
    // 1.08e-3 s), longer than the streaming (8.65 MB at 40 GB/s and the LFTs at 8 GB/s, 2.33e-4 s)
    // and than the choices (1 ns each, 7.21e-4 s)
    assertTrue(
        section.contains(
            "| 7.21e+05 / 0 (L1 / -) | 1 | 0.10 | 7.21e+06 level links/s | 0.000233 | 0.000721 | 0.00108 | 92.48 |"),
        section);
    assertTrue(
        section.contains("Least-distance choice (`SelectBenchmark`, JMH, one core): 1.00 ns"));
    assertTrue(section.contains("| - | 2 | 0.01 |"), section);
    assertTrue(section.contains("| Λ (simulate) |"), section);
    assertTrue(section.contains("[scale.csv](scale.csv)"), section);
    assertTrue(section.contains("| L3 | 32.0 MiB (shared: half each on 2 cores) |"), section);
    // RESULTS.md's section: each engine's first row against its limit, and the links
    String summary = texts.section();
    assertTrue(
        summary.contains(
            "| minhop | `ktree 8 3` | 0.01 | 1.17e-05 | 852.89 |\n| sssp | `ktree 8 3` | 0.10 |"
                + " 0.00108 | 92.48 |\n| Λ (simulate) |"),
        summary);
    assertTrue(summary.contains("\nRun on D: M.\n"), summary);
    assertTrue(summary.contains("[results/cost-model.md](results/cost-model.md)"), summary);
    assertTrue(summary.contains("[results/scale.csv](results/scale.csv)"), summary);
    assertTrue(!summary.contains("| L3 |") && !summary.contains("LFT entries"), summary);
    Properties unsized = new Properties();
    unsized.setProperty("L3.read_bytes_per_second_1", "20e9");
    unsized.setProperty("memory.read_bytes_per_second_1", "16e9");
    String assumed =
        CostModel.texts(MemoryBaseline.memoryOf(unsized), List.of(), 5.0, "s", "Run on D: M.")
            .detail();
    assertTrue(
        assumed.contains(
            "| L3 | 16.0 MiB (shared: half each on 2 cores) (assumed: sysfs gives no size) |"),
        assumed);
    Path results = dir.resolve("RESULTS.md");
    Files.writeString(
        results, "# r\n<!-- side-by-side:begin -->\nx\n<!-- side-by-side:end -->\nafter\n");
    Path detail = dir.resolve("results/cost-model.md");
    ReportSections.write(results, "cost-model", summary, detail, section, "side-by-side");
    ReportSections.write(
        results,
        "cost-model",
        summary.replace("0.01 |", "0.02 |"),
        detail,
        section,
        "side-by-side");
    String text = Files.readString(results);
    assertTrue(text.indexOf("cost-model:begin") > text.indexOf("side-by-side:end"), text);
    assertEquals(
        1, text.split("cost-model:begin", -1).length - 1, "one section, replaced in place");
    assertTrue(text.contains("| 0.02 |") && !text.contains("| 0.01 |"), text);
    assertTrue(text.endsWith("after\n"), text);
    assertEquals(section, Files.readString(detail));
    assertEquals("Run on D: M.", ReportSections.runLine(results, "cost-model"));
    IllegalStateException none =
        assertThrows(
            IllegalStateException.class, () -> ReportSections.runLine(results, "side-by-side"));
    assertTrue(none.getMessage().contains("no line 'Run on ...' in the section side-by-side"));
  }

  @Test
  void theChoicesBoundTheSearchEnginesWhereTheyTakeLonger() {
    MemoryBaseline.Memory m = memory("3.0");
    MinimumWork.Sizes eight = MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 8 3"));
    // sssp: 704 x 1,024 level links at 3 ns each outlast their distance reads (1.5 ns each)
    MinimumWork.Work sssp = MinimumWork.of("sssp", eight);
    double links = 704.0 * 1024;
    assertEquals(links, sssp.selects(), 1e-6);
    assertEquals(links * 3e-9, sssp.selectSeconds(m), 1e-12);
    assertEquals(links * 3e-9, sssp.limitSeconds(m), 1e-12);
    // nue: every visited dependency is a candidate; the dependent reads are still added
    MinimumWork.Work nue =
        MinimumWork.of("nue", MinimumWork.Sizes.of(SideBySide.buildFabric("ktree 16 3")));
    double visits = 4864.0 * (scannedChannels(16) - scannedSwitches(16) + 1);
    assertEquals(visits * 3e-9 + 4864.0 * scannedSwitches(16) * 5e-9, nue.limitSeconds(m), 1e-12);
    // a breadth-first search chooses nothing: multiupdn's limit is its reads'
    MinimumWork.Work multiupdn = MinimumWork.of("multiupdn", eight);
    assertEquals(0, multiupdn.selectSeconds(m));
    assertEquals(multiupdn.limitSeconds(memory("1.0")), multiupdn.limitSeconds(m), 1e-15);
    // a baseline stored before the choices were measured gives no choice limit
    MemoryBaseline.Memory old = memory(null);
    assertTrue(Double.isNaN(old.selectNs()));
    assertEquals(0, sssp.selectSeconds(old));
    assertEquals(
        Math.max(sssp.streamingSeconds(old), links * 1.5e-9), sssp.limitSeconds(old), 1e-12);
    String section =
        CostModel.texts(
                old, List.of(scaleRow("ktree 8 3", "512", "sssp", "ok", "0.1")), 5.0, "s", "R")
            .detail();
    assertTrue(!section.contains("Least-distance choice"), section);
    assertTrue(section.contains("| 0.000233 | - | 0.00108 | 92.48 |"), section);
  }

  @Test
  void readsTheTargetFabricBeforeTheLargest() {
    List<Map<String, String>> scale =
        List.of(
            scaleRow("ktree 8 3", "512", "sssp", "ok", "0.01"),
            scaleRow("ktree 32 3", "32768", "sssp", "ok", "13"),
            scaleRow("xgft 3 32,32,44 1,32,32", "45056", "sssp", "ok", "23"),
            scaleRow("ktree 32 3", "32768", "lash", "ok", "20"),
            scaleRow("xgft 3 32,32,44 1,32,32", "45056", "lash", "failed", ""),
            scaleRow("ktree 8 3", "512", "p2sssp", "ok", "1"));
    Map<String, List<Map<String, String>>> rows = CostModel.rowsPerEngine(scale);
    assertEquals(List.of("sssp", "lash", "p2sssp"), List.copyOf(rows.keySet()));
    assertEquals(
        List.of("13", "23"), rows.get("sssp").stream().map(r -> r.get("seconds")).toList());
    assertEquals(List.of("20"), rows.get("lash").stream().map(r -> r.get("seconds")).toList());
    assertEquals(List.of("1"), rows.get("p2sssp").stream().map(r -> r.get("seconds")).toList());
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

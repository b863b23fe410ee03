package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.InputSource;

/** The side-by-side report: probe output, the Markdown section, its insertion, the charts. */
class SideBySideTest {
  @TempDir Path dir;

  private static Properties probe(String... args) throws Exception {
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      OursProbe.main(args);
    } finally {
      System.setOut(old);
    }
    Properties p = new Properties();
    p.load(new StringReader(out.toString(StandardCharsets.UTF_8)));
    return p;
  }

  @Test
  void probeMeasuresARoutingAndReportsRefusals() throws Exception {
    Properties ok = probe("ktree 2 3", "sssp", "50", "0", "-");
    assertEquals("ok", ok.getProperty("status"));
    assertEquals("true", ok.getProperty("all_routed"));
    assertEquals("1.00000", ok.getProperty("minimal_share"));
    assertTrue(Double.parseDouble(ok.getProperty("lambda")) > 0.3, ok.toString());
    Properties refused = probe("ktree 4 2", "dor", "50", "0", "-");
    assertEquals("refused", refused.getProperty("status"));
    assertTrue(refused.getProperty("message").startsWith("dor: not a mesh"), refused.toString());
  }

  @Test
  void markdownHasHeadlineClaimsAndOneRowPerEngineAndReplacesItsOwnSection() throws Exception {
    List<Measurement> rows = SideBySideOutputTest.measurements("headline-measurements.txt");
    SideBySide.Options o = new SideBySide.Options();
    o.ours = List.of("minhop", "sssp", "p2sssp");
    o.openSm = List.of("minhop", "ftree", "sssp");
    String[] args = {"--fabrics", "ktree 4 3"};
    String md = SideBySideReport.section(rows, List.of(), o, args);
    String detail = SideBySideReport.detail(rows, List.of(), o, args);
    assertTrue(md.contains("| 4-ary 3-tree | 0.530 | 0.740 | - | +40% | - | ftree (0.790) |"), md);
    assertTrue(
        md.contains(
            "| minhop | 1 | 5.0x | 5.0x | 5.0x | 2.5x | 2.5x | 2.5x | 5.0x (4-ary 3-tree: 0.002 s vs 0.010 s); "
                + "2.5x (4-ary 3-tree: 0.004 s vs 0.010 s) |"),
        md);
    assertTrue(md.contains("[results/side-by-side.md](results/side-by-side.md)"), md);
    assertTrue(md.contains("`benchmarks/side-by-side.sh --fabrics 'ktree 4 3'`"), md);
    assertTrue(!md.contains("**contradicted**") && !md.contains("| same LFTs |"), md);
    assertTrue(
        detail.contains("sssp 0.740 — **contradicted** by ftree 0.790; above minhop 0.530"),
        detail);
    assertTrue(detail.contains("EFI 60 vs 92, Λ 0.710 vs 0.740 — **reproduced**"), detail);
    assertTrue(
        detail.contains("| sssp | 0.5000 (fell back to minhop) | 0.0040 | - | - | - | - / - |"),
        detail);
    assertTrue(
        detail.contains("| minhop | 0.0100 | 0.0020 | 5.0x | 0.0040 | 2.5x | 0.25 / 1.10 | yes |"),
        detail);
    assertTrue(detail.contains("`benchmarks/side-by-side.sh --fabrics 'ktree 4 3'`"), detail);

    Path results = dir.resolve("RESULTS.md");
    Files.writeString(results, "# results\n\nkept before\n");
    SideBySide.insertSection(results, md, "side-by-side");
    Files.writeString(results, Files.readString(results) + "\nkept after\n");
    SideBySide.insertSection(results, md.replace("0.530", "0.531"), "side-by-side");
    String text = Files.readString(results);
    assertTrue(text.startsWith("# results\n\nkept before\n"), text);
    assertTrue(text.endsWith("\nkept after\n"), text);
    assertEquals(
        1, text.split("side-by-side:begin", -1).length - 1, "one section, replaced in place");
    assertTrue(text.contains("0.531") && !text.contains("| 0.530 |"), text);
  }

  @Test
  void fromCsvRebuildsTheSameReportUnderTheRunsOwnDateWithoutMeasuring() throws Exception {
    List<Measurement> rows = SideBySideOutputTest.rows();
    List<Measurement> scale = SideBySideOutputTest.scale();
    SideBySide.Options o = SideBySideOutputTest.options();
    Path plots = Files.createDirectories(dir.resolve("results"));
    SideBySideReport.writeCsv(rows, plots.resolve("side-by-side.csv"));
    SideBySideReport.writeCsv(scale, plots.resolve("scale.csv"));
    assertEquals(rows, Measurement.readCsv(plots.resolve("side-by-side.csv")));
    assertEquals(scale, Measurement.readCsv(plots.resolve("scale.csv")));
    Path results = dir.resolve("RESULTS.md");
    Files.writeString(
        results,
        "# r\n\n<!-- side-by-side:begin -->\nRun on 2026-01-02: the run's machine.\n"
            + "<!-- side-by-side:end -->\nafter\n");
    String[] run = {"--scale", "--seed", "7", "--patterns", "200", "--scale-k", "4,8,12"};
    List<String> args = new ArrayList<>(List.of(run));
    args.addAll(
        List.of("--from-csv", "--results", results.toString(), "--plots", plots.toString()));
    PrintStream old = System.out;
    try {
      System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      SideBySide.main(args.toArray(String[]::new));
    } finally {
      System.setOut(old);
    }
    String detail = Files.readString(plots.resolve("side-by-side.md"));
    String[] study = args.subList(0, run.length).toArray(String[]::new);
    o.runOn = "Run on 2026-01-02: the run's machine.";
    assertEquals(
        SideBySideReport.detail(rows, scale, engines(o, rows), study),
        detail.replaceAll(" --results [^ `]+ --plots [^ `]+", ""));
    String text = Files.readString(results);
    assertTrue(text.contains("\nRun on 2026-01-02: the run's machine.\n"), text);
    assertTrue(!text.contains("--from-csv") && text.endsWith("after\n"), text);
    assertTrue(Files.exists(plots.resolve("lambda.svg")), "charts drawn again");
  }

  /** The options with the engines in the order of their rows, as a rebuild takes them. */
  private static SideBySide.Options engines(SideBySide.Options o, List<Measurement> rows) {
    o.ours = SideBySide.engines(rows, Measurement.Side.OURS);
    o.openSm = SideBySide.engines(rows, Measurement.Side.OPENSM);
    return o;
  }

  @Test
  void engineFactsLimitP2ssspAndReadOpenSmsVlsOnlyWhereItLogsThem() {
    assertEquals(4096, EngineFacts.of("p2sssp").maxCas());
    assertEquals("one Dijkstra per pair", EngineFacts.of("p2sssp").whyMaxCas());
    assertEquals(Integer.MAX_VALUE, EngineFacts.of("minhop").maxCas());
    assertNull(EngineFacts.of("minhop").openSmVls());
    assertNull(EngineFacts.of("nue").openSmVls());
    assertNotNull(EngineFacts.of("lash").openSmVls());
    assertNotNull(EngineFacts.of("dfsssp").openSmVls());
  }

  @Test
  void chartsAreWellFormedSvg() throws Exception {
    String dots =
        Charts.dotPlot(
            "Λ <test>",
            "Lambda",
            List.of("a & b", "c"),
            1.0,
            List.of(
                new Charts.DotSeries("sssp", "#123456", true, new double[] {0.5, Double.NaN}),
                new Charts.DotSeries("OpenSM sssp", "#123456", false, new double[] {0.4, 0.6})));
    String curves =
        Charts.logLog(
            "time",
            "nodes",
            "s",
            List.of(
                new Charts.Curve(
                    "minhop", "#000", false, new double[] {100, 1000}, new double[] {0.001, 0.2}),
                new Charts.Curve(
                    "OpenSM minhop",
                    "#000",
                    true,
                    new double[] {100, 1000},
                    new double[] {0.003, 1.5})),
            60,
            "60 s");
    for (String svg : List.of(dots, curves)) {
      var doc =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(new InputSource(new StringReader(svg)));
      assertEquals("svg", doc.getDocumentElement().getNodeName());
    }
    assertEquals(3, dots.split("</title></circle>", -1).length - 1, "NaN has no marker");
  }
}

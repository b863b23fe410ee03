package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The side-by-side report's Markdown section and CSV for a fixed set of measurements, byte for byte
 * against the expected texts in {@code side-by-side/} (written by the report before its run loop,
 * OpenSM runner and writer became classes of their own). Only the line naming the run's date and
 * machine is masked.
 */
class SideBySideOutputTest {
  @TempDir Path dir;

  /** A measurement of the figures {@code key, value, ...}. */
  /**
   * A measurement from its key=value fields, separated by spaces; a {@code message=} field comes
   * last and takes the rest of {@code fields}.
   */
  static Measurement row(
      String fabric, int switches, int cas, String side, String engine, String fields) {
    int message = fields.indexOf("message=");
    List<String> lines = new ArrayList<>();
    for (String field : (message < 0 ? fields : fields.substring(0, message)).split(" ")) {
      if (!field.isEmpty()) {
        lines.add(field);
      }
    }
    if (message >= 0) {
      lines.add(fields.substring(message));
    }
    return new Measurement(
        fabric,
        switches,
        cas,
        Measurement.Side.valueOf(side.toUpperCase(Locale.ROOT)),
        engine,
        Measurement.parse(lines));
  }

  static List<Measurement> rows() {
    List<Measurement> rows = new ArrayList<>();
    String kt = "ktree 4 3";
    rows.add(
        row(
            kt,
            48,
            64,
            "opensm",
            "minhop",
            "status=ok engine_used=minhop seconds=0.012345 process_seconds=0.9 lambda=0.5312 lambda_ci95=0.0104 efi_max=192 vls=1 avg_hops=5.4062 minimal_share=1.00000 all_routed=true max_hops=5 efi_mean=40.5"));
    rows.add(
        row(
            kt,
            48,
            64,
            "opensm",
            "lash",
            "status=ok engine_used=lash seconds=0.2 lambda=0.61 lambda_ci95=0.012 efi_max=128 vls=3 avg_hops=5.2 minimal_share=1"));
    rows.add(
        row(
            kt,
            48,
            64,
            "opensm",
            "sssp",
            "status=ok engine_used=minhop seconds=0.5 lambda=0.5312"));
    rows.add(
        row(
            kt,
            48,
            64,
            "opensm",
            "ftree",
            "status=ok engine_used=ftree seconds=0.03 efi_max=60 vls=1 message=pairs left unrouted: 12, e.g. 3 -> 7"));
    rows.add(
        row(
            kt,
            48,
            64,
            "opensm",
            "dfsssp",
            "status=failed message=no LFT dump; exit 1, see the log"));
    rows.add(
        row(
            kt,
            48,
            64,
            "ours",
            "minhop",
            "status=ok seconds=0.0021 cold_seconds=0.0042 process_seconds=1.23 peak_heap_mib=31 vls=1 all_routed=true avg_hops=5.4062 max_hops=5 minimal_share=1.00000 efi_max=192 efi_mean=40.5 lambda=0.5312 lambda_ci95=0.0104 same_lfts=true"));
    rows.add(
        row(
            kt,
            48,
            64,
            "ours",
            "lash",
            "status=ok seconds=0.05 vls=2 lambda=0.60 lambda_ci95=0.011 efi_max=130 same_lfts=false avg_hops=5.2"));
    rows.add(
        row(
            kt,
            48,
            64,
            "ours",
            "sssp",
            "status=ok seconds=0.004 cold_seconds=0.3 lambda=0.74 lambda_ci95=0.01 efi_max=92 vls=1"));
    rows.add(
        row(
            kt,
            48,
            64,
            "ours",
            "p2sssp",
            "status=ok seconds=0.3 lambda=0.71 lambda_ci95=0.01 efi_max=60"));
    rows.add(
        row(
            kt,
            48,
            64,
            "ours",
            "dfsssp",
            "status=refused message="
                + "dfsssp: needs more than 8 VLs | allow more, \"or\" use lash; "
                + "x".repeat(150)));
    rows.add(row(kt, 48, 64, "ours", "ftree", "status=ok seconds=0.001 vls=1"));
    String xg = "xgft 2 16,12 1,8";
    rows.add(
        row(
            xg,
            28,
            192,
            "opensm",
            "minhop",
            "status=ok engine_used=minhop seconds=0.09 lambda=0.41 lambda_ci95=0.02 efi_max=300"));
    rows.add(
        row(
            xg,
            28,
            192,
            "opensm",
            "ftree",
            "status=ok engine_used=ftree seconds=0.08 lambda=0.45 lambda_ci95=0.02 efi_max=250"));
    rows.add(
        row(
            xg,
            28,
            192,
            "ours",
            "minhop",
            "status=ok seconds=0.01 cold_seconds=0.02 lambda=0.40 lambda_ci95=0.02 efi_max=300"));
    rows.add(
        row(
            xg,
            28,
            192,
            "ours",
            "sssp",
            "status=ok seconds=0.02 lambda=0.48 lambda_ci95=0.02 efi_max=200"));
    rows.add(
        row(
            xg,
            28,
            192,
            "ours",
            "dfsssp",
            "status=ok seconds=0.03 lambda=0.47 lambda_ci95=0.02 efi_max=210 vls=2"));
    rows.add(
        row(xg, 28, 192, "ours", "p2sssp", "status=timeout message=still routing after 1800 s"));
    String odd = "ring 5 1";
    rows.add(row(odd, 5, 5, "ours", "minhop", "status=oom message=out of memory with -Xmx8g"));
    rows.add(
        row(
            odd,
            5,
            5,
            "ours",
            "sssp",
            "status=skipped message=not run above 4096 CAs (one Dijkstra per pair)"));
    return rows;
  }

  static List<Measurement> scale() {
    List<Measurement> rows = new ArrayList<>();
    rows.add(
        row("ktree 4 3", 48, 64, "ours", "minhop", "status=ok seconds=0.002 peak_heap_mib=20"));
    rows.add(
        row("ktree 8 3", 192, 512, "ours", "minhop", "status=ok seconds=0.05 peak_heap_mib=64"));
    rows.add(
        row("ktree 12 3", 432, 1728, "ours", "minhop", "status=ok seconds=61.5 peak_heap_mib=900"));
    rows.add(row("ktree 4 3", 48, 64, "ours", "sssp", "status=ok seconds=0.01 peak_heap_mib=22"));
    rows.add(
        row(
            "ktree 8 3",
            192,
            512,
            "ours",
            "sssp",
            "status=timeout message=still routing after 300 s"));
    rows.add(row("xgft 3 32,32,44 1,32,32", 2432, 45056, "ours", "sssp", "status=oom"));
    rows.add(row("ktree 4 3", 48, 64, "ours", "lash", "status=failed message=exit 70"));
    return rows;
  }

  static SideBySide.Options options() {
    SideBySide.Options o = new SideBySide.Options();
    o.ours = List.of("minhop", "lash", "sssp", "p2sssp", "dfsssp", "ftree");
    o.openSm = List.of("minhop", "lash", "sssp", "ftree", "dfsssp", "nue");
    o.patterns = 200;
    o.seed = 7;
    o.scaleK = new int[] {4, 8, 12};
    return o;
  }

  private static String expected(String name) throws IOException {
    try (InputStream in = SideBySideOutputTest.class.getResourceAsStream("/side-by-side/" + name)) {
      return in == null
          ? "(missing " + name + ")"
          : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The line with today's date and this machine, the only one that differs between runs. */
  private static String masked(String markdown) {
    return markdown.replaceAll("(?m)^Run on .*$", "Run on DATE: MACHINE.");
  }

  private static void assertSameText(String name, String actual) throws IOException {
    String expected = expected(name);
    if (!expected.equals(actual)) {
      Path out = Path.of("target", "side-by-side-actual-" + name);
      Files.createDirectories(out.getParent());
      Files.writeString(out, actual);
    }
    assertEquals(expected, actual, name + " (the actual text is in target/)");
  }

  @Test
  void markdownIsTheSameTextAsBefore() {
    String[] args = {"--fabrics", "ktree 4 3;xgft 2 16,12 1,8;ring 5 1", "--scale", "--seed", "7"};
    assertAll(
        () ->
            assertSameText(
                "expected.md", masked(SideBySideReport.markdown(rows(), scale(), options(), args))),
        () ->
            assertSameText(
                "expected-no-scale.md",
                masked(SideBySideReport.markdown(rows(), List.of(), options(), new String[0]))));
  }

  @Test
  void csvIsTheSameTextAsBefore() {
    assertAll(
        () -> assertSameText("expected.csv", csv(rows())),
        () -> assertSameText("expected-scale.csv", csv(scale())));
  }

  private String csv(List<Measurement> rows) throws IOException {
    Path file = dir.resolve("rows.csv");
    SideBySideReport.writeCsv(rows, file);
    return Files.readString(file);
  }
}

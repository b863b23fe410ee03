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
 * The side-by-side report's Markdown section, its detail file and the CSV for a fixed set of
 * measurements, byte for byte against the expected texts in {@code side-by-side/} (written by the
 * report before its run loop, OpenSM runner and writer became classes of their own). Only the line
 * naming the run's date and machine is masked.
 */
class SideBySideOutputTest {
  @TempDir Path dir;

  static List<Measurement> rows() throws IOException {
    return measurements("measurements.txt");
  }

  static List<Measurement> scale() throws IOException {
    return measurements("scale-measurements.txt");
  }

  /**
   * The measurements of resource {@code side-by-side/NAME}: each a line "fabric | switches | CAs |
   * side | engine", its figures as key=value lines, then a blank line; lines starting with # are
   * comments.
   */
  static List<Measurement> measurements(String name) throws IOException {
    List<Measurement> rows = new ArrayList<>();
    String[] head = null;
    List<String> figures = new ArrayList<>();
    for (String line : expected(name).split("\n", -1)) {
      if (line.startsWith("#")) {
        continue;
      }
      if (head == null && !line.isEmpty()) {
        head = line.split(" \\| ");
      } else if (head != null && line.isEmpty()) {
        rows.add(
            new Measurement(
                head[0],
                Integer.parseInt(head[1]),
                Integer.parseInt(head[2]),
                Measurement.Side.valueOf(head[3].toUpperCase(Locale.ROOT)),
                head[4],
                Measurement.parse(figures)));
        head = null;
        figures.clear();
      } else if (head != null) {
        figures.add(line);
      }
    }
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
  void sectionAndDetailAreTheSameTextAsBefore() {
    String[] args = {"--fabrics", "ktree 4 3;xgft 2 16,12 1,8;ring 5 1", "--scale", "--seed", "7"};
    String[] none = new String[0];
    assertAll(
        () ->
            assertSameText(
                "expected.md", masked(SideBySideReport.section(rows(), scale(), options(), args))),
        () ->
            assertSameText(
                "expected-detail.md",
                masked(SideBySideReport.detail(rows(), scale(), options(), args))),
        () ->
            assertSameText(
                "expected-no-scale.md",
                masked(SideBySideReport.section(rows(), List.of(), options(), none))),
        () ->
            assertSameText(
                "expected-no-scale-detail.md",
                masked(SideBySideReport.detail(rows(), List.of(), options(), none))));
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

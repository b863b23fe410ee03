package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ibrouting.io.AtomicFiles;

/**
 * How a benchmark program writes its results: a short section of {@code benchmarks/RESULTS.md}
 * (between the program's {@code <!-- NAME:begin -->} and {@code <!-- NAME:end -->} markers: the
 * headline, how to reproduce it, where and when it ran, links) and the long tables in a Markdown
 * file of its own beside the CSVs ({@code benchmarks/results/NAME.md}), both written atomically.
 */
final class ReportSections {
  private ReportSections() {}

  /**
   * Writes {@code detail} to {@code detailFile} and puts {@code section} between the markers {@code
   * name} of {@code results} (appended when they are not there yet).
   */
  static void write(Path results, String name, String section, Path detailFile, String detail)
      throws IOException {
    write(results, name, section, detailFile, detail, null);
  }

  /**
   * As {@link #write(Path, String, String, Path, String)}; a section not there yet goes right after
   * the section {@code after} (when that is there).
   */
  static void write(
      Path results, String name, String section, Path detailFile, String detail, String after)
      throws IOException {
    if (detailFile.getParent() != null) {
      Files.createDirectories(detailFile.getParent());
    }
    AtomicFiles.writeString(detailFile, detail);
    String text = Files.exists(results) ? Files.readString(results) : "";
    String afterEnd = "<!-- " + after + ":end -->\n";
    if (after != null && !text.contains("<!-- " + name + ":begin") && text.contains(afterEnd)) {
      int at = text.indexOf(afterEnd) + afterEnd.length();
      AtomicFiles.writeString(
          results,
          text.substring(0, at)
              + "\n<!-- "
              + name
              + ":begin -->\n<!-- "
              + name
              + ":end -->\n"
              + text.substring(at));
    }
    SideBySide.insertSection(results, section, name);
  }

  /** The head of a detail file: its title, the script that writes it, where its summary is. */
  static String detailHead(String title, String script, String anchor) {
    return "# "
        + title
        + "\n\n<!-- written by benchmarks/"
        + script
        + " with its summary in RESULTS.md; edits here are overwritten -->\n\n"
        + "The summary, with the headline figures: [RESULTS.md](../RESULTS.md#"
        + anchor
        + ").\n\n";
  }

  /**
   * The line "Run on ..." of the section {@code name} of {@code results}, to keep when a section is
   * rebuilt from stored figures rather than measured again.
   *
   * @throws IllegalStateException when the file has no such section or the section no such line
   */
  static String runLine(Path results, String name) throws IOException {
    String text = Files.exists(results) ? Files.readString(results) : "";
    int begin = text.indexOf("<!-- " + name + ":begin");
    int end = text.indexOf("<!-- " + name + ":end -->");
    if (begin >= 0 && end > begin) {
      for (String line : text.substring(begin, end).split("\n")) {
        if (line.startsWith("Run on ")) {
          return line;
        }
      }
    }
    throw new IllegalStateException(
        results
            + ": no line 'Run on ...' in the section "
            + name
            + " to keep; a rebuild from stored figures needs the run it reports");
  }
}

package org.ibrouting.io.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.JobListReader;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.ibsim.IbsimNetReader;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.simulation.JobMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inputs on which {@link ParserFuzzTest} found bugs, reduced to their smallest failing form and
 * kept in {@code src/test/resources/fuzz-regressions}: each now gives a positioned error.
 */
class FuzzRegressionTest {
  @TempDir Path dir;

  private Path input(String name) throws IOException {
    Path file = dir.resolve(name);
    try (InputStream in =
        getClass().getClassLoader().getResourceAsStream("fuzz-regressions/" + name)) {
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
    }
    return file;
  }

  private static ParseException assertParseError(
      Path file, int line, int column, String problem, Executable read) {
    ParseException e = assertThrows(ParseException.class, read);
    assertEquals(file + ":" + line + ":" + column + ": " + e.problem(), e.getMessage());
    assertEquals(line, e.line(), e.getMessage());
    assertEquals(column, e.column(), e.getMessage());
    assertTrue(e.problem().contains(problem), e.getMessage());
    return e;
  }

  /** Was an EOFException ("Unexpected end of ZLIB input stream") from every reader. */
  @Test
  void gzipCutShortNamesTheLineWhereItBreaksOff() throws IOException {
    Path file = input("truncated-gzip.gz");
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    String problem = "the gzip data breaks off here";
    assertParseError(file, 1, 1, problem, () -> IbnetdiscoverReader.read(file));
    assertParseError(file, 1, 1, problem, () -> IbsimNetReader.read(file));
    assertParseError(file, 1, 1, problem, () -> FabricFiles.read(file));
    assertParseError(file, 1, 1, problem, () -> LftDumpReader.read(fabric, file));
    // was an UncheckedIOException: BufferedReader.lines() wraps what readLine() throws
    assertParseError(file, 1, 1, problem, () -> SlFileReader.read(fabric, file));
    Path headerOnly = input("gzip-header-only.gz");
    assertParseError(headerOnly, 1, 1, problem, () -> IbnetdiscoverReader.read(headerOnly));
  }

  /** Was an EOFException from the GZIPInputStream constructor. */
  @Test
  void gzipHeaderCutShortIsAParseError() throws IOException {
    Path file = input("gzip-header-cut.gz");
    assertParseError(file, 1, 1, "the gzip data breaks off here", () -> FabricFiles.read(file));
  }

  /** Was line 0 (outside the file) in the message. */
  @Test
  void emptyFileIsAnErrorOnLineOne() throws IOException {
    Path file = input("empty");
    Fabric fabric = ReferenceFabrics.fabric("ft4_3");
    assertParseError(file, 1, 1, "expected at least one Switch", () -> FabricFiles.read(file));
    assertParseError(
        file, 1, 1, "expected Switch, Hca, Ca or Rt records", () -> IbsimNetReader.read(file));
    assertParseError(file, 1, 1, "this is no LFT dump", () -> LftDumpReader.read(fabric, file));
  }

  /** Was a MalformedInputException from Files.newBufferedReader. */
  @Test
  void jobMapThatIsNotUtf8NamesTheLine() throws IOException {
    Path file = input("not-utf8.jobs");
    ParseException e =
        assertThrows(
            ParseException.class,
            () -> JobMap.resolve(JobListReader.read(file), ReferenceFabrics.fabric("ft4_3")));
    assertEquals(1, e.line(), e.getMessage());
    assertTrue(e.getMessage().startsWith(file + ":1:"), e.getMessage());
  }
}

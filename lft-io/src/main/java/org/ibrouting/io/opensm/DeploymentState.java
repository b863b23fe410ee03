package org.ibrouting.io.opensm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.routing.SlTable;

/**
 * What a deployment directory records about itself ({@value OpenSmDeployment#STATE}): the engine
 * whose tables it holds, the dump's format, the SLs whose VL is fixed for good, a generation
 * counter, and whether it holds a finished routing or a step of a switch-over plan.
 *
 * <p>The SLs of every routing ever deployed into the directory stay mapped to their own VL ({@code
 * stickySls}): hosts keep PathRecords for a while, so a host may still send on an SL a later
 * routing no longer uses, and that SL must not move onto a VL the new routing's paths use. The map
 * therefore only grows.
 *
 * <p>The file is {@code key=value} lines ({@code #} comments):
 *
 * <pre>
 * engine=dfsssp
 * format=full
 * sticky_sls=0,1,2
 * generation=7
 * phase=complete
 * </pre>
 *
 * @param engine the engine that made the tables ({@code file} for a routing read from a file)
 * @param format the LFT dump's format
 * @param stickySls bit {@code s} set when SL {@code s} keeps VL {@code s} (bit 0 always)
 * @param generation how many times the directory was written (1 for the first deployment)
 * @param phase {@value #COMPLETE}, or the plan step the directory holds (e.g. {@code step 2 of 5}),
 *     either after {@value #WRITING} while its files are being replaced
 */
public record DeploymentState(
    String engine, DumpFormat format, int stickySls, long generation, String phase) {
  /** The phase of a directory that holds a finished routing. */
  public static final String COMPLETE = "complete";

  /** Checks the fields. */
  public DeploymentState {
    if (engine == null || engine.isBlank() || engine.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("engine must be a non-blank name: '" + engine + "'");
    }
    if (phase == null || phase.isBlank() || phase.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("phase must be one non-blank line: '" + phase + "'");
    }
    if (generation < 1) {
      throw new IllegalArgumentException("generation must be 1 or more, not " + generation);
    }
    stickySls |= 1;
    if ((stickySls & ~0x7fff) != 0) {
      throw new IllegalArgumentException(
          "sticky SLs must be data SLs 0-14, not 0x" + Integer.toHexString(stickySls));
    }
  }

  /** How the phase of a directory whose files are being written begins. */
  public static final String WRITING = "writing ";

  /** Whether the directory holds a finished routing (not a step of a plan). */
  public boolean complete() {
    return COMPLETE.equals(phase);
  }

  /**
   * A copy that says its files are being written towards this state's phase: recorded before the
   * first of them is replaced, so a writer stopped midway leaves a directory that is not {@link
   * #complete} (its files may belong to two routings).
   */
  public DeploymentState writing() {
    return new DeploymentState(engine, format, stickySls, generation, WRITING + phase);
  }

  /** Whether a writer stopped while replacing the directory's files (see {@link #writing}). */
  public boolean interrupted() {
    return phase.startsWith(WRITING);
  }

  /** A copy for the next write: generation plus one, the given engine, SLs and phase. */
  public DeploymentState next(String newEngine, int usedSls, String newPhase) {
    return new DeploymentState(newEngine, format, stickySls | usedSls, generation + 1, newPhase);
  }

  /** The name of a dump format as {@code --format} takes it. */
  public static String formatName(DumpFormat format) {
    return switch (format) {
      case FULL -> "full";
      case COMPACT -> "compact";
      case COMPACT_WITH_GUID -> "compact-guid";
    };
  }

  /** The text of the file. */
  public String text() {
    StringBuilder sls = new StringBuilder();
    for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
      if ((stickySls >>> sl & 1) != 0) {
        sls.append(sls.length() == 0 ? "" : ",").append(sl);
      }
    }
    return "# ibrouting deployment state: written with the files beside it; serve and deploy read it\n"
        + "engine="
        + engine
        + "\nformat="
        + formatName(format)
        + "\nsticky_sls="
        + sls
        + "\ngeneration="
        + generation
        + "\nphase="
        + phase
        + "\n";
  }

  /** Reads the file; every key is required, and an error names the line. */
  public static DeploymentState read(Path file) throws IOException {
    return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
  }

  /** Parses the text of the file; {@code fileName} is used in messages. */
  public static DeploymentState parse(String text, String fileName) throws ParseException {
    String engine = null;
    DumpFormat format = null;
    int sticky = -1;
    long generation = -1;
    String phase = null;
    int lineNumber = 0;
    try (BufferedReader in = new BufferedReader(new StringReader(text))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNumber++;
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
          continue;
        }
        int eq = trimmed.indexOf('=');
        if (eq <= 0) {
          throw new ParseException(fileName, lineNumber, 1, "expected key=value: '" + line + "'");
        }
        String key = trimmed.substring(0, eq).strip();
        String value = trimmed.substring(eq + 1).strip();
        int column = line.indexOf('=') + 2;
        switch (key) {
          case "engine" -> engine = value;
          case "format" -> format = format(value, fileName, lineNumber, column);
          case "sticky_sls" -> sticky = sls(value, fileName, lineNumber, column);
          case "generation" -> generation = generation(value, fileName, lineNumber, column);
          case "phase" -> phase = value;
          default ->
              throw new ParseException(
                  fileName,
                  lineNumber,
                  1,
                  "unknown key '"
                      + key
                      + "'; expected engine, format, sticky_sls, generation or phase");
        }
      }
    } catch (ParseException e) {
      throw e;
    } catch (IOException e) {
      throw new IllegalStateException("reading a string cannot fail", e);
    }
    String missing =
        engine == null || engine.isEmpty()
            ? "engine"
            : format == null
                ? "format"
                : sticky < 0
                    ? "sticky_sls"
                    : generation < 0 ? "generation" : phase == null ? "phase" : null;
    if (missing != null) {
      throw new ParseException(
          fileName, Math.max(1, lineNumber), 1, "no " + missing + "= line; the file is cut short");
    }
    return new DeploymentState(engine, format, sticky, generation, phase);
  }

  private static DumpFormat format(String value, String file, int line, int column)
      throws ParseException {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "full" -> DumpFormat.FULL;
      case "compact" -> DumpFormat.COMPACT;
      case "compact-guid" -> DumpFormat.COMPACT_WITH_GUID;
      default ->
          throw new ParseException(
              file, line, column, "format '" + value + "'; expected full, compact or compact-guid");
    };
  }

  private static int sls(String value, String file, int line, int column) throws ParseException {
    int mask = 0;
    for (String part : value.split(",")) {
      try {
        int sl = Integer.parseInt(part.strip());
        if (sl < 0 || sl > 14) {
          throw new NumberFormatException();
        }
        mask |= 1 << sl;
      } catch (NumberFormatException e) {
        throw new ParseException(
            file, line, column, "sticky SL '" + part.strip() + "'; expected data SLs 0-14");
      }
    }
    return mask;
  }

  private static long generation(String value, String file, int line, int column)
      throws ParseException {
    try {
      long g = Long.parseLong(value);
      if (g >= 1) {
        return g;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ParseException(file, line, column, "generation '" + value + "'; expected 1 or more");
  }
}

package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import picocli.CommandLine.Option;

/**
 * Where a routing's tables go: an LFT dump ({@code -o}), an OpenSM deployment ({@code
 * --opensm-dir}), the SL file, in a dump format; how the commands that write them ({@code route},
 * {@code advise}) report what was written.
 */
final class TableOutput {
  @Option(
      names = {"-o", "--output"},
      paramLabel = "LFTS",
      description = "LFT dump to write (atomically).")
  Path output;

  @Option(
      names = "--opensm-dir",
      paramLabel = "DIR",
      description =
          "Deploy with the SLs for a stock OpenSM: write DIR/opensm-lfts.dump, qos-policy.conf,"
              + " opensm.conf, the SL file, the fabric and deployment.properties (the directory as a"
              + " whole; an earlier deployment's SLs keep their VLs) and print the opensm command"
              + " that loads them.")
  Path openSmDir;

  @Option(
      names = "--sl-out",
      paramLabel = "SLFILE",
      description = "SL file to write (default: LFTS.sl when the engine assigns SLs).")
  Path slOutput;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "full",
      description =
          "full (byte-identical to opensm-lfts.dump), compact (only what the file engine reads),"
              + " compact-guid (compact plus port GUIDs). Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(names = "--compact", description = "Same as --format compact.")
  boolean compact;

  /** What was written: dump bytes, the time, the deployment and the SL file, if any. */
  record Written(long bytes, double seconds, OpenSmDeployment.Result deployment, Path slPath) {}

  /** The dump format a {@code --format} value names. */
  static DumpFormat dumpFormat(String format) {
    return switch (format.toLowerCase(Locale.ROOT)) {
      case "full" -> DumpFormat.FULL;
      case "compact" -> DumpFormat.COMPACT;
      case "compact-guid" -> DumpFormat.COMPACT_WITH_GUID;
      default ->
          throw new IllegalArgumentException(
              "unknown --format '" + format + "'; expected full, compact or compact-guid");
    };
  }

  /** The format asked for; an unknown one is bad input. */
  DumpFormat dumpFormat() {
    return compact ? DumpFormat.COMPACT : dumpFormat(format);
  }

  /** Whether any table is to be written. */
  boolean any() {
    return output != null || openSmDir != null || slOutput != null;
  }

  /** Writes the LFT dump, the OpenSM deployment and the SL file that were asked for. */
  Written write(Routing routing, int threads) throws IOException {
    DumpFormat dumpFormat = dumpFormat();
    long writeStart = System.nanoTime();
    long bytes = 0;
    if (output != null) {
      LftDumpWriter.write(routing, output, dumpFormat, threads);
      bytes = Files.size(output);
    }
    OpenSmDeployment.Result deployment =
        openSmDir == null ? null : OpenSmDeployment.write(routing, openSmDir, dumpFormat, threads);
    double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
    return new Written(bytes, writeSeconds, deployment, writeSls(routing, output, slOutput));
  }

  /**
   * Writes the SL file {@code slOutput}, by default {@code LFTS.sl} next to the dump {@code output}
   * when the routing has SLs; returns the file written, or null.
   */
  static Path writeSls(Routing routing, Path output, Path slOutput) throws IOException {
    Path slPath = slOutput;
    if (slPath == null && output != null && !routing.slTable().isNone()) {
      slPath = output.resolveSibling(output.getFileName() + ".sl");
    }
    if (slPath != null) {
      SlFileWriter.write(routing, slPath);
    }
    return slPath;
  }

  /** Adds what was written to a JSON summary: the files, then the deployment. */
  Json json(Json json, Written written) {
    return deploymentJson(filesJson(json, written), written);
  }

  /** Adds the dump and SL file written to a JSON summary. */
  Json filesJson(Json json, Written written) {
    return json.put("lfts", output == null ? null : output.toString())
        .put("sl_file", written.slPath() == null ? null : written.slPath().toString())
        .put("lfts_bytes", written.bytes())
        .put("write_seconds", written.seconds());
  }

  /** Adds the OpenSM deployment written, if any, to a JSON summary. */
  Json deploymentJson(Json json, Written written) {
    return written.deployment() == null
        ? json
        : Summaries.deploymentJson(json, written.deployment());
  }

  /** Prints what was written: the dump and SL file, the deployment and the command to start it. */
  void print(Written written) {
    Path slPath = written.slPath();
    if (output != null) {
      System.out.printf(
          Locale.ROOT,
          "written      %s (%s)%s%n",
          output,
          Summaries.written(written.bytes(), written.seconds()),
          slPath == null ? "" : " and " + slPath);
    } else if (slPath != null) {
      System.out.println("written      " + slPath);
    }
    if (written.deployment() != null) {
      System.out.println(Summaries.deploymentText(written.deployment()));
    }
  }
}

package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.opensm.OpenSmDeployment;
import org.ibrouting.io.opensm.QosPolicyWriter;
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
          "Deploy into a running OpenSM with the SLs: write DIR/opensm-lfts.dump,"
              + " DIR/qos-policy.conf and DIR/opensm.conf (the directory as a whole) and print the"
              + " opensm command that loads them.")
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
    OpenSmDeployment.Result deployment = written.deployment();
    if (deployment != null) {
      QosPolicyWriter.Stats policy = deployment.policy();
      json.put("opensm_dir", deployment.dir().toString())
          .put("opensm_command", deployment.commandLine())
          .put("qos_rules", policy.rules())
          .put("qos_port_groups", policy.sourceGroups() + policy.destinationGroups())
          .put("qos_policy_bytes", policy.bytes());
    }
    return json;
  }

  /** Prints what was written: the dump and SL file, the deployment and the command to start it. */
  void print(Written written) {
    Path slPath = written.slPath();
    if (output != null) {
      System.out.printf(
          Locale.ROOT,
          "written      %s (%d bytes in %.3f s, %.0f MB/s)%s%n",
          output,
          written.bytes(),
          written.seconds(),
          written.bytes() / 1e6 / Math.max(written.seconds(), 1e-9),
          slPath == null ? "" : " and " + slPath);
    } else if (slPath != null) {
      System.out.println("written      " + slPath);
    }
    OpenSmDeployment.Result deployment = written.deployment();
    if (deployment != null) {
      QosPolicyWriter.Stats policy = deployment.policy();
      System.out.printf(
          Locale.ROOT,
          "deployed     %s: %s, %s (%d rules, %d port groups, %d bytes)," + " %s%n",
          deployment.dir(),
          OpenSmDeployment.LFT_DUMP,
          OpenSmDeployment.QOS_POLICY,
          policy.rules(),
          policy.sourceGroups() + policy.destinationGroups(),
          policy.bytes(),
          OpenSmDeployment.CONF);
      System.out.printf(Locale.ROOT, "start        %s%n", deployment.commandLine());
      System.out.printf(
          Locale.ROOT,
          "             (every port must run %d data VL(s); hosts get"
              + " the SLs from the SA's PathRecords)%n",
          deployment.numVls());
    }
  }
}

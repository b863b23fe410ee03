package org.ibrouting.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.ibrouting.engines.Engines;

/**
 * The training run behind {@code bin/ibrouting}'s class-data-sharing archive: every command of the
 * command line once on small generated fabrics (a fat tree, a torus, with LMC), every engine of the
 * registry, in one JVM that the launcher starts with {@code -XX:ArchiveClassesAtExit} when asked
 * ({@code bin/ibrouting cds}, or behind a run with {@code IBROUTING_CDS=auto}; one per archive and
 * one per host at a time, at idle priority), so that the archive holds the classes later commands
 * load. Writes only into a temporary directory, which it removes; prints nothing. Exit status 0
 * when every command ran as expected.
 *
 * <p>It refuses to train (exit status 2, before loading any command) unless the JVM interprets
 * every method ({@code -Xint}): Java 17 archives a method that is waiting for the JIT compiler at
 * exit as queued for compilation, and the JVMs that map the archive never compile it (JDK-8306460).
 */
public final class CdsTraining {
  private CdsTraining() {}

  /** Runs the training commands; {@code args} is ignored. */
  public static void main(String[] args) throws IOException {
    if (!interpretedOnly(System.getProperty("java.vm.info", ""))) {
      System.err.println(
          "ibrouting: the class archive's training must run with -Xint (JDK-8306460)");
      System.exit(2);
    }
    Path dir = Files.createTempDirectory("ibrouting-cds");
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream silent = new PrintStream(OutputStream.nullOutputStream());
    int failures = 0;
    try {
      System.setOut(silent);
      System.setErr(silent);
      for (String[] command : commands(dir)) {
        failures += IbRouting.run(command) <= 1 ? 0 : 1;
      }
    } finally {
      System.setOut(out);
      System.setErr(err);
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      }
    }
    if (failures > 0) {
      System.exit(1);
    }
  }

  /**
   * Whether a JVM whose {@code java.vm.info} property is {@code vmInfo} compiles nothing:
   * "interpreted mode" there, against "mixed mode" or "compiled mode".
   */
  static boolean interpretedOnly(String vmInfo) {
    return vmInfo.contains("interpreted mode");
  }

  private static List<String[]> commands(Path dir) {
    String tree = dir.resolve("tree.ibnd").toString();
    String torus = dir.resolve("torus.ibnd").toString();
    String dump = dir.resolve("lfts.dump").toString();
    List<String[]> commands = new ArrayList<>();
    commands.add(new String[] {"generate", "ktree", "4", "3", "lmc=1", "-o", tree, "--quiet"});
    commands.add(new String[] {"generate", "torus", "4,4", "2", "-o", torus, "--quiet"});
    commands.add(new String[] {"info", tree});
    commands.add(new String[] {"info", torus, "--json"});
    commands.add(new String[] {"torus-config", torus, "-o", dir.resolve("torus.conf").toString()});
    for (String engine : Engines.names()) {
      for (String fabric : new String[] {tree, torus}) {
        commands.add(new String[] {"route", "-R", engine + ",minhop", fabric, "-o", dump});
      }
    }
    commands.add(new String[] {"route", "-R", "dfsssp", tree, "-o", dump, "--json"});
    commands.add(new String[] {"check", tree, dump, "--deadlock", "--switches"});
    commands.add(new String[] {"check", tree, dump, "--json"});
    commands.add(new String[] {"simulate", tree, "-R", "sssp", "--num-runs", "20"});
    commands.add(new String[] {"compare", torus, "-R", "minhop,updn,nue", "--patterns", "20"});
    return commands;
  }
}

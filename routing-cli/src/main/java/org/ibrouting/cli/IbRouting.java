package org.ibrouting.cli;

import java.io.IOException;
import java.io.PrintWriter;
import org.ibrouting.fabric.FabricException;
import org.ibrouting.routing.RoutingException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code ibrouting} command line: turns an {@code ibnetdiscover} fabric into OpenSM-loadable
 * forwarding tables, checks routings, and compares engines.
 *
 * <p>Exit status: 0 success; 1 a check found problems; 2 bad input or usage; 3 every routing engine
 * refused; 4 out of memory; 70 an internal error.
 */
@Command(
    name = "ibrouting",
    mixinStandardHelpOptions = true,
    versionProvider = IbRouting.Version.class,
    scope = CommandLine.ScopeType.INHERIT,
    description = "OpenSM-compatible InfiniBand routing: route, check, compare and advise.",
    footer = {
      "",
      "bin/ibrouting cds [--status | --remove]: build (once per jar and JDK, about 15 s of CPU at"
          + " idle priority) the class archive that makes every later start faster."
    },
    subcommands = {
      InfoCommand.class,
      CheckCommand.class,
      RouteCommand.class,
      AdviseCommand.class,
      RerouteCommand.class,
      CheckUpdateCommand.class,
      DeployCommand.class,
      ServeCommand.class,
      AuditCommand.class,
      GenerateCommand.class,
      TorusConfigCommand.class,
      FailCommand.class,
      SimulateCommand.class,
      CompareCommand.class,
      CommandLine.HelpCommand.class
    })
public final class IbRouting implements Runnable {
  /** Exit status when a check found problems. */
  static final int EXIT_CHECK_FAILED = 1;

  /** Exit status for bad input. */
  static final int EXIT_BAD_INPUT = 2;

  /** Exit status when the engines refused. */
  static final int EXIT_ROUTING_FAILED = 3;

  /** Exit status of a bug. */
  static final int EXIT_INTERNAL_ERROR = 70;

  /** Exit status when the heap was too small. */
  static final int EXIT_OUT_OF_MEMORY = 4;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns its exit status (for tests and embedding). */
  public static int run(String... args) {
    EngineWarmUp.startEarly(args);
    CommandLine cmd = new CommandLine(new IbRouting());
    cmd.setExecutionExceptionHandler(IbRouting::handle);
    try {
      return cmd.execute(args);
    } catch (OutOfMemoryError e) {
      return outOfMemory(cmd.getErr());
    } finally {
      EngineWarmUp.stopEarly();
    }
  }

  private static int handle(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
    PrintWriter err = cmd.getErr();
    if (e instanceof RoutingException refusal) {
      err.println("ibrouting: " + e.getMessage());
      hint(refusal).ifPresent(h -> err.println("ibrouting: hint: " + h));
      return EXIT_ROUTING_FAILED;
    }
    if (e instanceof IOException
        || e instanceof FabricException
        || e instanceof IllegalArgumentException) {
      err.println("ibrouting: " + inputMessage(e));
      return EXIT_BAD_INPUT;
    }
    err.println("ibrouting: internal error, please report it with the command line: " + e);
    return EXIT_INTERNAL_ERROR;
  }

  /**
   * The message of a bad input or an unwritable output: the file system's exceptions carry only the
   * path, so say what went wrong with it.
   */
  static String inputMessage(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file: " + e.getMessage();
    }
    if (e instanceof java.nio.file.AccessDeniedException denied) {
      return "permission denied: "
          + denied.getFile()
          + (denied.getReason() == null ? "" : " (" + denied.getReason() + ")");
    }
    return e.getMessage();
  }

  /** What to change on the command line about a refusal (the library's messages name no flags). */
  static java.util.Optional<String> hint(RoutingException e) {
    java.util.List<RoutingException> all = new java.util.ArrayList<>(java.util.List.of(e));
    for (Throwable suppressed : e.getSuppressed()) {
      if (suppressed instanceof RoutingException r) {
        all.add(r);
      }
    }
    for (RoutingException r : all) {
      if (r.reason() == RoutingException.Reason.VLS_EXCEEDED && r.vlsAllowed().orElse(15) < 15) {
        return java.util.Optional.of("--max-vls N allows more VLs (up to 15)");
      }
      if (r.reason() == RoutingException.Reason.SETTINGS_MISMATCH
          && r.getMessage().startsWith("torus-2QoS: no torus-2QoS.conf given")) {
        return java.util.Optional.of(
            "--torus-config FILE gives torus-2QoS its torus-2QoS.conf"
                + " (generate torus|mesh ... --torus-config FILE writes one)");
      }
    }
    return java.util.Optional.empty();
  }

  static int outOfMemory(PrintWriter err) {
    long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
    err.println(
        "ibrouting: out of memory: the Java heap of "
            + maxMiB
            + " MiB is too small for this"
            + " fabric; rerun with a larger heap, e.g. IBROUTING_JAVA_OPTS=-Xmx"
            + Math.max(2, 2 * maxMiB / 1024)
            + "g bin/ibrouting ...");
    err.flush();
    return EXIT_OUT_OF_MEMORY;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The version and commit the build wrote into {@code version.properties}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      java.util.Properties p = new java.util.Properties();
      try (java.io.InputStream in = IbRouting.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      String version = p.getProperty("version", "development build");
      String commit = p.getProperty("commit", "");
      if (commit.isEmpty() || commit.startsWith("${")) {
        commit = "unknown";
      }
      return new String[] {
        "ibrouting " + version + ", commit " + commit,
        "Java "
            + System.getProperty("java.version")
            + " ("
            + System.getProperty("java.vm.name")
            + ")"
      };
    }
  }
}

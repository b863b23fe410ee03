package org.ibrouting.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ibrouting serve -R ENGINE --opensm-dir DIR}: keeps the fabric a running OpenSM serves
 * routed by ENGINE through OpenSM's {@code file} engine, repairing the tables whenever a cable,
 * switch or CA fails or comes back.
 */
@Command(
    name = "serve",
    description = {
      "Run beside an OpenSM that runs from DIR (opensm -F DIR/opensm.conf, as route --opensm-dir"
          + " wrote it) and keep the fabric routed: on every trap or sweep in OpenSM's log (and every"
          + " --poll seconds) discover the fabric; when it changed, re-route (incrementally where the"
          + " engine has a rule), prove the tables deadlock-free with their SLs, switch over safely"
          + " (at once, or step by step with a SIGHUP and OpenSM's sweep each), and audit what the"
          + " switches and the SA hold.",
      "One JSON line per event on stdout (or --log FILE). A fabric it cannot route keeps the last"
          + " good tables. Stop it with SIGTERM; started again, it resumes from DIR."
    })
final class ServeCommand implements Callable<Integer> {
  @Option(
      names = {"-R", "--routing-engine"},
      required = true,
      paramLabel = "ENGINES",
      description =
          "Engine or chain for full routes (as route's -R); re-routes use the deployed engine's rule.")
  String engines;

  @Option(
      names = "--opensm-dir",
      required = true,
      paramLabel = "DIR",
      description = "The deployment directory OpenSM runs from.")
  Path openSmDir;

  @Option(
      names = "--opensm-pid",
      paramLabel = "PID|FILE",
      description =
          "OpenSM's process id, or its pid file (read again when OpenSM restarts); default: the"
              + " opensm process whose command line names DIR/opensm.conf.")
  String openSmPid;

  @Option(
      names = "--log",
      paramLabel = "FILE",
      description = "Append the JSON events to FILE instead of stdout.")
  Path log;

  @Option(
      names = "--poll",
      paramLabel = "SECONDS",
      description =
          "Also discover the fabric this often without a trigger; 0 never (default ${DEFAULT-VALUE}).")
  double pollSeconds = 30;

  @Option(
      names = "--settle",
      paramLabel = "MS",
      description =
          "Wait this long after a trap for more traps before discovering (default ${DEFAULT-VALUE}).")
  long settleMillis = 20;

  @Option(
      names = "--sweep-timeout",
      paramLabel = "SECONDS",
      description = "How long to wait for OpenSM's sweep after SIGHUP (default ${DEFAULT-VALUE}).")
  long sweepTimeout = 300;

  @Option(
      names = "--drain",
      paramLabel = "SECONDS",
      description =
          "How long a phased switch-over waits for packets on the old VLs to drain (default ${DEFAULT-VALUE}).")
  double drainSeconds = 1;

  @Option(
      names = "--audit-pairs",
      paramLabel = "N",
      description =
          "PathRecords to sample in each audit (saquery -p --src-to-dst per pair); 0 reads back"
              + " only the LFTs, -1 audits nothing (default ${DEFAULT-VALUE}).")
  int auditPairs = 200;

  @Option(
      names = "--audit-parallel",
      paramLabel = "N",
      description = "saquery processes at once in an audit (default ${DEFAULT-VALUE}).")
  int auditParallel = 4;

  @Option(
      names = "--once",
      description =
          "Bring the deployment in line with the fabric once, then exit (0: in line; 1: refused).")
  boolean once;

  @Option(
      names = "--warm-up",
      paramLabel = "ROUNDS",
      description =
          "Repairs to rehearse at start on copies of the fabric with one link failed, so that the"
              + " first real one runs compiled code; 0 for none (default ${DEFAULT-VALUE}).")
  int warmUpRounds = 3;

  @Option(
      names = "--strict-switch-over",
      description =
          "Refuse a repair whose switch-over has no verified plan within --max-vls (keep the last"
              + " good tables) instead of loading it at once, as OpenSM's own engines would.")
  boolean strictSwitchOver;

  @Mixin EngineOptions engineOptions;

  @Mixin AdviceOptions adviceOptions;

  @Mixin ToolOptions toolOptions;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    if (pollSeconds < 0 || settleMillis < 0 || sweepTimeout < 1 || drainSeconds < 0) {
      throw new IllegalArgumentException(
          "--poll, --settle and --drain must not be negative, --sweep-timeout at least 1 s");
    }
    if (engineOptions.maxVls < 1 || engineOptions.maxVls > 15) {
      throw new IllegalArgumentException("--max-vls must be 1..15, not " + engineOptions.maxVls);
    }
    ServeSettings settings =
        new ServeSettings(
            openSmDir.toAbsolutePath().normalize(),
            openSmPid,
            AdviceOptions.isBest(engines)
                ? java.util.List.of(adviceOptions.advisor(null).asEngine(engineOptions.config()))
                : engineOptions.chain(engines),
            engineOptions.config(),
            engineOptions.routingOptions(common),
            engineOptions.maxVls,
            pollSeconds,
            settleMillis,
            sweepTimeout,
            drainSeconds,
            auditPairs,
            auditParallel,
            once ? 0 : warmUpRounds,
            strictSwitchOver);
    try (ToolOptions.Scratch scratch = toolOptions.open();
        EventLog events = new EventLog(log, common.quiet)) {
      // on SIGTERM the JVM runs its hooks, not this method's end
      Runtime.getRuntime().addShutdownHook(new Thread(scratch::deleteQuietly));
      return new ServeLoop(settings, scratch.tools(), events).run(once);
    }
  }
}

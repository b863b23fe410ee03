package org.ibrouting.cli;

import org.ibrouting.engines.EngineAdvice;
import org.ibrouting.engines.EngineAdvisor;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ibrouting advise FABRIC}: routes the fabric with every engine that applies, ranks the
 * deadlock-free ones, says why each other one is left out, and writes the choice's tables.
 */
@Command(
    name = "advise",
    description = {
      "Route a fabric with every engine that applies (several at once, each under a time budget),"
          + " check and measure each routing alike, and choose: among the engines that deliver every"
          + " CA pair the fabric connects and are deadlock-free within --max-vls VLs with their SLs,"
          + " the highest Lambda (Lambdas within 0.5%% of the highest tie), then the fewest VLs, then"
          + " the lowest EFI max, then the engine order. Prints the ranking, the reason for the"
          + " choice and why each other engine is left out; writes the choice's tables as route does"
          + " (-o, --opensm-dir, the SL file). route -R best routes with the same choice.",
      "Exit status 3 when no engine is eligible (nothing is written)."
    })
final class AdviseCommand extends FabricCommand {
  @Option(
      names = {"-R", "--routing-engine"},
      paramLabel = "ENGINES",
      description =
          "Comma-separated engines to choose among, in the order that breaks the last ties"
              + " (default: every registered engine); NAME:SETTING=VALUE gives one its own setting.")
  String engines;

  @Mixin TableOutput tables;

  @Mixin AdviceOptions adviceOptions;

  @Mixin EngineOptions engineOptions;

  private EngineAdvisor advisor;

  @Override
  void checkArguments() throws Exception {
    tables.dumpFormat();
    advisor = adviceOptions.advisor(engines);
  }

  @Override
  int run(Fabric fabric) throws Exception {
    engineOptions.jobMap(fabric);
    EngineAdvice advice;
    try {
      advice = advisor.advise(fabric, engineOptions.config(), engineOptions.routingOptions(common));
    } finally {
      common.endProgress();
    }
    Routing routing = advice.routing().orElse(null);
    TableOutput.Written written =
        routing != null && tables.any() ? tables.write(routing, common.threads) : null;
    if (common.json) {
      Json json = AdviceOptions.json(fabricOptions.json(), advice);
      if (written != null) {
        tables.json(json, written);
      }
      System.out.println(json);
    } else if (!common.quiet) {
      System.out.println(AdviceOptions.header(fabricOptions.file.toString(), fabric, advice));
      fabricOptions.print();
      System.out.print(advice.format());
      if (routing != null) {
        Summaries.printNotes(routing);
      }
      if (written != null) {
        tables.print(written);
      }
    }
    if (routing == null) {
      System.err.println(
          "ibrouting: " + advice.reason() + (tables.any() ? "; nothing written" : ""));
      hints(advice);
      return IbRouting.EXIT_ROUTING_FAILED;
    }
    return 0;
  }

  /** What to change on the command line when no engine was eligible. */
  static void hints(EngineAdvice advice) {
    boolean vls = false;
    boolean time = false;
    for (EngineAdvice.Candidate c : advice.leftOut()) {
      vls |= c.verdict() == EngineAdvice.Verdict.NOT_DEADLOCK_FREE || c.reason().contains(" VLs");
      time |= c.verdict() == EngineAdvice.Verdict.OVER_BUDGET;
    }
    if (vls && advice.maxVls() < 15) {
      System.err.println("ibrouting: hint: --max-vls N allows more VLs (up to 15)");
    }
    if (time) {
      System.err.println(
          "ibrouting: hint: --budget SECONDS gives each engine more time (0: no limit)");
    }
  }
}

package org.ibrouting.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.UpdateCheck;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ibrouting check-update FABRIC OLD NEW}: whether switching from one routing to another,
 * switch by switch, can close a credit loop, and a safe plan when it can.
 */
@Command(
    name = "check-update",
    description = {
      "Check that replacing the OLD tables by the NEW ones, switch by switch, cannot close a credit"
          + " loop: every mix of old and new switch tables (and SLs) must be free of cycles per VL.",
      "Exit status 0 when every order is safe; 1 when not (then it prints a witness loop, which switch"
          + " in which state closes it, and a safe plan: a verified switch order, or a phased plan on"
          + " transition VLs); 2 on bad input."
    })
final class CheckUpdateCommand extends FabricCommand {
  @Parameters(
      index = "1",
      paramLabel = "OLD",
      description = "The tables the switches hold now (may be from before failures)")
  Path oldLfts;

  @Parameters(index = "2", paramLabel = "NEW", description = "The tables to load")
  Path newLfts;

  @Option(names = "--sl-old", paramLabel = "FILE", description = "SL file of the old tables.")
  Path oldSl;

  @Option(names = "--sl-new", paramLabel = "FILE", description = "SL file of the new tables.")
  Path newSl;

  @Option(
      names = "--max-vls",
      paramLabel = "N",
      description = "VLs a phased plan may use, 1-15 (default: 15).")
  int maxVls = 15;

  @Option(
      names = "--plan-dir",
      paramLabel = "DIR",
      description =
          "Write the plan's files there:"
              + " an LFT dump after each switch of an ordered plan (step-NN.lfts, to load in turn with"
              + " opensm -R file -U), and a phased plan's transition SL file (transition.sl).")
  Path planDir;

  @Override
  int run(Fabric fabric) throws Exception {
    Routing from = LftDumpReader.readEarlier(fabric, oldLfts);
    if (oldSl != null) {
      from = from.withSlTable(from.engineName(), SlFileReader.readEarlier(fabric, oldSl));
    }
    Routing to = LftDumpReader.read(fabric, newLfts);
    if (newSl != null) {
      to = to.withSlTable(to.engineName(), SlFileReader.read(fabric, newSl));
    }
    if (maxVls < 1 || maxVls > 15) {
      throw new IllegalArgumentException("--max-vls must be 1..15, not " + maxVls);
    }
    long start = System.nanoTime();
    UpdateCheck.Result result =
        UpdateCheck.defaults()
            .withMaxVls(maxVls)
            .withVerifier(CreditLoopVerifier.defaults().withThreads(common.threads))
            .check(from, to);
    double seconds = (System.nanoTime() - start) / 1e9;
    UpdateCheck.Plan plan = result.plan();
    List<String> written = planDir == null ? List.of() : writePlan(from, to, plan);
    List<String> steps = new ArrayList<>();
    for (int i = 0; i < plan.steps().size(); i++) {
      steps.add(String.format(Locale.ROOT, "%3d. %s", i + 1, plan.steps().get(i).text()));
    }
    if (common.json) {
      Json json =
          fabricOptions
              .json()
              .put("old", oldLfts.toString())
              .put("new", newLfts.toString())
              .put("safe", result.safe())
              .put("changed_switches", result.changedSwitches().length)
              .put("sls_change", result.slsChange())
              .put("witness", result.witness() == null ? null : result.witness().toString())
              .put("plan", plan.kind().name().toLowerCase(Locale.ROOT))
              .put("vls_needed", plan.vlsNeeded())
              .put("verifications", plan.verifications())
              .put("note", plan.note())
              .putRaw("steps", Json.stringArray(steps))
              .putRaw("written", Json.stringArray(written))
              .put("check_seconds", seconds);
      System.out.println(json);
    } else {
      fabricOptions.print();
      System.out.printf(
          Locale.ROOT,
          "changed      %d of %d switches%s%n",
          result.changedSwitches().length,
          fabric.numSwitches(),
          result.slsChange() ? ", and SLs" : ", SLs unchanged");
      if (result.safe()) {
        System.out.printf(
            Locale.ROOT,
            "union        free: %d VL(s), %d channel dependencies over every"
                + " mix of old and new tables, no cycle (%.3f s)%n",
            result.union().numVls(),
            result.union().totalEdges(),
            seconds);
      } else {
        System.out.println("union        CREDIT LOOP: " + result.witness());
      }
      System.out.printf(
          Locale.ROOT,
          "plan         %s, %d VL(s), %d verification(s)%s%n",
          plan.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '),
          plan.vlsNeeded(),
          plan.verifications(),
          plan.note().isEmpty() ? "" : ": " + plan.note());
      for (String step : steps) {
        System.out.println(step);
      }
      for (String file : written) {
        System.out.println("written      " + file);
      }
      System.out.println(result.safe() ? "SAFE" : "UNSAFE in some order");
    }
    return result.safe() ? 0 : IbRouting.EXIT_CHECK_FAILED;
  }

  /** The dumps after each switch of an ordered plan, the transition SLs of a phased one. */
  private List<String> writePlan(Routing from, Routing to, UpdateCheck.Plan plan)
      throws java.io.IOException {
    Files.createDirectories(planDir);
    List<String> written = new ArrayList<>();
    Fabric fabric = from.fabric();
    if (plan.transitionSls() != null) {
      Path sl = planDir.resolve("transition.sl");
      SlFileWriter.write(from.withSlTable("transition", plan.transitionSls()), sl);
      written.add(sl.toString());
    }
    RoutingBuilder current = from.toBuilder("file");
    int step = 0;
    for (UpdateCheck.Step s : plan.steps()) {
      if (s.action() != UpdateCheck.Action.UPDATE_SWITCH) {
        continue;
      }
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        current.setOutPort(s.sw(), lid, to.outPort(s.sw(), lid));
      }
      Path dump = planDir.resolve(String.format(Locale.ROOT, "step-%02d.lfts", ++step));
      // each step's tables: a copy, since the builder goes on to the next step
      RoutingBuilder copy = Routing.builder(fabric, "file");
      for (int sw = 0; sw < fabric.numSwitches(); sw++) {
        for (int lid = 1; lid <= fabric.maxLid(); lid++) {
          copy.setOutPort(sw, lid, current.outPort(sw, lid));
        }
      }
      LftDumpWriter.write(copy.build(), dump, DumpFormat.FULL);
      written.add(dump.toString());
    }
    return written;
  }
}

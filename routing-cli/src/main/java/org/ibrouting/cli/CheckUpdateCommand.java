package org.ibrouting.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.UpdateCheck;
import org.ibrouting.analysis.UpdateSteps;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.opensm.QosPolicyWriter;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;
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
          "Write the plan's files there: per step the LFT dump, SL file and QoS policy the fabric"
              + " holds after it (step-NN.lfts, .sl, .qos-policy.conf), the manifest plan.tsv (step,"
              + " action, files), and a phased plan's transition SL file (transition.sl).")
  Path planDir;

  @Option(
      names = "--batch",
      description =
          "Merge consecutive single-switch steps of an ordered plan into one step where every mix of"
              + " their switches is verified safe (one sweep per step when loaded through OpenSM).")
  boolean batch;

  /** The plan directory's manifest: one line per step with its files and action. */
  static final String MANIFEST = "plan.tsv";

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
    List<UpdateSteps.Step> planned = steps(from, to, plan);
    List<String> written = planDir == null ? List.of() : writePlan(from, to, plan, planned);
    List<String> steps = new ArrayList<>();
    for (int i = 0; i < planned.size(); i++) {
      steps.add(String.format(Locale.ROOT, "%3d. %s", i + 1, planned.get(i).text()));
    }
    if (common.json) {
      printJson(result, seconds, steps, written);
    } else {
      printText(fabric, result, seconds, steps, written);
    }
    return result.safe() ? 0 : IbRouting.EXIT_CHECK_FAILED;
  }

  /** The check as one JSON object. */
  private void printJson(
      UpdateCheck.Result result, double seconds, List<String> steps, List<String> written) {
    UpdateCheck.Plan plan = result.plan();
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
  }

  /** The check as text: the change, the union's verdict, the plan and its steps. */
  private void printText(
      Fabric fabric,
      UpdateCheck.Result result,
      double seconds,
      List<String> steps,
      List<String> written) {
    UpdateCheck.Plan plan = result.plan();
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

  /**
   * Per step of the plan (batched with {@code --batch}): the tables, SLs and QoS policy the fabric
   * holds after it, and the manifest {@value #MANIFEST} that lists them with the action.
   */
  private List<String> writePlan(
      Routing from, Routing to, UpdateCheck.Plan plan, List<UpdateSteps.Step> steps)
      throws java.io.IOException {
    Files.createDirectories(planDir);
    List<String> written = new ArrayList<>();
    if (plan.transitionSls() != null) {
      Path sl = planDir.resolve("transition.sl");
      SlFileWriter.write(from.withSlTable("transition", plan.transitionSls()), sl);
      written.add(sl.toString());
    }
    // steps by level move no source to transition SLs, whatever plan the check found
    boolean phasedSteps = steps.stream().anyMatch(st -> st.action() == UpdateCheck.Action.DRAIN);
    UpdateSteps.Replay replay =
        new UpdateSteps.Replay(from, to, phasedSteps ? plan.transitionSls() : null);
    StringBuilder manifest = new StringBuilder(manifestHeader(plan, steps.size()));
    for (int i = 0; i < steps.size(); i++) {
      UpdateSteps.Step step = steps.get(i);
      Routing state = replay.apply(step);
      String prefix = String.format(Locale.ROOT, "step-%02d", i + 1);
      String lfts = "-";
      String sl = "-";
      String policy = "-";
      if (step.action() != UpdateCheck.Action.DRAIN) {
        lfts = prefix + ".lfts";
        LftDumpWriter.write(state, planDir.resolve(lfts), DumpFormat.FULL);
        written.add(planDir.resolve(lfts).toString());
        if (!state.slTable().isNone()) {
          sl = prefix + ".sl";
          SlFileWriter.write(state, planDir.resolve(sl));
          written.add(planDir.resolve(sl).toString());
        }
        policy = prefix + ".qos-policy.conf";
        QosPolicyWriter.write(state, planDir.resolve(policy));
        written.add(planDir.resolve(policy).toString());
      }
      manifest.append(
          String.join(
              "\t",
              Integer.toString(i + 1),
              step.action().name().toLowerCase(Locale.ROOT),
              lfts,
              sl,
              policy,
              Integer.toString(step.switches().length),
              step.text()));
      manifest.append('\n');
    }
    Path file = planDir.resolve(MANIFEST);
    AtomicFiles.writeString(file, manifest.toString());
    written.add(file.toString());
    return written;
  }

  /**
   * The plan's steps; with {@code --batch} the few verified steps by switch level when they exist
   * ({@link UpdateSteps#byLevels}), else the plan's steps merged where verified.
   */
  private List<UpdateSteps.Step> steps(Routing from, Routing to, UpdateCheck.Plan plan) {
    if (!batch
        || plan.kind() == UpdateCheck.Kind.ANY_ORDER
        || plan.kind() == UpdateCheck.Kind.NONE) {
      return UpdateSteps.of(from, to, plan);
    }
    CreditLoopVerifier verifier = CreditLoopVerifier.defaults().withThreads(common.threads);
    List<UpdateSteps.Step> levels = UpdateSteps.byLevels(from, to, verifier);
    return levels != null ? levels : UpdateSteps.batched(from, to, plan, verifier);
  }

  private String manifestHeader(UpdateCheck.Plan plan, int steps) {
    return "# ibrouting switch-over plan: "
        + plan.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')
        + ", "
        + steps
        + " step(s), "
        + plan.vlsNeeded()
        + " VL(s), from "
        + oldLfts
        + " to "
        + newLfts
        + " on "
        + fabricOptions.file
        + "\n# By hand, each step in order: ibrouting deploy FABRIC STEP.lfts --sl STEP.sl"
        + " --opensm-dir DIR --step N/"
        + steps
        + ", then kill -HUP the OpenSM\n# that runs from DIR and wait for \"SUBNET UP\" in its log;"
        + " a drain step: wait until the packets of the\n# previous SLs have left the fabric"
        + " (their lifetime; a second is plenty)."
        + "\n# step\taction\tlfts\tsl\tqos_policy\tswitches\ttext\n";
  }
}

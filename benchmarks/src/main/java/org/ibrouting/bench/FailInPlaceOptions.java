package org.ibrouting.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ibrouting.engines.EngineAdvisor;
import org.ibrouting.engines.Engines;
import org.ibrouting.routing.RoutingOptions;

/** The options of the fail-in-place study ({@link FailInPlace}), as its command line gives them. */
final class FailInPlaceOptions {
  /** The default topologies: a fat tree, a torus, Jellyfish and Dragonfly, small. */
  static final List<String> TOPOLOGIES =
      List.of("ktree 4 3", "torus 4,4,4 1", "jellyfish 32 6 4 1", "dragonfly 4 2 2");

  /** The topologies of {@code --full}. */
  static final List<String> FULL_TOPOLOGIES =
      List.of(
          "ktree 8 3",
          "xgft 2 16,12 1,8",
          "torus 6,6,6 2",
          "jellyfish 128 12 8 3",
          "dragonfly 6 3 3");

  /**
   * The topologies of {@code --fat-trees} (issue 44): the 8-ary and 16-ary 3-trees and a 2-level
   * tree with 16 CAs and 8 uplinks per leaf (2:1 oversubscribed).
   */
  static final List<String> FAT_TREES = List.of("ktree 8 3", "ktree 16 3", "xgft 2 16,12 1,8");

  /**
   * The OpenSM engines run by default: those that route any topology without a file, and torus-2QoS
   * on the tori (with the generator's torus-2QoS.conf).
   */
  static final List<String> OPENSM_ENGINES =
      List.of("minhop", "updn", "dnup", "lash", "sssp", "dfsssp", "ftree", "nue", "torus-2QoS");

  /** OpenSM's engines in {@code --fat-trees}: lash takes OpenSM minutes per 16-ary 3-tree. */
  static final List<String> FAT_TREE_OPENSM_ENGINES =
      List.of("minhop", "updn", "dnup", "sssp", "dfsssp", "ftree", "nue");

  List<String> topologies = TOPOLOGIES;
  double[] linkRates = {1, 2, 5, 10, 20};
  double[] switchRates = {1, 2, 5};
  int seeds = 3;

  /** Our engines, {@value EngineAdvisor#NAME} among them; null: every registered one and best. */
  List<String> ours = null;

  List<String> openSm = OPENSM_ENGINES;
  int patterns = 200;
  long patternSeed = 0;
  int maxVls = RoutingOptions.DEFAULT_MAX_VLS;
  Duration budget = EngineAdvisor.DEFAULT_BUDGET;
  Path work = Path.of("benchmarks/target/fail-in-place");
  Path results = Path.of("benchmarks/RESULTS.md");
  Path plots = Path.of("benchmarks/results");

  /** The name of the CSV, of the charts' files and of the RESULTS.md section's markers. */
  String name = "fail-in-place";

  /** The RESULTS.md section's heading. */
  String title = "Fail in place: how each engine degrades as links and switches fail";

  boolean full;

  /** {@code --shard I/N}: this run's slice (1-based) and the number of slices; 0/0: the whole. */
  int shard;

  int shards;

  /** {@code --shard-dir DIR}: where a shard writes its rows. */
  Path shardDir = Path.of("benchmarks/target/fail-in-place-shards");

  /** {@code --merge DIR}: combine the shards found there instead of running. */
  Path merge;

  /** The arguments, less those that say which shard runs and where it writes. */
  List<String> studyArgs = new ArrayList<>();

  static final String USAGE =
      """
      usage: FailInPlace [--full | --fat-trees] [--topologies 'SPEC;SPEC...']
                         [--link-rates 1,2,5,10,20] [--switch-rates 1,2,5] [--seeds N]
                         [--engines e1,e2,best|none] [--opensm-engines e1,e2|none] [--patterns N]
                         [--max-vls N] [--budget SECONDS] [--name NAME] [--work DIR]
                         [--results FILE] [--plots DIR]
                         [--shard I/N [--shard-dir DIR] | --merge DIR]
      SPEC is an 'ibrouting generate' spec, e.g. 'ktree 4 3' or 'torus 4,4,4 1'.
      Default: 4 small topologies, 3 seeds, 200 patterns (under 30 min here);
      --full: 5 larger topologies, 10 seeds, 1000 patterns (hours);
      --fat-trees: issue 44's study: the 8-ary and 16-ary 3-trees and a 2:1 oversubscribed
        2-level tree, 0.5/1/2/5/10% of the cables and 1/2% of the switches, 10 seeds, 300
        patterns, 1 VL, its own CSV, charts and RESULTS.md section (name fail-in-place-trees).
      --engines: our engines (default: every registered engine, then best, the engine
        'route -R best' chooses on each damaged fabric, within --budget per engine).
      --shard I/N runs the I-th of N slices of the (fabric, failure, seed, engine) grid and
        writes its rows to --shard-dir; --merge DIR writes the CSV, charts and section of
        every shard there (all N must be present and agree on the options).""";

  /** Reads the options; null after {@code --help}. */
  static FailInPlaceOptions parse(String[] args) {
    FailInPlaceOptions o = new FailInPlaceOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      // where the shards run and where they write is not part of the study
      boolean study =
          !a.equals("--shard")
              && !a.equals("--shard-dir")
              && !a.equals("--merge")
              && !a.equals("--work");
      int first = i;
      switch (a) {
        case "--help" -> {
          System.out.println(USAGE);
          return null;
        }
        case "--full" -> {
          o.full = true;
          o.topologies = FULL_TOPOLOGIES;
          o.seeds = 10;
          o.patterns = 1000;
        }
        case "--fat-trees" -> o.fatTrees();
        case "--topologies" -> o.topologies = List.of(args[++i].split("\\s*;\\s*"));
        case "--link-rates" -> o.linkRates = rates(args[++i]);
        case "--switch-rates" -> o.switchRates = rates(args[++i]);
        case "--seeds" -> o.seeds = Integer.parseInt(args[++i]);
        case "--engines" -> o.ours = SideBySide.engineList(args[++i]);
        case "--opensm-engines" -> o.openSm = SideBySide.engineList(args[++i]);
        case "--patterns" -> o.patterns = Integer.parseInt(args[++i]);
        case "--max-vls" -> o.maxVls = Integer.parseInt(args[++i]);
        case "--budget" ->
            o.budget = Duration.ofMillis((long) (Double.parseDouble(args[++i]) * 1000));
        case "--name" -> o.name = args[++i];
        case "--work" -> o.work = Path.of(args[++i]);
        case "--results" -> o.results = Path.of(args[++i]);
        case "--plots" -> o.plots = Path.of(args[++i]);
        case "--shard" -> o.shard(args[++i]);
        case "--shard-dir" -> o.shardDir = Path.of(args[++i]);
        case "--merge" -> o.merge = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + a + " (see --help)");
      }
      if (study) {
        o.studyArgs.addAll(Arrays.asList(args).subList(first, i + 1));
      }
    }
    if (o.merge != null && o.shards > 0) {
      throw new IllegalArgumentException("--merge combines shards; it runs none (no --shard)");
    }
    return o;
  }

  private void fatTrees() {
    topologies = FAT_TREES;
    linkRates = new double[] {0.5, 1, 2, 5, 10};
    switchRates = new double[] {1, 2};
    seeds = 10;
    patterns = 300;
    maxVls = 1;
    openSm = FAT_TREE_OPENSM_ENGINES;
    name = "fail-in-place-trees";
    title = "Fail in place on fat trees (issue 44): Λ as cables and switches fail, 1 VL";
  }

  private void shard(String arg) {
    String[] parts = arg.split("/");
    try {
      shard = Integer.parseInt(parts[0]);
      shards = parts.length == 2 ? Integer.parseInt(parts[1]) : -1;
    } catch (NumberFormatException e) {
      shards = -1;
    }
    if (shards < 1 || shard < 1 || shard > shards) {
      throw new IllegalArgumentException(
          "--shard expects I/N with 1 <= I <= N (the I-th of N slices), not '" + arg + "'");
    }
  }

  private static double[] rates(String arg) {
    return arg.isBlank() || arg.equals("none")
        ? new double[0]
        : Arrays.stream(arg.split(",")).mapToDouble(Double::parseDouble).toArray();
  }

  /** Fills in what depends on the registry: every registered engine, then best. */
  void resolveEngines() {
    if (ours == null) {
      ours = new ArrayList<>(Engines.names());
      ours.add(EngineAdvisor.NAME);
    }
  }

  /** Our engines other than best: what best chooses among. */
  List<String> oursWithoutBest() {
    return ours.stream().filter(e -> !e.equals(EngineAdvisor.NAME)).toList();
  }
}

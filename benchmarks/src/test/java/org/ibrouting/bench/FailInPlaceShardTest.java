package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fail-in-place study in shards on a tiny grid: three shards (one of them through the Slurm
 * script, as an array task) merged give the unsharded run's CSV, charts and section; a merge with a
 * shard missing, or run with other options, is refused with the reason.
 */
class FailInPlaceShardTest {
  @TempDir Path dir;

  private List<String> study(Path results) {
    return TinyStudy.args(
        2, "minhop,updn,dor,best", dir.resolve("work"), results.resolve("RESULTS.md"), results);
  }

  private static List<String> plus(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return all;
  }

  /**
   * The section and its detail file without their "Run on ..." sentence, which says how the run was
   * split.
   */
  private static String section(Path results) throws Exception {
    return (Files.readString(results.resolve("RESULTS.md"))
            + Files.readString(results.resolve("fail-in-place.md")))
        .replaceAll("Run on [^\n]*\n", "");
  }

  @Test
  void shardsMergeIntoTheUnshardedStudy() throws Exception {
    Path whole = Files.createDirectories(dir.resolve("whole"));
    TinyStudy.run(study(whole));
    Path shards = dir.resolve("shards");
    TinyStudy.run(plus(study(whole), "--shard", "1/3", "--shard-dir", shards.toString()));
    runArrayTask(2, 3, study(whole), shards);
    TinyStudy.run(plus(study(whole), "--shard", "3/3", "--shard-dir", shards.toString()));
    Path merged = dir.resolve("merged");
    TinyStudy.run(
        List.of(
            "--merge",
            shards.toString(),
            "--results",
            merged.resolve("RESULTS.md").toString(),
            "--plots",
            merged.toString()));

    String csv = Files.readString(whole.resolve("fail-in-place.csv"));
    // intact, 20% links and 10% switches (2 seeds each) x 4 engines
    assertEquals(1 + 5 * 4, csv.split("\n").length, csv);
    assertTrue(csv.contains(",ours,best,ok,") && csv.contains("\"chose "), csv);
    assertEquals(csv, Files.readString(merged.resolve("fail-in-place.csv")));
    assertEquals(
        Files.readString(whole.resolve("fail-in-place-ktree_2_3.svg")),
        Files.readString(merged.resolve("fail-in-place-ktree_2_3.svg")));
    String md = section(whole);
    assertTrue(md.contains("**`-R best` on each damaged fabric**"), md);
    assertTrue(md.contains("| chose |"), md);
    assertEquals(md, section(merged));
    assertTrue(
        Files.readString(merged.resolve("RESULTS.md")).contains("as 3 shards ("),
        Files.readString(merged.resolve("RESULTS.md")));
    assertFalse(md.contains("--work"), "a scratch directory is no part of the study: " + md);

    Path props = shards.resolve("shard-2-of-3.properties");
    String text = Files.readString(props);
    Files.writeString(props, text.replace("--seeds\\n2", "--seeds\\n1"));
    IllegalArgumentException other =
        assertThrows(
            IllegalArgumentException.class,
            () -> FailInPlace.main(new String[] {"--merge", shards.toString()}));
    assertTrue(
        other.getMessage().contains("shard 2 was run with other args than shard 1"),
        other.getMessage());
    Files.delete(props);
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> FailInPlace.main(new String[] {"--merge", shards.toString()}));
    assertTrue(
        missing
            .getMessage()
            .endsWith(
                ": shard(s) [2] of 3 missing or not finished"
                    + " (no shard-I-of-3.properties): rerun them with --shard I/3"),
        missing.getMessage());
  }

  @Test
  void badShardsAreRefused() {
    for (String bad : List.of("0/3", "4/3", "x", "2")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> FailInPlaceOptions.parse(new String[] {"--shard", bad}));
      assertTrue(e.getMessage().startsWith("--shard expects I/N with 1 <= I <= N"), e.getMessage());
    }
  }

  /**
   * Runs {@code benchmarks/fail-in-place.sbatch} as Slurm runs array task {@code task} of {@code
   * tasks}, with the study's options as the script's arguments and the study run from the test's
   * class path instead of the built jar.
   */
  private void runArrayTask(int task, int tasks, List<String> args, Path shards) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path runner = dir.resolve("fail-in-place.sh");
    Files.writeString(
        runner,
        "#!/bin/bash\nexec '"
            + java
            + "' -cp '"
            + System.getProperty("java.class.path")
            + "' org.ibrouting.bench.FailInPlace \"$@\"\n");
    assertTrue(runner.toFile().setExecutable(true));
    List<String> command =
        new ArrayList<>(
            List.of("bash", Path.of("fail-in-place.sbatch").toAbsolutePath().toString()));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("SLURM_ARRAY_TASK_ID", Integer.toString(task));
    pb.environment().put("SLURM_ARRAY_TASK_MAX", Integer.toString(tasks));
    pb.environment().put("SLURM_SUBMIT_DIR", dir.toString());
    pb.environment().put("FAIL_IN_PLACE_SH", runner.toString());
    pb.environment().put("FAIL_IN_PLACE_SHARDS", shards.toString());
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
    assertEquals(0, p.exitValue(), output);
    assertTrue(output.contains("shard 2 of 3: "), output);
  }
}

package org.ibrouting.cli;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ibrouting.analysis.CdgReport;
import org.ibrouting.analysis.CreditLoopVerifier;
import org.ibrouting.analysis.EndpointScope;
import org.ibrouting.analysis.RouteChecker;
import org.ibrouting.analysis.RouteReport;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.lft.TopLidReadBack;
import org.ibrouting.io.sl.PathRecordReader;
import org.ibrouting.io.sl.PathRecordSample;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * What a live fabric holds, read back and checked: every switch's LFT through {@code dump_fts}
 * (directed routes, so a switch behind a broken LID route is still read), and the PathRecords the
 * SA answers for a random sample of CA port pairs ({@code saquery -p --src-to-dst S:D}, in several
 * processes at once). The LFTs read are compared entry by entry with the routing that should be
 * there, checked for delivery between every pair of CA ports, and verified free of credit loops
 * with that routing's SLs; the sample tells whether the SA hands out those SLs.
 */
final class LiveAudit {
  /**
   * What the audit found.
   *
   * @param readBack the tables the switches hold
   * @param entriesDiffering LFT entries (switch, LID of a port of the fabric) that differ from the
   *     expected routing's, or -1 when none was given
   * @param routes delivery between every pair of CA ports through the tables read
   * @param cdg the credit-loop check of the tables read with the expected SLs (or none)
   * @param sls the sample of PathRecords against the expected SLs, or null when none was taken
   * @param pairsAsked the pairs whose PathRecord was asked for
   * @param lftSeconds time to read the LFTs
   * @param pathRecordSeconds time to read the PathRecords
   */
  record Report(
      Routing readBack,
      long entriesDiffering,
      RouteReport routes,
      CdgReport cdg,
      SlAudit sls,
      int pairsAsked,
      double lftSeconds,
      double pathRecordSeconds) {
    /** Whether the fabric holds the expected routing and it delivers, free of credit loops. */
    boolean ok() {
      return entriesDiffering <= 0
          && routes.allRouted()
          && cdg.isDeadlockFree()
          && (sls == null || sls.mismatches() == 0 && sls.records() == pairsAsked);
    }

    /** The JSON object of the report. */
    Json json() {
      Json json =
          new Json()
              .put("ok", ok())
              .put("lft_entries_differing", entriesDiffering)
              .put("pairs", routes.pairs())
              .put("delivered_pairs", routes.validPairs())
              .put("deadlock_free", cdg.isDeadlockFree())
              .put("vls", cdg.numVls())
              .put("lft_seconds", lftSeconds);
      if (sls != null) {
        json.put("path_records_asked", pairsAsked)
            .put("path_records", sls.records())
            .put("sl_mismatches", sls.mismatches())
            .put("path_record_seconds", pathRecordSeconds);
      }
      return json;
    }

    /** A one-line summary. */
    String summary() {
      return (ok() ? "OK" : "FAILED")
          + ": "
          + (entriesDiffering < 0 ? "" : entriesDiffering + " LFT entries differ, ")
          + routes.validPairs()
          + " of "
          + routes.pairs()
          + " CA pairs delivered, "
          + (cdg.isDeadlockFree() ? "no credit loop" : "CREDIT LOOP")
          + " on "
          + cdg.numVls()
          + " VL(s)"
          + (sls == null
              ? ""
              : ", SA's SL as expected for "
                  + (sls.records() - sls.mismatches())
                  + " of "
                  + pairsAsked
                  + " sampled pairs");
    }
  }

  private final DiagnosticTools tools;
  private final int threads;
  private final int parallel;

  LiveAudit(DiagnosticTools tools, int threads, int parallel) {
    this.tools = tools;
    this.threads = threads;
    this.parallel = Math.max(1, parallel);
  }

  /**
   * The LFTs every switch holds now, read through {@code dump_fts}; where it skips the top LID
   * ({@link TopLidReadBack}), that entry is read with {@code smpdump}.
   */
  Routing readLfts(Fabric fabric) throws IOException {
    String text = tools.run(List.of("dump_fts"), 3600);
    int top = fabric.maxLid();
    if (TopLidReadBack.skipped(top)) {
      List<String> paths = TopLidReadBack.missing(text, top);
      List<List<String>> commands = new ArrayList<>();
      for (String path : paths) {
        commands.add(
            List.of(
                "smpdump",
                "-D",
                path,
                TopLidReadBack.ATTRIBUTE,
                Integer.toString(top / TopLidReadBack.BLOCK)));
      }
      List<String> outputs = tools.runAll(commands, parallel, 600);
      java.util.Map<String, Integer> ports = new java.util.HashMap<>();
      for (int i = 0; i < paths.size(); i++) {
        ports.put(paths.get(i), TopLidReadBack.firstPort(outputs.get(i)));
      }
      text = TopLidReadBack.withEntries(text, top, ports);
    }
    return LftDumpReader.read(fabric, new StringReader(text), "dump_fts");
  }

  /**
   * Audits the fabric against {@code expected} (its tables and SLs; null to check only what the
   * switches hold, on VL 0), asking the SA for {@code pairs} random CA port pairs' PathRecords.
   */
  Report run(Fabric fabric, Routing expected, int pairs, long seed) throws IOException {
    long start = System.nanoTime();
    Routing readBack = readLfts(fabric);
    double lftSeconds = (System.nanoTime() - start) / 1e9;
    long differing = expected == null ? -1 : differing(readBack, expected);
    SlTable sls = expected == null ? SlTable.none() : expected.slTable();
    Routing checked = readBack.withSlTable(readBack.engineName(), sls);
    RouteReport routes = new RouteChecker(EndpointScope.TERMINALS, threads).check(checked);
    CdgReport cdg = CreditLoopVerifier.defaults().withThreads(threads).verify(checked);
    SlAudit slAudit = null;
    int asked = 0;
    start = System.nanoTime();
    if (pairs > 0) {
      int[][] sample = samplePairs(fabric, pairs, seed);
      asked = sample[0].length;
      PathRecordSample records = pathRecords(fabric, sample[0], sample[1]);
      slAudit = SlAudit.of(records, sls, fabric);
    }
    double prSeconds = (System.nanoTime() - start) / 1e9;
    return new Report(readBack, differing, routes, cdg, slAudit, asked, lftSeconds, prSeconds);
  }

  /** Entries for the LIDs of the fabric's ports that differ between the two routings. */
  static long differing(Routing a, Routing b) {
    Fabric fabric = a.fabric();
    long n = 0;
    for (int sw = 0; sw < fabric.numSwitches(); sw++) {
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        if (fabric.portOfLid(lid) >= 0 && a.outPort(sw, lid) != b.outPort(sw, lid)) {
          n++;
        }
      }
    }
    return n;
  }

  /**
   * Up to {@code count} distinct ordered pairs of distinct CA port base LIDs, drawn at random with
   * {@code seed}; every pair when there are no more than {@code count}.
   */
  static int[][] samplePairs(Fabric fabric, int count, long seed) {
    IntArrayList lids = new IntArrayList();
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      int port = fabric.portOfLid(lid);
      if (port >= 0 && fabric.baseLid(port) == lid && !fabric.isSwitch(fabric.nodeOfPort(port))) {
        lids.add(lid);
      }
    }
    int n = lids.size();
    long all = (long) n * (n - 1);
    int size = (int) Math.min(count, all);
    int[] src = new int[size];
    int[] dst = new int[size];
    if (size == all) {
      int k = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (i != j) {
            src[k] = lids.getInt(i);
            dst[k++] = lids.getInt(j);
          }
        }
      }
      return new int[][] {src, dst};
    }
    SplittableRandom random = new SplittableRandom(seed);
    it.unimi.dsi.fastutil.longs.LongOpenHashSet taken =
        new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
    int k = 0;
    while (k < size) {
      int i = random.nextInt(n);
      int j = random.nextInt(n - 1);
      j += j >= i ? 1 : 0;
      if (taken.add((long) i * n + j)) {
        src[k] = lids.getInt(i);
        dst[k++] = lids.getInt(j);
      }
    }
    return new int[][] {src, dst};
  }

  /**
   * The PathRecords of the pairs ({@code srcLids[i]}, {@code dstLids[i]}), asked one by one in
   * {@code parallel} shell loops of {@code saquery -p --src-to-dst}; a pair the SA does not answer
   * has no record.
   */
  PathRecordSample pathRecords(Fabric fabric, int[] srcLids, int[] dstLids) throws IOException {
    Path dir = Files.createTempDirectory("ibrouting-pairs-");
    try {
      List<List<String>> commands = new ArrayList<>();
      int shards = Math.min(parallel, Math.max(1, srcLids.length));
      for (int s = 0; s < shards; s++) {
        StringBuilder text = new StringBuilder();
        for (int i = s; i < srcLids.length; i += shards) {
          text.append(srcLids[i]).append(' ').append(dstLids[i]).append('\n');
        }
        Path file = dir.resolve("pairs-" + s + ".txt");
        Files.writeString(file, text, StandardCharsets.US_ASCII);
        commands.add(
            List.of(
                "sh",
                "-c",
                "while read s d; do saquery -p "
                    + tools.portOptions()
                    + " --src-to-dst \"$s:$d\""
                    + " || echo \"# no PathRecord for $s:$d\"; done < '"
                    + file
                    + "'"));
      }
      StringBuilder all = new StringBuilder();
      for (String out : tools.runAll(commands, shards, 600 + srcLids.length / 5)) {
        all.append(out);
      }
      if (all.indexOf("PathRecord dump:") < 0) {
        // the SA answered no pair (not running, or not master yet)
        return new PathRecordSample(new int[0], new int[0], new byte[0], 0, 0);
      }
      return PathRecordReader.readSample(fabric, new StringReader(all.toString()), "saquery -p");
    } finally {
      try (var files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(dir);
    }
  }
}

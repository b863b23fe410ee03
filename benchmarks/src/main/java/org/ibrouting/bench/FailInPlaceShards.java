package org.ibrouting.bench;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.ibrouting.io.AtomicFiles;

/**
 * The fail-in-place study in slices, for a batch system (a Slurm array): {@code --shard I/N} runs
 * every N-th cell of the study's grid from the I-th on (cells alternate between shards, so each
 * shard gets a share of every fabric's size), and writes {@code shard-I-of-N.csv} (its rows, each
 * with its cell's index) and then {@code shard-I-of-N.properties} (the options, engines, cells,
 * time and machine; written last, it marks the shard complete) to the shard directory. {@code
 * --merge DIR} checks that every shard of one N is there, complete, and run with the same options,
 * and writes the study's CSV, charts and RESULTS.md section from their rows in grid order: the same
 * as one unsharded run's.
 */
final class FailInPlaceShards {
  private static final Pattern FILE = Pattern.compile("shard-(\\d+)-of-(\\d+)\\.properties");

  private FailInPlaceShards() {}

  /** The cells of shard {@code shard} (1-based) of {@code shards}. */
  static List<FailInPlace.Cell> slice(List<FailInPlace.Cell> grid, int shard, int shards) {
    List<FailInPlace.Cell> mine = new ArrayList<>();
    for (FailInPlace.Cell cell : grid) {
      if (cell.index() % shards == shard - 1) {
        mine.add(cell);
      }
    }
    return mine;
  }

  /** Writes a shard's rows, then its properties (the mark that it is complete). */
  static void write(
      FailInPlaceOptions o,
      int cells,
      List<FailInPlace.Measured> measured,
      double minutes,
      String load)
      throws IOException {
    Files.createDirectories(o.shardDir);
    String stem = "shard-" + o.shard + "-of-" + o.shards;
    StringBuilder csv = new StringBuilder();
    List<FailInPlace.Row> rows = new ArrayList<>();
    List<Integer> index = new ArrayList<>();
    for (FailInPlace.Measured m : measured) {
      rows.add(m.row());
      index.add(m.cell());
    }
    String[] lines = FailInPlaceReport.csv(rows, true).split("\n");
    csv.append("cell,").append(lines[0]).append('\n');
    for (int i = 1; i < lines.length; i++) {
      csv.append(index.get(i - 1)).append(',').append(lines[i]).append('\n');
    }
    AtomicFiles.writeString(o.shardDir.resolve(stem + ".csv"), csv.toString());
    Properties p = new Properties();
    p.setProperty("args", String.join("\n", o.studyArgs));
    p.setProperty("engines", String.join(",", o.ours));
    p.setProperty("shard", Integer.toString(o.shard));
    p.setProperty("shards", Integer.toString(o.shards));
    p.setProperty("cells", Integer.toString(cells));
    p.setProperty("rows", Integer.toString(rows.size()));
    p.setProperty("minutes", String.format(Locale.ROOT, "%.3f", minutes));
    p.setProperty("machine", SideBySide.machine());
    p.setProperty("load", load);
    p.setProperty("date", LocalDate.now().toString());
    java.io.StringWriter text = new java.io.StringWriter();
    p.store(
        text,
        "fail-in-place shard (benchmarks/fail-in-place.sh --shard "
            + o.shard
            + "/"
            + o.shards
            + ")");
    AtomicFiles.writeString(o.shardDir.resolve(stem + ".properties"), text.toString());
    System.err.printf(
        Locale.ROOT,
        "shard %d of %d: %d cells, %d rows in %.1f min -> %s%n",
        o.shard,
        o.shards,
        cells,
        rows.size(),
        minutes,
        o.shardDir.resolve(stem + ".csv"));
  }

  /**
   * Combines the shards of {@code o.merge} into the study's outputs (paths and name from the
   * shards' options, unless the merge's own command line gives them).
   *
   * @throws IllegalArgumentException when shards are missing, incomplete, of several N, or run with
   *     different options
   */
  static void merge(FailInPlaceOptions o) throws IOException {
    TreeMap<Integer, Properties> shards = read(o.merge);
    Properties first = shards.firstEntry().getValue();
    FailInPlaceOptions study =
        FailInPlaceOptions.parse(
            first.getProperty("args").isEmpty()
                ? new String[0]
                : first.getProperty("args").split("\n"));
    study.ours = List.of(first.getProperty("engines").split(","));
    if (o.studyArgs.contains("--results")) {
      study.results = o.results;
    }
    if (o.studyArgs.contains("--plots")) {
      study.plots = o.plots;
    }
    List<Cell> cells = new ArrayList<>();
    double minutes = 0;
    double longest = 0;
    TreeSet<String> machines = new TreeSet<>();
    for (var e : shards.entrySet()) {
      Properties p = e.getValue();
      for (String key : List.of("args", "engines")) {
        if (!p.getProperty(key).equals(first.getProperty(key))) {
          throw new IllegalArgumentException(
              o.merge
                  + ": shard "
                  + e.getKey()
                  + " was run with other "
                  + key
                  + " than shard "
                  + shards.firstKey()
                  + " ("
                  + p.getProperty(key).replace('\n', ' ')
                  + " against "
                  + first.getProperty(key).replace('\n', ' ')
                  + ")");
        }
      }
      List<Cell> rows = rows(o.merge.resolve(stem(e.getKey(), shards.size()) + ".csv"));
      if (rows.size() != Integer.parseInt(p.getProperty("rows"))) {
        throw new IllegalArgumentException(
            o.merge
                + ": shard "
                + e.getKey()
                + "'s CSV has "
                + rows.size()
                + " rows, its"
                + " properties say "
                + p.getProperty("rows"));
      }
      cells.addAll(rows);
      double m = Double.parseDouble(p.getProperty("minutes"));
      minutes += m;
      longest = Math.max(longest, m);
      machines.add(p.getProperty("machine"));
    }
    cells.sort(Comparator.comparingInt(Cell::index));
    for (int i = 1; i < cells.size(); i++) {
      if (cells.get(i).index() == cells.get(i - 1).index()) {
        throw new IllegalArgumentException(
            o.merge + ": cell " + cells.get(i).index() + " is in two shards");
      }
    }
    String run =
        String.format(
            Locale.ROOT,
            "Run on %s as %d shard%s (%.0f min of machine time in total, the longest shard %.0f"
                + " min): %s; each shard's machine shared with other jobs.",
            first.getProperty("date"),
            shards.size(),
            shards.size() == 1 ? "" : "s",
            minutes,
            longest,
            String.join("; ", machines));
    FailInPlace.report(cells.stream().map(Cell::row).toList(), study, run);
  }

  /** A row of a shard's CSV with its cell's index. */
  private record Cell(int index, FailInPlace.Row row) {}

  private static String stem(int shard, int shards) {
    return "shard-" + shard + "-of-" + shards;
  }

  /** Every shard's properties, by shard number, after checking that all of one N are there. */
  private static TreeMap<Integer, Properties> read(Path dir) throws IOException {
    TreeMap<Integer, Properties> shards = new TreeMap<>();
    TreeSet<Integer> counts = new TreeSet<>();
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("--merge " + dir + ": no such directory");
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        Matcher m = FILE.matcher(f.getFileName().toString());
        if (m.matches()) {
          Properties p = new Properties();
          p.load(new StringReader(Files.readString(f)));
          shards.put(Integer.parseInt(m.group(1)), p);
          counts.add(Integer.parseInt(m.group(2)));
        }
      }
    }
    if (counts.size() != 1) {
      throw new IllegalArgumentException(
          "--merge "
              + dir
              + (counts.isEmpty()
                  ? ": no complete shard (shard-I-of-N.properties) there"
                  : ": shards of several splits " + counts + "; keep those of one N"));
    }
    int n = counts.first();
    List<Integer> missing = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      if (!shards.containsKey(i)) {
        missing.add(i);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "--merge "
              + dir
              + ": shard(s) "
              + missing
              + " of "
              + n
              + " missing or not finished"
              + " (no shard-I-of-"
              + n
              + ".properties): rerun them with --shard I/"
              + n);
    }
    return shards;
  }

  /** The rows of a shard's CSV, each with its cell. */
  private static List<Cell> rows(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    List<Cell> cells = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      List<String> f = FailInPlaceReport.csvFields(lines.get(i));
      if (f.size() != 14) {
        throw new IllegalArgumentException(
            csv + ":" + (i + 1) + ": expected 14 fields, found " + f.size());
      }
      cells.add(
          new Cell(
              Integer.parseInt(f.get(0)),
              new FailInPlace.Row(
                  f.get(1),
                  f.get(2),
                  Double.parseDouble(f.get(3)),
                  Long.parseLong(f.get(4)),
                  f.get(5),
                  f.get(6),
                  f.get(7),
                  Double.parseDouble(f.get(8)),
                  Double.parseDouble(f.get(9)),
                  f.get(10),
                  Integer.parseInt(f.get(11)),
                  f.get(12).isEmpty() ? Double.NaN : Double.parseDouble(f.get(12)),
                  f.get(13))));
    }
    return cells;
  }
}

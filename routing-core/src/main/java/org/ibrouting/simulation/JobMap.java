package org.ibrouting.simulation;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ibrouting.fabric.Fabric;

/**
 * Which nodes every job runs on, as a batch system reports it (Domke, Hoefler, "Scheduling-Aware
 * Routing for Supercomputers"): a text file of {@code nodeName jobId} lines. A node name is a CA's
 * node description or its node GUID ({@code 0x0002c903000a1b2c}); a node may belong to several
 * jobs. Blank lines and {@code #} comments are ignored. Jobs keep the order of their first line.
 */
public final class JobMap {
  private final Fabric fabric;
  private final String[] jobIds;
  private final int[][] nodesOfJob;

  private JobMap(Fabric fabric, String[] jobIds, int[][] nodesOfJob) {
    this.fabric = fabric;
    this.jobIds = jobIds;
    this.nodesOfJob = nodesOfJob;
  }

  /** Reads a job map file. */
  public static JobMap read(Path file, Fabric fabric) throws IOException, JobMapException {
    // an InputStreamReader replaces bytes that are not UTF-8 (newBufferedReader would throw)
    try (Reader r = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8)) {
      return parse(r, file.toString(), fabric);
    }
  }

  /**
   * Parses {@code nodeName jobId} lines.
   *
   * @throws JobMapException for a malformed line, a node the fabric does not have, an ambiguous
   *     description, a switch, or a node listed twice for one job
   */
  public static JobMap parse(Reader in, String fileName, Fabric fabric)
      throws IOException, JobMapException {
    Map<String, Integer> nodeOfDescription = new HashMap<>();
    for (int node = 0; node < fabric.numNodes(); node++) {
      Integer previous = nodeOfDescription.putIfAbsent(fabric.description(node), node);
      if (previous != null) {
        nodeOfDescription.put(fabric.description(node), -1);
      }
    }
    Map<String, IntArrayList> nodesOf = new LinkedHashMap<>();
    Map<String, IntOpenHashSet> seen = new HashMap<>();
    BufferedReader reader = in instanceof BufferedReader br ? br : new BufferedReader(in);
    String text;
    int lineNo = 0;
    while ((text = reader.readLine()) != null) {
      lineNo++;
      int hash = text.indexOf('#');
      String content = hash >= 0 ? text.substring(0, hash) : text;
      List<int[]> spans = tokens(content);
      if (spans.isEmpty()) {
        continue;
      }
      if (spans.size() != 2) {
        int col = spans.size() < 2 ? content.length() + 1 : spans.get(2)[0] + 1;
        throw new JobMapException(fileName, lineNo, col, spans.size() < 2
            ? "expected a job id after the node name"
            : "expected 'nodeName jobId', found a third field '" + content.substring(spans.get(2)[0], spans.get(2)[1]) + "'");
      }
      String name = content.substring(spans.get(0)[0], spans.get(0)[1]);
      String job = content.substring(spans.get(1)[0], spans.get(1)[1]);
      int node = resolve(name, fabric, nodeOfDescription);
      int col = spans.get(0)[0] + 1;
      if (node == -2) {
        throw new JobMapException(fileName, lineNo, col, "node description '" + name
            + "' names several nodes; use the node GUID");
      }
      if (node < 0) {
        throw new JobMapException(fileName, lineNo, col, "unknown node '" + name
            + "' (expected a CA node description or node GUID of " + fabric + ")");
      }
      if (fabric.isSwitch(node)) {
        throw new JobMapException(fileName, lineNo, col, fabric.nodeName(node)
            + " is a switch; jobs run on CAs");
      }
      if (!seen.computeIfAbsent(job, j -> new IntOpenHashSet()).add(node)) {
        throw new JobMapException(fileName, lineNo, col, fabric.nodeName(node)
            + " is listed twice for job '" + job + "'");
      }
      nodesOf.computeIfAbsent(job, j -> new IntArrayList()).add(node);
    }
    String[] ids = nodesOf.keySet().toArray(new String[0]);
    int[][] nodes = new int[ids.length][];
    for (int j = 0; j < ids.length; j++) {
      nodes[j] = nodesOf.get(ids[j]).toIntArray();
    }
    return new JobMap(fabric, ids, nodes);
  }

  private static int resolve(String name, Fabric fabric, Map<String, Integer> nodeOfDescription) {
    Integer byDescription = nodeOfDescription.get(name);
    if (byDescription != null) {
      return byDescription == -1 ? -2 : byDescription;
    }
    String hex = name.startsWith("0x") || name.startsWith("0X") ? name.substring(2) : null;
    if (hex != null && !hex.isEmpty() && hex.length() <= 16) {
      try {
        return fabric.nodeOfGuid(Long.parseUnsignedLong(hex, 16));
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    // a node name ibnetdiscover-style ("H" + GUID without 0x), as ORCS names hosts
    if ((name.startsWith("H") || name.startsWith("S")) && name.length() > 1 && name.length() <= 17) {
      try {
        return fabric.nodeOfGuid(Long.parseUnsignedLong(name.substring(1), 16));
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    return -1;
  }

  private static List<int[]> tokens(String s) {
    List<int[]> spans = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < s.length() && !Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      if (i > start) {
        spans.add(new int[] {start, i});
      }
    }
    return spans;
  }

  /** The fabric the node indices refer to. */
  public Fabric fabric() {
    return fabric;
  }

  /** The number of jobs. */
  public int numJobs() {
    return jobIds.length;
  }

  /** The id of job {@code j} as written in the file. */
  public String jobId(int job) {
    return jobIds[job];
  }

  /** The nodes of job {@code j}, in file order. */
  public int[] nodes(int job) {
    return nodesOfJob[job].clone();
  }

  /** The number of nodes of job {@code j}. */
  public int size(int job) {
    return nodesOfJob[job].length;
  }
}

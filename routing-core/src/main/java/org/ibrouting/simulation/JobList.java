package org.ibrouting.simulation;

import java.util.List;
import java.util.Objects;

/**
 * Which nodes every job runs on, as a batch system reports it (Domke, Hoefler, "Scheduling-Aware
 * Routing for Supercomputers"), before it is resolved against a fabric: {@code (node, job)}
 * entries, where a node is named by its description, its node GUID ({@code 0x0002c903000a1b2c}) or
 * ORCS's {@code H}+GUID. lft-io's {@code JobListReader} reads it from a file; {@link
 * JobMap#resolve} and SAR resolve it. Each entry remembers where it came from, so that a node the
 * fabric does not have can be pointed at.
 *
 * @param source the file the entries came from, or {@code "the job list"}
 * @param entries the entries, in order
 */
public record JobList(String source, List<Entry> entries) {
  /**
   * One line of the job map.
   *
   * @param node the node as named ({@code H12}, {@code 0x...}, a description)
   * @param job the job id
   * @param where {@code file:line:column} of the node name, or {@code entry i}
   */
  public record Entry(String node, String job, String where) {
    /** Checks that no part is null. */
    public Entry {
      Objects.requireNonNull(node, "node");
      Objects.requireNonNull(job, "job");
      Objects.requireNonNull(where, "where");
    }
  }

  /** Copies the entries. */
  public JobList {
    Objects.requireNonNull(source, "source");
    entries = List.copyOf(entries);
  }

  /** Entries given in code as {@code node, job, node, job, ...}. */
  public static JobList of(String... nodeJobPairs) {
    if (nodeJobPairs.length % 2 != 0) {
      throw new IllegalArgumentException(
          "expected node, job pairs, got " + nodeJobPairs.length + " strings");
    }
    Entry[] entries = new Entry[nodeJobPairs.length / 2];
    for (int i = 0; i < entries.length; i++) {
      entries[i] = new Entry(nodeJobPairs[2 * i], nodeJobPairs[2 * i + 1], "entry " + (i + 1));
    }
    return new JobList("the job list", List.of(entries));
  }
}

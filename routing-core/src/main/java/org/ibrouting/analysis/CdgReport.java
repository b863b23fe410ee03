package org.ibrouting.analysis;

import java.util.Arrays;
import java.util.Optional;

/**
 * What {@link CreditLoopVerifier} found: per VL, the size of the channel dependency graph, how many
 * channels lie on cycles, and a witness {@link CreditLoop} when there is one.
 *
 * <p>Vertices of a VL's graph are the channels some route on that VL crosses (switch-to-switch
 * channels, plus CA injection and ejection channels when the verifier was asked to include them);
 * an edge {@code c1 -> c2} exists when some route on that VL crosses {@code c2} right after {@code
 * c1}. A channel is <em>cyclic</em> when it lies in a strongly connected component with a cycle.
 */
public final class CdgReport {
  private final int[] numVertices;
  private final long[] numEdges;
  private final int[] numCyclicChannels;
  private final CreditLoop[] witnesses;

  CdgReport(int[] numVertices, long[] numEdges, int[] numCyclicChannels, CreditLoop[] witnesses) {
    this.numVertices = numVertices.clone();
    this.numEdges = numEdges.clone();
    this.numCyclicChannels = numCyclicChannels.clone();
    this.witnesses = witnesses.clone();
  }

  /** Whether no VL's channel dependency graph has a cycle. */
  public boolean isDeadlockFree() {
    return cyclicVls().length == 0;
  }

  /** The VLs whose graph has a cycle, ascending. */
  public int[] cyclicVls() {
    int count = 0;
    for (CreditLoop w : witnesses) {
      if (w != null) {
        count++;
      }
    }
    int[] vls = new int[count];
    int k = 0;
    for (int vl = 0; vl < witnesses.length; vl++) {
      if (witnesses[vl] != null) {
        vls[k++] = vl;
      }
    }
    return vls;
  }

  /** A shortest cycle through the lowest cyclic channel of VL {@code vl}; empty if acyclic. */
  public Optional<CreditLoop> creditLoop(int vl) {
    return Optional.ofNullable(vl >= 0 && vl < witnesses.length ? witnesses[vl] : null);
  }

  /** The credit loop of the lowest cyclic VL; empty when the routing is deadlock-free. */
  public Optional<CreditLoop> firstCreditLoop() {
    int[] cyclic = cyclicVls();
    return cyclic.length == 0 ? Optional.empty() : creditLoop(cyclic[0]);
  }

  /** One more than the highest VL whose graph has a channel (0 when no route crosses a channel). */
  public int numVls() {
    return numVertices.length;
  }

  /** The number of channels on VL {@code vl}'s graph. */
  public int numVertices(int vl) {
    return vl < numVertices.length ? numVertices[vl] : 0;
  }

  /** The number of dependencies on VL {@code vl}'s graph. */
  public long numEdges(int vl) {
    return vl < numEdges.length ? numEdges[vl] : 0;
  }

  /** The number of channels on a cycle of VL {@code vl}'s graph. */
  public int numCyclicChannels(int vl) {
    return vl < numCyclicChannels.length ? numCyclicChannels[vl] : 0;
  }

  /** Dependencies summed over all VLs. */
  public long totalEdges() {
    long sum = 0;
    for (long e : numEdges) {
      sum += e;
    }
    return sum;
  }

  @Override
  public String toString() {
    StringBuilder sb =
        new StringBuilder(
            isDeadlockFree()
                ? "deadlock-free"
                : "credit loops on VLs " + Arrays.toString(cyclicVls()));
    for (int vl = 0; vl < numVertices.length; vl++) {
      sb.append("; VL ")
          .append(vl)
          .append(": ")
          .append(numVertices[vl])
          .append(" channels, ")
          .append(numEdges[vl])
          .append(" dependencies, ")
          .append(numCyclicChannels[vl])
          .append(" cyclic");
    }
    for (CreditLoop w : witnesses) {
      if (w != null) {
        sb.append('\n').append(w);
      }
    }
    return sb.toString();
  }
}

package org.ibrouting.bench;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.SplittableRandom;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.internal.ClimbingOrder;
import org.ibrouting.internal.IncrementalCdg;
import org.ibrouting.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The acyclic channel dependency graph that nue and lash add dependencies to ({@link
 * IncrementalCdg}), on its own: the dependencies of a generated k-ary 3-tree (a channel entering a
 * switch to each channel leaving it but the way back), in the climbing order nue starts from, and
 * one invocation adds and removes a fixed pseudo-random sequence of those that agree with that
 * order (most of nue's on a fat tree; they move no channel, so what is timed is the bookkeeping per
 * dependency, a few random accesses into arrays of the graph's size): an absent dependency is added
 * ({@code tryAddAbsent}), a present one removed, {@link #OPERATIONS} times. {@code counts}: {@code
 * true} keeps a use count per dependency (lash), {@code false} only its present bit ({@link
 * IncrementalCdg#usedOnce}, nue). Run: {@code java -jar benchmarks/target/benchmarks.jar
 * DependencyGraphBenchmark -p k=32}.
 */
public class DependencyGraphBenchmark extends SingleShotBenchmark {
  /** Dependencies tried or removed per invocation. */
  static final int OPERATIONS = 20_000_000;

  /** The tree's arity: a k-ary 3-tree has 3k^2 switches and 3k^3 switch-to-switch channels. */
  @Param({"16"})
  public int k;

  /** Whether use counts are kept (lash's graph) or only present bits (nue's). */
  @Param({"false", "true"})
  public boolean counts;

  private IncrementalCdg.Graph graph;
  private int[] initialOrder;
  private int[] slots;
  private int[] source;
  private int[] target;

  /** Builds the dependency graph and the sequence of dependencies. */
  @Setup(Level.Trial)
  public void setUp() {
    Fabric fabric = Topologies.kAryNTree(k, 3);
    // channels are numbered by the port they leave; ports without a cable take part in nothing
    int numChannels = fabric.numPortSlots();
    int[] tailSwitch = new int[numChannels];
    int[] headSwitch = new int[numChannels];
    for (int c = 0; c < numChannels; c++) {
      tailSwitch[c] = fabric.nodeOfPort(c);
      headSwitch[c] = fabric.peerPort(c) < 0 ? tailSwitch[c] : fabric.channelHead(c);
    }
    int[] edgeStart = new int[numChannels + 1];
    IntArrayList edgeTarget = new IntArrayList();
    IntArrayList edgeSource = new IntArrayList();
    for (int c = 0; c < numChannels; c++) {
      edgeStart[c] = edgeTarget.size();
      int head = headSwitch[c];
      if (fabric.peerPort(c) >= 0 && fabric.isSwitch(head) && fabric.isSwitch(tailSwitch[c])) {
        for (int i = 0; i < fabric.outDegree(head); i++) {
          int out = fabric.outChannel(head, i);
          if (fabric.isSwitch(headSwitch[out]) && headSwitch[out] != tailSwitch[c]) {
            edgeTarget.add(out);
            edgeSource.add(c);
          }
        }
      }
    }
    edgeStart[numChannels] = edgeTarget.size();
    graph = new IncrementalCdg.Graph(edgeStart, edgeTarget.toIntArray());
    // channels to and from CAs take part in no dependency; ClimbingOrder wants switches
    for (int c = 0; c < numChannels; c++) {
      if (!fabric.isSwitch(headSwitch[c])) {
        headSwitch[c] = tailSwitch[c];
      }
      if (!fabric.isSwitch(tailSwitch[c])) {
        headSwitch[c] = fabric.peerPort(c) < 0 ? 0 : fabric.channelHead(c);
        tailSwitch[c] = -1;
      }
    }
    initialOrder = ClimbingOrder.positions(fabric, tailSwitch, headSwitch);
    source = edgeSource.toIntArray();
    target = edgeTarget.toIntArray();
    // the dependencies that agree with the climbing order, as most of nue's on a fat tree do: an
    // insertion then moves no channel, so what is timed is the graph's bookkeeping per dependency
    IntArrayList agreeing = new IntArrayList();
    for (int e = 0; e < target.length; e++) {
      if (initialOrder[source[e]] < initialOrder[target[e]]) {
        agreeing.add(e);
      }
    }
    SplittableRandom random = new SplittableRandom(42);
    slots = new int[OPERATIONS];
    for (int i = 0; i < OPERATIONS; i++) {
      slots[i] = agreeing.getInt(random.nextInt(agreeing.size()));
    }
  }

  /** Runs the sequence on an empty graph; returns the dependencies present at the end. */
  @Benchmark
  public int addAndRemove() {
    IncrementalCdg.Workspace work = new IncrementalCdg.Workspace(graph.numChannels());
    IncrementalCdg cdg =
        counts
            ? new IncrementalCdg(graph, work, initialOrder)
            : IncrementalCdg.usedOnce(graph, work, initialOrder);
    int present = 0;
    for (int e : slots) {
      if (cdg.contains(e)) {
        cdg.remove(e);
        present--;
      } else if (cdg.tryAddAbsent(e, source[e], target[e])) {
        present++;
      }
    }
    return present;
  }
}

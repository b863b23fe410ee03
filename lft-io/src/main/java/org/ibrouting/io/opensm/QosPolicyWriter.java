package org.ibrouting.io.opensm;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrays;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.Lids;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;

/**
 * Writes the SLs of a {@link Routing} as an OpenSM QoS policy file ({@code qos-policy.conf}), so
 * that OpenSM's SA hands every host the routing's SL in its PathRecord answers while the {@code
 * file} engine loads the LFTs (the {@code file} engine has no {@code path_sl} hook of its own).
 *
 * <p>OpenSM 3.3.23 answers a PathRecord with the SL of the {@code qos-level} of the first {@code
 * qos-match-rule} whose {@code source} and {@code destination} port groups hold the two ports, and
 * with the level named {@code DEFAULT} when no rule matches ({@code
 * osm_qos_policy_get_qos_level_by_pr}; a policy without {@code DEFAULT} is rejected with ERR AC10
 * and every SL becomes 0). The policy written here:
 *
 * <ul>
 *   <li>one source port group per set of end ports whose SLs to every destination are equal: one
 *       per source switch for engines whose SLs depend on the source switch (dfsssp, lash,
 *       multiupdn), a single group when they depend on the destination only (nue); end ports whose
 *       paths are all on SL 0 get no group;
 *   <li>one destination port group per (source group, SL other than 0), shared between source
 *       groups whose sets are equal;
 *   <li>one {@code qos-level} per SL the routing uses, plus {@code DEFAULT} on SL 0;
 *   <li>one match rule per (source group, SL other than 0); SL 0 is the default.
 * </ul>
 *
 * <p>Ports are named by port GUID, consecutive GUIDs as ranges. A port GUID carries every LID of
 * the port, so a routing with LMC &gt; 0 whose LIDs of one port need different SLs (towards one
 * destination port, or from one source port) cannot be expressed: it is refused with an {@link
 * IllegalArgumentException} naming the port, before anything is written.
 *
 * <p>Cost: one SL lookup per (source group, destination LID); memory one byte per (distinct SL row,
 * end port) plus the destination sets.
 */
public final class QosPolicyWriter {
  /** The qos-level every unmatched PathRecord gets; OpenSM requires it. */
  public static final String DEFAULT_LEVEL = "DEFAULT";

  private static final int GUIDS_PER_LINE = 8;

  /** The class of source ports whose paths all use SL 0. */
  private static final int ZERO = -1;

  private QosPolicyWriter() {}

  /**
   * The size of a policy.
   *
   * @param sourceGroups source port groups
   * @param destinationGroups destination port groups (after sharing equal sets)
   * @param rules match rules
   * @param levels qos-levels, {@code DEFAULT} included
   * @param guidEntries port GUIDs and GUID ranges listed in all port groups
   * @param bytes the file size
   * @param usedSls bit {@code s} set when some path uses SL {@code s} (bit 0 always)
   */
  public record Stats(
      int sourceGroups,
      int destinationGroups,
      int rules,
      int levels,
      long guidEntries,
      long bytes,
      int usedSls) {
    /** Whether some path of the routing uses SL {@code sl}. */
    public boolean usesSl(int sl) {
      return (usedSls >>> sl & 1) != 0;
    }
  }

  /** Writes the policy of {@code routing} to {@code file} atomically. */
  public static Stats write(Routing routing, Path file) throws IOException {
    Plan plan = new Plan(routing);
    Stats[] stats = new Stats[1];
    AtomicFiles.write(file, out -> stats[0] = plan.write(out));
    return stats[0];
  }

  /** Writes the policy of {@code routing} to a stream (not closed). */
  public static Stats write(Routing routing, OutputStream out) throws IOException {
    return new Plan(routing).write(out);
  }

  /** The groups and rules, computed before anything is written. */
  private static final class Plan {
    private final Routing routing;
    private final Fabric fabric;
    private final SlTable table;

    /** End ports (port slots) in ascending base-LID order. */
    private final int[] ends;

    /** Per source class: the SL towards every end port. */
    private final List<byte[]> rowOfClass = new ArrayList<>();

    private final Map<ByteBuffer, Integer> classOfRow = new HashMap<>();

    /** Per source class: its end ports. */
    private final List<IntArrayList> sourcesOfClass = new ArrayList<>();

    /** Destination groups: end-port indices, ascending. */
    private final List<int[]> destinations = new ArrayList<>();

    /** Rules: (source class, SL, destination group), in the order written. */
    private final IntArrayList ruleClass = new IntArrayList();

    private final IntArrayList ruleSl = new IntArrayList();
    private final IntArrayList ruleDestination = new IntArrayList();
    private int usedSls = 1;

    Plan(Routing routing) {
      this.routing = routing;
      this.fabric = routing.fabric();
      this.table = routing.slTable();
      IntArrayList found = new IntArrayList();
      for (int lid = 1; lid <= fabric.maxLid(); lid++) {
        int port = fabric.portOfLid(lid);
        if (port >= 0 && fabric.baseLid(port) == lid) {
          found.add(port);
        }
      }
      ends = found.toIntArray();
      if (!table.isNone()) {
        classify();
        buildRules();
      }
    }

    private void classify() {
      int[] classOfGroup = new int[table.numGroups()];
      Arrays.fill(classOfGroup, Integer.MIN_VALUE);
      for (int e = 0; e < ends.length; e++) {
        int port = ends[e];
        int base = fabric.baseLid(port);
        int cls = classOfSourceLid(base, classOfGroup);
        for (int k = 1; k < 1 << fabric.lmc(port); k++) {
          int other = classOfSourceLid(base + k, classOfGroup);
          if (other != cls) {
            throw differentSourceLids(port, base, base + k, cls, other);
          }
        }
        if (cls != ZERO) {
          requireGuid(port);
          sourcesOfClass.get(cls).add(port);
        }
      }
    }

    private int classOfSourceLid(int lid, int[] classOfGroup) {
      int group = table.groupOfSrcLid(lid);
      if (group < 0) {
        return ZERO;
      }
      if (classOfGroup[group] == Integer.MIN_VALUE) {
        byte[] row = rowFrom(lid);
        int cls = ZERO;
        for (byte sl : row) {
          if (sl != 0) {
            ByteBuffer key = ByteBuffer.wrap(row);
            Integer known = classOfRow.get(key);
            if (known == null) {
              known = rowOfClass.size();
              classOfRow.put(key, known);
              rowOfClass.add(row);
              sourcesOfClass.add(new IntArrayList());
            }
            cls = known;
            break;
          }
        }
        classOfGroup[group] = cls;
      }
      return classOfGroup[group];
    }

    /** The SL from {@code srcLid} to every end port; all LIDs of a destination port must agree. */
    private byte[] rowFrom(int srcLid) {
      byte[] row = new byte[ends.length];
      for (int e = 0; e < ends.length; e++) {
        int dst = ends[e];
        int base = fabric.baseLid(dst);
        int sl = table.sl(srcLid, base);
        for (int k = 1; k < 1 << fabric.lmc(dst); k++) {
          int other = table.sl(srcLid, base + k);
          if (other != sl) {
            throw new IllegalArgumentException(
                "the paths from LID "
                    + srcLid
                    + " ("
                    + portText(fabric.portOfLid(srcLid))
                    + ") to LIDs "
                    + base
                    + " and "
                    + (base + k)
                    + " of "
                    + portText(dst)
                    + " use SL "
                    + sl
                    + " and SL "
                    + other
                    + NOT_BY_GUID);
          }
        }
        row[e] = (byte) sl;
        usedSls |= 1 << sl;
      }
      return row;
    }

    private static final String NOT_BY_GUID =
        "; an OpenSM QoS policy matches ports by GUID, one SL"
            + " for all LIDs of a port pair, so these SLs cannot be deployed (route with LMC 0, or keep"
            + " the engine's SLs per LID with OpenSM's own engine)";

    private IllegalArgumentException differentSourceLids(
        int port, int lid, int otherLid, int cls, int otherCls) {
      byte[] row = cls == ZERO ? new byte[ends.length] : rowOfClass.get(cls);
      byte[] otherRow = otherCls == ZERO ? new byte[ends.length] : rowOfClass.get(otherCls);
      int e = 0;
      while (e < ends.length - 1 && row[e] == otherRow[e]) {
        e++;
      }
      return new IllegalArgumentException(
          "the paths from LIDs "
              + lid
              + " and "
              + otherLid
              + " of "
              + portText(port)
              + " to "
              + portText(ends[e])
              + " use SL "
              + row[e]
              + " and SL "
              + otherRow[e]
              + NOT_BY_GUID);
    }

    private String portText(int port) {
      return fabric.isSwitch(fabric.nodeOfPort(port))
          ? fabric.nodeName(fabric.nodeOfPort(port))
          : fabric.portName(port) + " (LMC " + fabric.lmc(port) + ")";
    }

    private void requireGuid(int port) {
      if (fabric.portGuid(port) == 0) {
        throw new IllegalArgumentException(
            portText(port)
                + " has no port GUID in the fabric file;"
                + " an OpenSM QoS policy names ports by GUID");
      }
    }

    private void buildRules() {
      Map<IntBuffer, Integer> destinationOfSet = new HashMap<>();
      IntArrayList set = new IntArrayList();
      for (int cls = 0; cls < rowOfClass.size(); cls++) {
        byte[] row = rowOfClass.get(cls);
        for (int sl = 1; sl < SlTable.NUM_SLS; sl++) {
          set.clear();
          for (int e = 0; e < row.length; e++) {
            if (row[e] == sl) {
              set.add(e);
            }
          }
          if (set.isEmpty()) {
            continue;
          }
          int[] members = set.toIntArray();
          IntBuffer key = IntBuffer.wrap(members);
          Integer group = destinationOfSet.get(key);
          if (group == null) {
            for (int e : members) {
              requireGuid(ends[e]);
            }
            group = destinations.size();
            destinationOfSet.put(key, group);
            destinations.add(members);
          }
          ruleClass.add(cls);
          ruleSl.add(sl);
          ruleDestination.add(group.intValue());
        }
      }
    }

    Stats write(OutputStream stream) throws IOException {
      CountingStream counting = new CountingStream(stream);
      Writer out = new OutputStreamWriter(counting, StandardCharsets.US_ASCII);
      long guidEntries = 0;
      out.write(
          "# OpenSM QoS policy written by ibrouting: the SLs of the "
              + routing.engineName()
              + " routing of a fabric of "
              + fabric.numSwitches()
              + " switches and "
              + fabric.numCas()
              + " CAs.\n# OpenSM answers a PathRecord with the SL of the first rule whose source and"
              + " destination groups\n# hold the two ports; a pair no rule matches gets the DEFAULT"
              + " level, SL 0.\n# "
              + rowOfClass.size()
              + " source groups, "
              + destinations.size()
              + " destination groups, "
              + ruleSl.size()
              + " rules.\n\n");
      if (!ruleSl.isEmpty()) {
        out.write("port-groups\n");
        for (int cls = 0; cls < rowOfClass.size(); cls++) {
          int[] ports = sourcesOfClass.get(cls).toIntArray();
          out.write("  port-group\n    name: src" + (cls + 1) + "\n");
          out.write("    # " + sourceComment(ports) + "\n");
          guidEntries += writeGuids(out, ports);
          out.write("  end-port-group\n");
        }
        for (int d = 0; d < destinations.size(); d++) {
          int[] members = destinations.get(d);
          int[] ports = new int[members.length];
          for (int i = 0; i < members.length; i++) {
            ports[i] = ends[members[i]];
          }
          out.write("  port-group\n    name: dst" + (d + 1) + "\n");
          guidEntries += writeGuids(out, ports);
          out.write("  end-port-group\n");
        }
        out.write("end-port-groups\n\n");
      }
      out.write(
          "qos-levels\n  qos-level\n    name: " + DEFAULT_LEVEL + "\n    sl: 0\n  end-qos-level\n");
      int levels = 1;
      for (int sl = 0; sl < SlTable.NUM_SLS; sl++) {
        if ((usedSls >>> sl & 1) != 0) {
          out.write("  qos-level\n    name: SL" + sl + "\n    sl: " + sl + "\n  end-qos-level\n");
          levels++;
        }
      }
      out.write("end-qos-levels\n");
      if (!ruleSl.isEmpty()) {
        out.write("\nqos-match-rules\n");
        for (int r = 0; r < ruleSl.size(); r++) {
          out.write(
              "  qos-match-rule\n    source: src"
                  + (ruleClass.getInt(r) + 1)
                  + "\n    destination: dst"
                  + (ruleDestination.getInt(r) + 1)
                  + "\n    qos-level-name: SL"
                  + ruleSl.getInt(r)
                  + "\n  end-qos-match-rule\n");
        }
        out.write("end-qos-match-rules\n");
      }
      out.flush();
      return new Stats(
          rowOfClass.size(),
          destinations.size(),
          ruleSl.size(),
          levels,
          guidEntries,
          counting.count,
          usedSls);
    }

    /** Names the switches the source ports sit on or are cabled to. */
    private String sourceComment(int[] ports) {
      IntArrayList switches = new IntArrayList();
      boolean ownPorts = false;
      for (int port : ports) {
        int swPort = fabric.switchPortOf(port);
        ownPorts |= swPort == port;
        int sw = swPort < 0 ? -1 : fabric.nodeOfPort(swPort);
        if (sw >= 0 && !switches.contains(sw)) {
          switches.add(sw);
        }
      }
      StringBuilder text =
          new StringBuilder(ports.length == 1 ? "1 port" : ports.length + " ports");
      if (ownPorts) {
        text.append(" (switch port 0 included)");
      }
      if (!switches.isEmpty()) {
        text.append(" on ").append(fabric.nodeName(switches.getInt(0)));
        if (switches.size() > 1) {
          text.append(" and ").append(switches.size() - 1).append(" more switches");
        }
      }
      return text.toString().replaceAll("[\\r\\n]", " ");
    }

    /**
     * Writes {@code port-guid:} lines, consecutive GUIDs as ranges; returns the entries written.
     */
    private long writeGuids(Writer out, int[] ports) throws IOException {
      long[] guids = new long[ports.length];
      for (int i = 0; i < ports.length; i++) {
        guids[i] = fabric.portGuid(ports[i]);
      }
      // OpenSM reads the GUIDs as unsigned numbers: sort them so
      LongArrays.quickSort(guids, Long::compareUnsigned);
      long entries = 0;
      int onLine = 0;
      for (int i = 0; i < guids.length; ) {
        int j = i;
        while (j + 1 < guids.length && guids[j + 1] == guids[j] + 1) {
          j++;
        }
        out.write(onLine == 0 ? "    port-guid: " : ", ");
        out.write(Lids.guidHex(guids[i]));
        if (j > i) {
          out.write("-" + Lids.guidHex(guids[j]));
        }
        entries++;
        if (++onLine == GUIDS_PER_LINE) {
          out.write("\n");
          onLine = 0;
        }
        i = j + 1;
      }
      if (onLine > 0) {
        out.write("\n");
      }
      return entries;
    }
  }

  private static final class CountingStream extends FilterOutputStream {
    long count;

    CountingStream(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }
  }
}

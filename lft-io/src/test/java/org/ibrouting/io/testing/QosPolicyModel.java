package org.ibrouting.io.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A reference reading of an OpenSM QoS policy, written from {@code
 * doc/QoS_management_in_OpenSM.txt} independently of the writer: port groups by {@code port-guid}
 * (single GUIDs and ranges), levels with an {@code sl}, and match rules with {@code source}, {@code
 * destination} and {@code qos-level-name}. {@link #sl(long, long)} answers as OpenSM's SA does for
 * a PathRecord: the first rule whose source group holds the source port and whose destination group
 * holds the destination port, otherwise the {@code DEFAULT} level. Anything else in the file fails,
 * so that the writer cannot emit what this reading does not understand.
 */
public final class QosPolicyModel {
  private final Map<String, List<long[]>> rangesOfGroup = new HashMap<>();
  private final Map<String, Integer> slOfLevel = new HashMap<>();
  private final List<String[]> rules = new ArrayList<>();
  private final Map<Long, List<String[]>> rulesOfSource = new HashMap<>();

  /** Parses a policy; throws {@link IllegalArgumentException} on anything unexpected. */
  public static QosPolicyModel parse(String text) {
    QosPolicyModel model = new QosPolicyModel();
    String section = null;
    String name = null;
    List<long[]> ranges = null;
    Integer sl = null;
    String[] rule = null;
    int n = 0;
    for (String raw : text.split("\n", -1)) {
      n++;
      int hash = raw.indexOf('#');
      String line = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
      if (line.isEmpty()) {
        continue;
      }
      switch (line) {
        case "port-groups", "qos-levels", "qos-match-rules" -> section = line;
        case "end-port-groups", "end-qos-levels", "end-qos-match-rules" -> section = null;
        case "port-group" -> {
          name = null;
          ranges = new ArrayList<>();
        }
        case "end-port-group" -> model.rangesOfGroup.put(need(name, n), ranges);
        case "qos-level" -> {
          name = null;
          sl = null;
        }
        case "end-qos-level" -> model.slOfLevel.put(need(name, n), need(sl, n));
        case "qos-match-rule" -> rule = new String[3];
        case "end-qos-match-rule" -> model.rules.add(rule);
        default -> {
          int colon = line.indexOf(':');
          if (colon < 0 || section == null) {
            throw new IllegalArgumentException("line " + n + ": unexpected '" + line + "'");
          }
          String key = line.substring(0, colon).strip();
          String value = line.substring(colon + 1).strip();
          switch (section + "/" + key) {
            case "port-groups/name", "qos-levels/name" -> name = value;
            case "port-groups/port-guid" -> {
              for (String item : value.split(",")) {
                String[] ends = item.strip().split("-");
                long first = Long.parseUnsignedLong(ends[0].substring(2), 16);
                long last =
                    ends.length == 1 ? first : Long.parseUnsignedLong(ends[1].substring(2), 16);
                ranges.add(new long[] {first, last});
              }
            }
            case "qos-levels/sl" -> sl = Integer.parseInt(value);
            case "qos-match-rules/source" -> rule[0] = value;
            case "qos-match-rules/destination" -> rule[1] = value;
            case "qos-match-rules/qos-level-name" -> rule[2] = value;
            default ->
                throw new IllegalArgumentException("line " + n + ": unexpected key '" + key + "'");
          }
        }
      }
    }
    if (!model.slOfLevel.containsKey("DEFAULT")) {
      throw new IllegalArgumentException("no DEFAULT qos-level (OpenSM: ERR AC10)");
    }
    for (String[] r : model.rules) {
      for (String group : new String[] {r[0], r[1]}) {
        if (!model.rangesOfGroup.containsKey(group)) {
          throw new IllegalArgumentException("rule names an undefined port group " + group);
        }
      }
      if (!model.slOfLevel.containsKey(r[2])) {
        throw new IllegalArgumentException("rule names an undefined level " + r[2]);
      }
    }
    return model;
  }

  private static <T> T need(T value, int line) {
    if (value == null) {
      throw new IllegalArgumentException("line " + line + ": section without name or sl");
    }
    return value;
  }

  private boolean holds(String group, long guid) {
    for (long[] range : rangesOfGroup.get(group)) {
      if (Long.compareUnsigned(guid, range[0]) >= 0 && Long.compareUnsigned(guid, range[1]) <= 0) {
        return true;
      }
    }
    return false;
  }

  /** The SL OpenSM's SA answers for a PathRecord from port {@code srcGuid} to {@code dstGuid}. */
  public int sl(long srcGuid, long dstGuid) {
    // the rules whose source holds the port, in file order (cached: pairs are asked source by
    // source)
    List<String[]> candidates =
        rulesOfSource.computeIfAbsent(
            srcGuid, guid -> rules.stream().filter(rule -> holds(rule[0], guid)).toList());
    for (String[] rule : candidates) {
      if (holds(rule[1], dstGuid)) {
        return slOfLevel.get(rule[2]);
      }
    }
    return slOfLevel.get("DEFAULT");
  }

  /** The number of match rules. */
  public int numRules() {
    return rules.size();
  }

  /** The number of port groups. */
  public int numGroups() {
    return rangesOfGroup.size();
  }

  /** The number of GUID entries (single GUIDs or ranges) of a group. */
  public int entries(String group) {
    return rangesOfGroup.get(group).size();
  }
}

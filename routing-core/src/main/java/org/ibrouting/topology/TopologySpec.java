package org.ibrouting.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ibrouting.fabric.Fabric;

/**
 * A parsed topology description, as a command line gives it: a kind and its parameters.
 *
 * <pre>
 * ktree      K N                                   k-ary n-tree
 * xgft       H M1,..,MH W1,..,WH                   extended generalized fat tree
 * torus      R1,R2,..  HOSTS                       torus, R per dimension ("4x4" also accepted)
 * mesh       R1,R2,..  HOSTS                       mesh, same syntax
 * hypercube  D HOSTS                               binary hypercube of 2^D switches
 * dragonfly  A P H                                 A routers/group, P hosts/router, H global links
 * jellyfish  SWITCHES NETPORTS HOSTS SEED          seeded random regular graph
 * directors  C LEAVES SPINES HOSTSPERLEAF CABLES   chain of C two-level directors
 * </pre>
 *
 * <p>Options may follow the parameters as {@code lmc=N} (CA LMC), {@code radix=N} (fixed switch
 * port count) and {@code rate=4xQDR} (link rate; {@code rate=none} for none); see {@link
 * TopologyOptions}. Examples: {@code ktree 4 3}, {@code xgft 2 16,12 1,8 radix=24}, {@code torus
 * 4,4 4}, {@code jellyfish 32 12 12 7 lmc=1}. The generators are those of {@link Topologies}, which
 * documents naming, wiring and port numbers.
 *
 * @param kind the lower-case kind, one of {@link #KINDS}
 * @param params the integer parameters, lists flattened (xgft: H, M1..MH, W1..WH; torus and mesh:
 *     R1..Rd, HOSTS)
 * @param options the options given after the parameters
 */
public record TopologySpec(String kind, long[] params, TopologyOptions options) {
  /** The kinds {@link #parse} accepts. */
  public static final List<String> KINDS =
      List.of("ktree", "xgft", "torus", "mesh", "hypercube", "dragonfly", "jellyfish", "directors");

  private static final String[] USAGE = {
    "ktree K N",
    "xgft H M1,..,MH W1,..,WH",
    "torus R1,R2,.. HOSTS",
    "mesh R1,R2,.. HOSTS",
    "hypercube D HOSTS",
    "dragonfly A P H",
    "jellyfish SWITCHES NETPORTS HOSTS SEED",
    "directors C LEAVES SPINES HOSTSPERLEAF CABLES"
  };

  /** Copies the parameters. */
  public TopologySpec {
    params = params.clone();
  }

  /** A copy of the integer parameters. */
  @Override
  public long[] params() {
    return params.clone();
  }

  /** The usage line of a kind, such as {@code "ktree K N"}. */
  public static String usage(String kind) {
    int i = KINDS.indexOf(kind);
    if (i < 0) {
      throw new IllegalArgumentException(
          "unknown topology '" + kind + "'; known: " + String.join(", ", KINDS));
    }
    return USAGE[i];
  }

  /**
   * Parses a spec written as on the command line, the kind and its parameters separated by white
   * space ({@code "ktree 4 3"}).
   *
   * @throws IllegalArgumentException as {@link #parse(String, List)}
   */
  public static TopologySpec parse(String spec) {
    List<String> words = List.of(spec.trim().split("\\s+"));
    return parse(words.get(0), words.subList(1, words.size()));
  }

  /**
   * Parses a kind and its parameters (each list element one word of the command line).
   *
   * @throws IllegalArgumentException naming the kind, the word and the expected syntax
   */
  public static TopologySpec parse(String kind, List<String> words) {
    String k = kind.toLowerCase(Locale.ROOT);
    String usage = usage(k);
    List<String> positional = new ArrayList<>();
    TopologyOptions options = TopologyOptions.DEFAULT;
    for (String word : words) {
      int eq = word.indexOf('=');
      if (eq < 0) {
        positional.add(word);
        continue;
      }
      String key = word.substring(0, eq).toLowerCase(Locale.ROOT);
      String value = word.substring(eq + 1);
      switch (key) {
        case "lmc" -> options = options.withLmc((int) number(k, usage, key, value));
        case "radix" -> options = options.withRadix((int) number(k, usage, key, value));
        case "rate" ->
            options =
                new TopologyOptions(
                    options.lmc(), options.radix(), value.equalsIgnoreCase("none") ? null : value);
        default ->
            throw new IllegalArgumentException(
                k
                    + ": unknown option '"
                    + word
                    + "'; options are lmc=N, radix=N, rate=WIDTHxSPEED");
      }
    }
    String[] names = usage.split(" ");
    int expected = names.length - 1;
    if (positional.size() != expected) {
      throw new IllegalArgumentException(
          k
              + ": expected '"
              + usage
              + "', got "
              + positional.size()
              + " parameter"
              + (positional.size() == 1 ? "" : "s")
              + (positional.isEmpty() ? "" : " " + positional));
    }
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < expected; i++) {
      String name = names[i + 1];
      String word = positional.get(i);
      if (name.contains(",")) {
        for (String part : word.split(k.equals("xgft") ? "," : "[,x]", -1)) {
          values.add(number(k, usage, name, part));
        }
      } else {
        values.add(number(k, usage, name, word));
      }
    }
    long[] params = values.stream().mapToLong(Long::longValue).toArray();
    if (k.equals("xgft")) {
      long h = params[0];
      if (h < 1 || params.length != 1 + 2 * h) {
        throw new IllegalArgumentException(
            "xgft: H = "
                + h
                + " needs "
                + h
                + " down arities and "
                + h
                + " up arities; got "
                + Arrays.toString(Arrays.copyOfRange(params, 1, params.length))
                + " (expected '"
                + usage
                + "')");
      }
    }
    return new TopologySpec(k, params, options);
  }

  private static long number(String kind, String usage, String name, String word) {
    try {
      long v = Long.parseLong(word.trim());
      if (!name.equals("SEED") && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          kind
              + ": "
              + name
              + " must be an integer, found '"
              + word
              + "' (expected '"
              + usage
              + "')",
          e);
    }
  }

  /** Generates the fabric. */
  public Fabric build() {
    int[] p = new int[params.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = (int) params[i];
    }
    return switch (kind) {
      case "ktree" -> Topologies.kAryNTree(p[0], p[1], options);
      case "xgft" ->
          Topologies.xgft(
              Arrays.copyOfRange(p, 1, 1 + p[0]),
              Arrays.copyOfRange(p, 1 + p[0], 1 + 2 * p[0]),
              options);
      case "torus" -> Topologies.torus(Arrays.copyOf(p, p.length - 1), p[p.length - 1], options);
      case "mesh" -> Topologies.mesh(Arrays.copyOf(p, p.length - 1), p[p.length - 1], options);
      case "hypercube" -> Topologies.hypercube(p[0], p[1], options);
      case "dragonfly" -> Topologies.dragonfly(p[0], p[1], p[2], options);
      case "jellyfish" -> Topologies.jellyfish(p[0], p[1], p[2], params[3], options);
      case "directors" -> Topologies.directors(p[0], p[1], p[2], p[3], p[4], options);
      default ->
          throw new IllegalArgumentException(
              "unknown topology '" + kind + "'; known: " + String.join(", ", KINDS));
    };
  }

  /**
   * The torus-2QoS configuration of the generated torus or mesh ({@link Topologies#torusConfig}).
   *
   * @throws IllegalArgumentException for other kinds and for more than 3 dimensions
   */
  public TorusConfig torusConfig() {
    if (!kind.equals("torus") && !kind.equals("mesh")) {
      throw new IllegalArgumentException(
          "a torus-2QoS configuration exists for torus and mesh"
              + " fabrics only, not for "
              + kind);
    }
    int[] radix = new int[params.length - 1];
    for (int i = 0; i < radix.length; i++) {
      radix[i] = (int) params[i];
    }
    return Topologies.torusConfig(radix, (int) params[params.length - 1], kind.equals("torus"));
  }

  /** The spec in {@link #parse} syntax. */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder(kind);
    switch (kind) {
      case "xgft" -> {
        int h = (int) params[0];
        s.append(' ')
            .append(h)
            .append(' ')
            .append(join(params, 1, 1 + h))
            .append(' ')
            .append(join(params, 1 + h, 1 + 2 * h));
      }
      case "torus", "mesh" ->
          s.append(' ')
              .append(join(params, 0, params.length - 1))
              .append(' ')
              .append(params[params.length - 1]);
      default -> {
        for (long v : params) {
          s.append(' ').append(v);
        }
      }
    }
    if (options.lmc() != 0) {
      s.append(" lmc=").append(options.lmc());
    }
    if (options.radix() != 0) {
      s.append(" radix=").append(options.radix());
    }
    if (!java.util.Objects.equals(options.linkRate(), TopologyOptions.DEFAULT.linkRate())) {
      s.append(" rate=").append(options.linkRate() == null ? "none" : options.linkRate());
    }
    return s.toString();
  }

  private static String join(long[] values, int from, int to) {
    StringBuilder s = new StringBuilder();
    for (int i = from; i < to; i++) {
      s.append(i == from ? "" : ",").append(values[i]);
    }
    return s.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TopologySpec t
        && kind.equals(t.kind)
        && Arrays.equals(params, t.params)
        && options.equals(t.options);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Arrays.hashCode(params) * 17 + options.hashCode();
  }
}

package org.ibrouting.engines;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.ibrouting.routing.RoutingEngine;

/**
 * The registry of routing engines by name, open to engines of your own. Every {@link
 * EngineProvider} that {@link ServiceLoader} finds on the class path is registered the first time
 * the registry is used (the built-in engines first, in OpenSM's spirit of a static table: minhop,
 * dor, lash, updn, ...), plus those added with {@link #register}. Duplicate names are refused, as
 * OpenSM refuses them.
 *
 * <p>An engine is chosen by a <em>spec</em>: {@code NAME} or {@code NAME:SETTING=VALUE[:...]}
 * ({@code multiupdn:updn_trees=3}); a chain ({@code -R a,b} on the command line) is a
 * comma-separated list of specs, tried in order by {@link EngineChain}.
 *
 * <pre>{@code
 * RoutingEngine lash = Engines.create("lash", EngineConfig.none().withParam("lash_start_vl", "1"));
 * EngineChain.Result r = EngineChain.route(Engines.chain("dor,myengine,minhop", EngineConfig.none()),
 *     fabric, RoutingOptions.seeded(42));
 * }</pre>
 */
public final class Engines {
  private static final String BUILTIN_PACKAGE = "org.ibrouting.engines.internal.";
  private static final Object LOCK = new Object();
  private static Map<String, EngineProvider> registry;

  private Engines() {}

  private static Map<String, EngineProvider> registry() {
    synchronized (LOCK) {
      if (registry == null) {
        registry = load();
      }
      return registry;
    }
  }

  private static Map<String, EngineProvider> load() {
    List<EngineProvider> builtin = new ArrayList<>();
    List<EngineProvider> others = new ArrayList<>();
    Set<Class<?>> seen = new HashSet<>();
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    for (ClassLoader loader :
        context == null || context == Engines.class.getClassLoader()
            ? List.of(Engines.class.getClassLoader())
            : List.of(context, Engines.class.getClassLoader())) {
      try {
        for (EngineProvider provider : ServiceLoader.load(EngineProvider.class, loader)) {
          if (seen.add(provider.getClass())) {
            (provider.getClass().getName().startsWith(BUILTIN_PACKAGE) ? builtin : others)
                .add(provider);
          }
        }
      } catch (ServiceConfigurationError e) {
        throw new IllegalStateException(
            "cannot load the routing engines named in META-INF/services/"
                + EngineProvider.class.getName()
                + ": "
                + e.getMessage(),
            e);
      }
    }
    Map<String, EngineProvider> map = new LinkedHashMap<>();
    for (List<EngineProvider> list : List.of(builtin, others)) {
      for (EngineProvider provider : list) {
        add(map, provider);
      }
    }
    return map;
  }

  private static void add(Map<String, EngineProvider> map, EngineProvider provider) {
    String name = provider.name();
    if (name == null
        || name.isEmpty()
        || !name.equals(name.strip())
        || name.chars()
            .anyMatch(c -> c == ',' || c == ':' || c == '=' || Character.isWhitespace(c))) {
      throw new IllegalArgumentException(
          "engine name '"
              + name
              + "' of "
              + provider.getClass().getName()
              + " must be non-empty, without white space, ',', ':' or '='");
    }
    if (name.equals(EngineAdvisor.NAME)) {
      throw new IllegalArgumentException(
          "engine name '"
              + name
              + "' of "
              + provider.getClass().getName()
              + " is taken: -R "
              + name
              + " chooses among the engines (EngineAdvisor)");
    }
    for (String setting : provider.settings()) {
      if (!setting.equals(setting.strip().toLowerCase(Locale.ROOT)) || setting.isEmpty()) {
        throw new IllegalArgumentException(
            "engine "
                + name
                + " declares setting '"
                + setting
                + "'; setting names are lower case, without surrounding white space");
      }
    }
    EngineProvider old = map.putIfAbsent(name, provider);
    if (old != null) {
      throw new IllegalArgumentException(
          "engine name '"
              + name
              + "' registered twice: by "
              + old.getClass().getName()
              + " and "
              + provider.getClass().getName());
    }
  }

  /**
   * Adds an engine at run time, after those found by {@link ServiceLoader}.
   *
   * @throws IllegalArgumentException when the name is taken or malformed
   */
  public static void register(EngineProvider provider) {
    synchronized (LOCK) {
      Map<String, EngineProvider> copy = new LinkedHashMap<>(registry());
      add(copy, provider);
      registry = copy;
    }
  }

  /** Removes an engine added with {@link #register} (tests clean up with it). */
  static void unregister(String name) {
    synchronized (LOCK) {
      Map<String, EngineProvider> copy = new LinkedHashMap<>(registry());
      copy.remove(name);
      registry = copy;
    }
  }

  /** The names of all engines: the built-in ones in their fixed order, then the others. */
  public static List<String> names() {
    return Collections.unmodifiableList(new ArrayList<>(registry().keySet()));
  }

  /**
   * The provider registered under {@code name}.
   *
   * @throws IllegalArgumentException for an unknown name; the message lists the known ones
   */
  public static EngineProvider provider(String name) {
    EngineProvider provider = registry().get(name);
    if (provider == null) {
      throw new IllegalArgumentException(
          "unknown routing engine '"
              + name
              + "'; known engines: "
              + String.join(", ", registry().keySet()));
    }
    return provider;
  }

  /** The names of the settings engine {@code name} reads (empty for an unknown engine). */
  public static Set<String> settingsOf(String name) {
    EngineProvider provider = registry().get(name);
    return provider == null ? Set.of() : Set.copyOf(provider.settings());
  }

  /**
   * The engine name of a spec such as {@code multiupdn:updn_trees=3} (the part before the first
   * ':').
   */
  public static String nameOf(String spec) {
    int colon = spec.indexOf(':');
    return (colon < 0 ? spec : spec.substring(0, colon)).trim();
  }

  /**
   * Creates the engine a spec names: {@code NAME} or {@code NAME:SETTING=VALUE[:SETTING=VALUE...]}.
   * Settings in the spec override those of {@code config}. Every setting, in the spec or in {@code
   * config}, must be one the engine reads.
   *
   * @throws IllegalArgumentException for an unknown name (the message lists the known ones), a
   *     setting the engine does not read, or a value it cannot take
   */
  public static RoutingEngine create(String spec, EngineConfig config) {
    String name = nameOf(spec);
    EngineProvider provider = provider(name);
    EngineConfig own = withSpecSettings(spec, provider, config);
    for (String param : own.params().keySet()) {
      if (!provider.settings().contains(param)) {
        throw new IllegalArgumentException(
            name
                + " does not read parameter '"
                + param
                + "'"
                + readsClause(provider.settings(), "it takes no settings", "it reads: "));
      }
    }
    return provider.create(own);
  }

  /**
   * Creates the engines of a comma-separated chain such as {@code dor,minhop}; each element is a
   * spec as {@link #create} takes it. A setting of {@code config} goes to the engines that read it,
   * and must be read by one of them.
   *
   * @throws IllegalArgumentException for an empty chain, an unknown engine, or a setting no engine
   *     of the chain reads
   */
  public static List<RoutingEngine> chain(String specs, EngineConfig config) {
    List<String> elements = new ArrayList<>();
    TreeSet<String> known = new TreeSet<>();
    for (String spec : specs.split(",")) {
      String trimmed = spec.trim();
      if (!trimmed.isEmpty()) {
        elements.add(trimmed);
        known.addAll(provider(nameOf(trimmed)).settings());
      }
    }
    if (elements.isEmpty()) {
      throw new IllegalArgumentException("no routing engine named in '" + specs + "'");
    }
    for (String param : config.params().keySet()) {
      if (!known.contains(param)) {
        throw new IllegalArgumentException(
            "no engine of '"
                + specs
                + "' reads parameter '"
                + param
                + "'"
                + readsClause(known, "these engines take no parameters", "they read: "));
      }
    }
    List<RoutingEngine> engines = new ArrayList<>();
    for (String spec : elements) {
      engines.add(create(spec, config.onlyParams(provider(nameOf(spec)).settings())));
    }
    return engines;
  }

  private static EngineConfig withSpecSettings(
      String spec, EngineProvider provider, EngineConfig config) {
    EngineConfig own = config;
    String[] parts = spec.split(":");
    for (int i = 1; i < parts.length; i++) {
      String setting = parts[i].trim();
      int eq = setting.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "engine spec '" + spec + "': expected NAME=VALUE after ':', found '" + setting + "'");
      }
      String param = setting.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      if (!provider.settings().contains(param)) {
        throw new IllegalArgumentException(
            "engine spec '"
                + spec
                + "': "
                + provider.name()
                + " does not read '"
                + param
                + "'"
                + readsClause(provider.settings(), "it takes no settings", "it reads: "));
      }
      own = own.withParam(param, setting.substring(eq + 1));
    }
    return own;
  }

  private static String readsClause(Set<String> settings, String none, String some) {
    return settings.isEmpty()
        ? "; " + none
        : "; " + some + String.join(", ", new TreeSet<>(settings));
  }
}

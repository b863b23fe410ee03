package org.ibrouting.engines;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
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
 * RoutingEngine lash = Engines.create("lash", EngineConfig.none().with(LashProvider.START_VL, 1));
 * EngineChain.Result r = EngineChain.route(Engines.chain("dor,myengine,minhop", EngineConfig.none()),
 *     fabric, RoutingOptions.seeded(42));
 * }</pre>
 */
public final class Engines {
  /** The name {@code -R} chooses {@link EngineAdvisor} by; no engine may take it. */
  static final String ADVISOR_NAME = "best";

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
            (isBuiltin(provider.getClass()) ? builtin : others).add(provider);
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
    if (name.equals(ADVISOR_NAME)) {
      throw new IllegalArgumentException(
          "engine name '"
              + name
              + "' of "
              + provider.getClass().getName()
              + " is taken: -R "
              + name
              + " chooses among the engines (EngineAdvisor)");
    }
    Map<String, EngineSetting<?>> keys = new HashMap<>();
    for (EngineSetting<?> key : provider.reads()) {
      EngineSetting<?> other = keys.putIfAbsent(key.name(), key);
      if (other != null && key.isSetting() && other.isSetting()) {
        throw new IllegalArgumentException(
            "engine " + name + " declares two settings named '" + key.name() + "'");
      }
    }
    for (String setting : settingNames(provider)) {
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
      throw new DuplicateEngineException(
          name,
          "engine name '"
              + name
              + "' is taken by "
              + describe(old)
              + "; "
              + describe(provider)
              + " cannot have it too: choose another name");
    }
  }

  /**
   * Whether {@code type} is one of this library's own providers: it comes from the module of the
   * registry (where the library runs as a module), else from the same jar or class folder. The
   * built-in engines are listed first, in the order of the library's services file.
   */
  private static boolean isBuiltin(Class<?> type) {
    Module module = Engines.class.getModule();
    if (module.isNamed()) {
      return type.getModule() == module;
    }
    return Objects.equals(codeSource(type), codeSource(Engines.class));
  }

  private static String codeSource(Class<?> type) {
    java.security.CodeSource source = type.getProtectionDomain().getCodeSource();
    return source == null || source.getLocation() == null ? null : source.getLocation().toString();
  }

  /** Who registered {@code provider}, in the words of the registry's user. */
  private static String describe(EngineProvider provider) {
    Class<?> type = provider.getClass();
    if (type.isAnonymousClass() && type.getEnclosingClass() == EngineProvider.class) {
      return "EngineProvider.of(\"" + provider.name() + "\", ...)";
    }
    if (isBuiltin(type)) {
      return "the built-in engine " + provider.name();
    }
    return "provider " + type.getName();
  }

  /**
   * Adds an engine at run time, after those found by {@link ServiceLoader}, for the rest of the
   * JVM's life; {@link #registerUntilClosed} adds one for a scope.
   *
   * @throws DuplicateEngineException when the name is taken
   * @throws IllegalArgumentException when the name is malformed
   */
  public static void register(EngineProvider provider) {
    synchronized (LOCK) {
      Map<String, EngineProvider> copy = new LinkedHashMap<>(registry());
      add(copy, provider);
      registry = copy;
    }
  }

  /**
   * Adds an engine until the returned registration is closed, e.g. for one test:
   *
   * <pre>{@code
   * try (Engines.Registration mine = Engines.registerUntilClosed(
   *     EngineProvider.of("mine", Set.of(), config -> new MyEngine()))) {
   *   Engines.create("mine", EngineConfig.none()) ...
   * }                                         // "mine" is unknown again
   * }</pre>
   *
   * @throws DuplicateEngineException when the name is taken
   * @throws IllegalArgumentException when the name is malformed
   */
  public static Registration registerUntilClosed(EngineProvider provider) {
    register(provider);
    return new Registration(provider);
  }

  /**
   * An engine added by {@link #registerUntilClosed}; closing it removes that engine from the
   * registry (once; a name registered again by another provider since stays).
   */
  public static final class Registration implements AutoCloseable {
    private final EngineProvider provider;

    private Registration(EngineProvider provider) {
      this.provider = provider;
    }

    /** The registered engine's name. */
    public String name() {
      return provider.name();
    }

    /** Removes the engine, unless it is gone already. */
    @Override
    public void close() {
      synchronized (LOCK) {
        if (registry().get(provider.name()) == provider) {
          Map<String, EngineProvider> copy = new LinkedHashMap<>(registry());
          copy.remove(provider.name());
          registry = copy;
        }
      }
    }
  }

  /** The names of all engines: the built-in ones in their fixed order, then the others. */
  public static List<String> names() {
    return Collections.unmodifiableList(new ArrayList<>(registry().keySet()));
  }

  /**
   * The provider registered under {@code name}.
   *
   * @throws UnknownEngineException for an unknown name; it carries the known ones
   */
  public static EngineProvider provider(String name) {
    Map<String, EngineProvider> now = registry();
    EngineProvider provider = now.get(name);
    if (provider == null) {
      throw new UnknownEngineException(name, new ArrayList<>(now.keySet()));
    }
    return provider;
  }

  /** The names of the settings engine {@code name} reads (empty for an unknown engine). */
  public static Set<String> settingsOf(String name) {
    EngineProvider provider = registry().get(name);
    return provider == null ? Set.of() : settingNames(provider);
  }

  /**
   * The typed settings and inputs engine {@code name} declares ({@link EngineProvider#reads()}),
   * for help text: each with its type, default, expected form and description. Empty for an unknown
   * engine, and for one that names its settings only ({@link #settingsOf} has those).
   */
  public static Set<EngineSetting<?>> readsOf(String name) {
    EngineProvider provider = registry().get(name);
    return provider == null ? Set.of() : Set.copyOf(provider.reads());
  }

  /** The names of the settings {@code provider} reads: by name and as typed keys. */
  private static Set<String> settingNames(EngineProvider provider) {
    Set<String> names = new TreeSet<>(provider.settings());
    for (EngineSetting<?> key : provider.reads()) {
      if (key.isSetting()) {
        names.add(key.name());
      }
    }
    return Collections.unmodifiableSet(names);
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
   * config} (by name or by typed key), must be one the engine reads; inputs ({@link EngineInputs})
   * go to the engine whether it reads them or not.
   *
   * @throws UnknownEngineException for an unknown name (it carries the known ones)
   * @throws EngineSettingException for a setting the engine does not read, or a value it cannot
   *     take (it carries the setting's key, its value and what was expected)
   */
  public static RoutingEngine create(String spec, EngineConfig config) {
    String name = nameOf(spec);
    EngineProvider provider = provider(name);
    EngineConfig own = withSpecSettings(spec, provider, config);
    Set<String> reads = settingNames(provider);
    for (Map.Entry<String, String> param : own.params().entrySet()) {
      if (!reads.contains(param.getKey())) {
        throw new EngineSettingException(
            name
                + " does not read parameter '"
                + param.getKey()
                + "'"
                + readsClause(reads, "it takes no settings", "it reads: "),
            name,
            param.getKey(),
            param.getValue(),
            expectedSetting(name, reads));
      }
    }
    try {
      return provider.create(own);
    } catch (EngineSettingException e) {
      throw e.ofEngine(name);
    }
  }

  private static String expectedSetting(String engines, Set<String> settings) {
    return settings.isEmpty()
        ? "no setting: " + engines + " take(s) none"
        : "a setting " + engines + " read(s): " + String.join(", ", new TreeSet<>(settings));
  }

  /**
   * Creates the engines of a comma-separated chain such as {@code dor,minhop}; each element is a
   * spec as {@link #create} takes it. A setting of {@code config} goes to the engines that read it,
   * and must be read by one of them.
   *
   * @throws UnknownEngineException for an unknown engine
   * @throws EngineSettingException for a setting no engine of the chain reads, or a value an engine
   *     cannot take
   * @throws IllegalArgumentException for an empty chain
   */
  public static List<RoutingEngine> chain(String specs, EngineConfig config) {
    List<String> elements = new ArrayList<>();
    TreeSet<String> known = new TreeSet<>();
    for (String spec : specs.split(",")) {
      String trimmed = spec.trim();
      if (!trimmed.isEmpty()) {
        elements.add(trimmed);
        known.addAll(settingNames(provider(nameOf(trimmed))));
      }
    }
    if (elements.isEmpty()) {
      throw new IllegalArgumentException("no routing engine named in '" + specs + "'");
    }
    for (Map.Entry<String, String> param : config.params().entrySet()) {
      if (!known.contains(param.getKey())) {
        throw new EngineSettingException(
            "no engine of '"
                + specs
                + "' reads parameter '"
                + param.getKey()
                + "'"
                + readsClause(known, "these engines take no parameters", "they read: "),
            null,
            param.getKey(),
            param.getValue(),
            expectedSetting("the engines of '" + specs + "'", known));
      }
    }
    List<RoutingEngine> engines = new ArrayList<>();
    for (String spec : elements) {
      engines.add(create(spec, config.onlyParams(settingNames(provider(nameOf(spec))))));
    }
    return engines;
  }

  private static EngineConfig withSpecSettings(
      String spec, EngineProvider provider, EngineConfig config) {
    EngineConfig own = config;
    Set<String> reads = settingNames(provider);
    String[] parts = spec.split(":");
    for (int i = 1; i < parts.length; i++) {
      String setting = parts[i].trim();
      int eq = setting.indexOf('=');
      if (eq <= 0) {
        throw new EngineSettingException(
            "engine spec '" + spec + "': expected NAME=VALUE after ':', found '" + setting + "'",
            provider.name(),
            setting,
            null,
            "NAME=VALUE after ':'");
      }
      String param = setting.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      if (!reads.contains(param)) {
        throw new EngineSettingException(
            "engine spec '"
                + spec
                + "': "
                + provider.name()
                + " does not read '"
                + param
                + "'"
                + readsClause(reads, "it takes no settings", "it reads: "),
            provider.name(),
            param,
            setting.substring(eq + 1).trim(),
            expectedSetting(provider.name(), reads));
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

package org.ibrouting.engines;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.ibrouting.fabric.Fabric;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The boundaries of routing-engines, read from the compiled main classes (ArchUnit) and the module
 * descriptor: each engine is one package that reaches other engines only through the named family
 * packages, no cycle between packages, the registry knows no engine by name, routing-core's
 * internal package holds only what several packages share, and the module provides exactly the
 * engines of the services file.
 */
class ArchitectureTest {
  private static final String ROOT = "org.ibrouting.engines";

  /** The packages that engines share code through; not exported by the module. */
  private static final Set<String> FAMILIES = Set.of(ROOT + ".updown", ROOT + ".ssspfamily");

  /** The repair contract every engine may offer (RepairCapability, RepairRule). */
  private static final String REPAIR = ROOT + ".reroute";

  /**
   * The only classes of one engine another engine builds on, with the engines that may use them:
   * MINHOP's table builder (OpenSM's osm_ucast_mgr, shared by dor and the Up*&#47;Down* engines)
   * and the SSSP engine DFSSSP assigns its VLs to ({@code DfssspEngine.ssspEngine()}, public API).
   */
  private static final Map<String, Set<String>> SHARED_ENGINE_CLASSES =
      Map.of(
          ROOT + ".minhop.MinhopLftBuilder",
              Set.of(ROOT + ".dor", ROOT + ".updn", ROOT + ".dnup", ROOT + ".multiupdn"),
          ROOT + ".sssp.SsspEngine", Set.of(ROOT + ".dfsssp"));

  private static Path enginesLocation;
  private static Path coreLocation;
  private static JavaClasses engines;
  private static JavaClasses coreAndEngines;
  private static List<String> services;

  @BeforeAll
  static void importClasses() throws IOException, URISyntaxException {
    enginesLocation = location(Engines.class);
    coreLocation = location(Fabric.class);
    engines = importFrom(enginesLocation);
    coreAndEngines = importFrom(enginesLocation, coreLocation);
    services = servicesFile();
  }

  private static Path location(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static JavaClasses importFrom(Path... locations) throws IOException {
    List<URL> urls = new ArrayList<>();
    for (Path location : locations) {
      urls.add(location.toUri().toURL());
    }
    return new ClassFileImporter().importUrls(urls);
  }

  /** The provider classes routing-engines' META-INF/services names, in the registry's order. */
  private static List<String> servicesFile() throws IOException {
    String resource = "META-INF/services/" + EngineProvider.class.getName();
    URI uri =
        Files.isDirectory(enginesLocation)
            ? enginesLocation.resolve(resource).toUri()
            : URI.create("jar:" + enginesLocation.toUri() + "!/" + resource);
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(uri.toURL().openStream(), StandardCharsets.UTF_8))) {
      return in.lines()
          .map(line -> line.replaceAll("#.*", "").strip())
          .filter(line -> !line.isEmpty())
          .toList();
    }
  }

  /** The engine packages: one per provider of the services file. */
  private static Set<String> enginePackages() {
    return services.stream()
        .map(name -> name.substring(0, name.lastIndexOf('.')))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static String packageOf(JavaClass type) {
    return type.getPackageName();
  }

  private static String topLevel(JavaClass type) {
    String name = type.getName();
    int nested = name.indexOf('$');
    return nested < 0 ? name : name.substring(0, nested);
  }

  @Test
  void everyEngineHasItsOwnPackage() {
    Set<String> packages = enginePackages();
    assertEquals(services.size(), packages.size(), "one provider per package: " + services);
    for (String p : packages) {
      assertTrue(!p.equals(ROOT) && !FAMILIES.contains(p) && !p.equals(REPAIR), p);
    }
  }

  @Test
  void noCycleBetweenPackages() {
    slices().matching("org.ibrouting.(**)").should().beFreeOfCycles().check(engines);
  }

  @Test
  void anEngineReachesAnotherOnlyThroughTheFamilies() {
    Set<String> enginePackages = enginePackages();
    Set<String> violations = new TreeSet<>();
    for (JavaClass type : engines) {
      String from = packageOf(type);
      if (!enginePackages.contains(from)) {
        continue;
      }
      for (Dependency d : type.getDirectDependenciesFromSelf()) {
        String to = packageOf(d.getTargetClass());
        if (to.equals(from) || !enginePackages.contains(to)) {
          continue;
        }
        Set<String> allowed = SHARED_ENGINE_CLASSES.get(topLevel(d.getTargetClass()));
        if (allowed == null || !allowed.contains(from)) {
          violations.add(d.getDescription());
        }
      }
    }
    assertEquals(
        Set.of(),
        violations,
        "an engine's package uses another engine's; share the code through a family package ("
            + FAMILIES
            + ")");
  }

  @Test
  void theRegistryFamiliesAndRepairKnowNoEngine() {
    Set<String> enginePackages = enginePackages();
    Set<String> violations = new TreeSet<>();
    for (JavaClass type : engines) {
      String from = packageOf(type);
      if (enginePackages.contains(from)) {
        continue;
      }
      for (Dependency d : type.getDirectDependenciesFromSelf()) {
        String to = packageOf(d.getTargetClass());
        boolean upIntoRepair = FAMILIES.contains(from) && to.equals(REPAIR);
        if (enginePackages.contains(to) || upIntoRepair) {
          violations.add(d.getDescription());
        }
      }
    }
    assertEquals(
        Set.of(),
        violations,
        "an arrow back up: the registry, the repair contract and the family packages must not"
            + " depend on an engine (engines are found through META-INF/services)");
  }

  /**
   * A type of routing-core's {@code org.ibrouting.internal} that one engine package alone uses
   * belongs in that package.
   */
  @Test
  void coreInternalHoldsOnlySharedMachinery() {
    String internal = "org.ibrouting.internal";
    Map<String, Set<String>> users = new TreeMap<>();
    for (JavaClass type : coreAndEngines) {
      String from = packageOf(type);
      if (from.equals(internal)) {
        continue;
      }
      for (Dependency d : type.getDirectDependenciesFromSelf()) {
        if (packageOf(d.getTargetClass()).equals(internal)) {
          users.computeIfAbsent(topLevel(d.getTargetClass()), k -> new TreeSet<>()).add(from);
        }
      }
    }
    Map<String, Set<String>> single = new TreeMap<>();
    users.forEach(
        (type, packages) -> {
          if (packages.size() == 1 && packages.iterator().next().startsWith(ROOT + ".")) {
            single.put(type, packages);
          }
        });
    assertEquals(Map.of(), single, "core's internal types used by one engine package only");
  }

  private static ModuleDescriptor descriptor(Path location) {
    return ModuleFinder.of(location).findAll().iterator().next().descriptor();
  }

  @Test
  void theModuleExportsTheApiAndProvidesTheServicesFilesEngines() {
    ModuleDescriptor module = descriptor(enginesLocation);
    assertEquals("org.ibrouting.engines", module.name());
    Set<String> exported = new TreeSet<>();
    for (ModuleDescriptor.Exports e : module.exports()) {
      assertTrue(!e.isQualified(), "engines exports " + e + " to named modules only");
      exported.add(e.source());
    }
    Set<String> expected = new TreeSet<>(module.packages());
    expected.removeAll(FAMILIES);
    assertEquals(expected, exported, "every package but the families is API");
    List<String> provided =
        module.provides().stream()
            .filter(p -> p.service().equals(EngineProvider.class.getName()))
            .flatMap(p -> p.providers().stream())
            .toList();
    assertEquals(services, provided, "module-info's provides and META-INF/services agree");
    ModuleDescriptor core = descriptor(coreLocation);
    for (ModuleDescriptor.Exports e : core.exports()) {
      if (e.source().equals("org.ibrouting.internal")) {
        assertEquals(Set.of("org.ibrouting.engines", "org.ibrouting.testkit"), e.targets());
      }
    }
  }

  /**
   * On the module path (routing-core, routing-engines, fastutil as modules), ServiceLoader finds
   * the built-in engines through {@code provides} alone, and the registry lists them first, in the
   * services file's order.
   */
  @Test
  void theEnginesLoadAsModules() throws Exception {
    Path fastutil = location(it.unimi.dsi.fastutil.ints.IntArrayList.class);
    ModuleFinder finder = ModuleFinder.of(enginesLocation, coreLocation, fastutil);
    Configuration config =
        ModuleLayer.boot()
            .configuration()
            .resolveAndBind(finder, ModuleFinder.of(), Set.of("org.ibrouting.engines"));
    ModuleLayer layer =
        ModuleLayer.boot().defineModulesWithOneLoader(config, ClassLoader.getPlatformClassLoader());
    ClassLoader loader = layer.findLoader("org.ibrouting.engines");
    Class<?> service = loader.loadClass(EngineProvider.class.getName());
    List<String> found = new ArrayList<>();
    for (Object provider : ServiceLoader.load(layer, service)) {
      found.add(provider.getClass().getName());
      assertEquals("org.ibrouting.engines", provider.getClass().getModule().getName());
    }
    assertEquals(services, found);
    // the registry also asks the thread's context loader: here the test's, whose class path holds
    // another copy of the engines, so the layer's loader stands in as an application's would
    Thread thread = Thread.currentThread();
    ClassLoader context = thread.getContextClassLoader();
    Object names;
    try {
      thread.setContextClassLoader(loader);
      names = loader.loadClass(Engines.class.getName()).getMethod("names").invoke(null);
    } finally {
      thread.setContextClassLoader(context);
    }
    assertEquals(Engines.names().subList(0, services.size()), names);
    assertTrue(finder.find("org.ibrouting.core").map(ModuleReference::descriptor).isPresent());
  }
}

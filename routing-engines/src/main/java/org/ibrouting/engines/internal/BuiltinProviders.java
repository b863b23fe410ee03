package org.ibrouting.engines.internal;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.dfsssp.DfssspEngine;
import org.ibrouting.engines.dmodc.DmodcEngine;
import org.ibrouting.engines.dmodc.DmodcFormula;
import org.ibrouting.engines.dnup.DnupEngine;
import org.ibrouting.engines.dor.DorEngine;
import org.ibrouting.engines.ftree.FtreeEngine;
import org.ibrouting.engines.lash.LashEngine;
import org.ibrouting.engines.minhop.MinhopEngine;
import org.ibrouting.engines.multiupdn.MultiUpdnEngine;
import org.ibrouting.engines.nue.NueEngine;
import org.ibrouting.engines.p2sssp.P2ssspEngine;
import org.ibrouting.engines.sar.SarEngine;
import org.ibrouting.engines.sssp.SsspEngine;
import org.ibrouting.engines.torus2qos.Torus2QosEngine;
import org.ibrouting.engines.updn.UpdnEngine;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.RoutingEngine;

/**
 * Not API. The built-in engines' entries in the registry, one class each, named in this jar's
 * {@code META-INF/services/org.ibrouting.engines.EngineProvider} in the order the registry lists
 * them. Not API: use {@link org.ibrouting.engines.Engines}.
 */
public final class BuiltinProviders {
  private BuiltinProviders() {}

  /** A provider from its parts; the subclasses exist because ServiceLoader instantiates classes. */
  abstract static class Builtin extends ProviderParts {
    Builtin(String name, Set<String> settings, Function<EngineConfig, RoutingEngine> factory) {
      super(name, settings, factory);
    }
  }

  /** {@code minhop}. */
  public static final class Minhop extends Builtin {
    /** Registers MINHOP. */
    public Minhop() {
      super("minhop", Set.of(), config -> new MinhopEngine());
    }
  }

  /** {@code dor}. */
  public static final class Dor extends Builtin {
    /** Registers DOR. */
    public Dor() {
      super(
          "dor",
          Set.of("dor_require_cube"),
          config -> new DorEngine(config.booleanParam("dor_require_cube", true)));
    }
  }

  /** {@code lash}. */
  public static final class Lash extends Builtin {
    /** Registers LASH. */
    public Lash() {
      super(
          "lash",
          Set.of("lash_start_vl"),
          config -> new LashEngine(config.intParam("lash_start_vl", 0, 0, 14)));
    }
  }

  /** {@code updn}. */
  public static final class Updn extends Builtin {
    /** Registers Up*&#47;Down*. */
    public Updn() {
      super(
          "updn",
          Set.of("updn_auto_root"),
          config ->
              new UpdnEngine(
                  new UpdnEngine.Settings(
                      config.roots().orElse(null), config.booleanParam("updn_auto_root", true))));
    }
  }

  /** {@code dnup}. */
  public static final class Dnup extends Builtin {
    /** Registers Down*&#47;Up*. */
    public Dnup() {
      super("dnup", Set.of(), config -> new DnupEngine());
    }
  }

  /** {@code sssp}. */
  public static final class Sssp extends Builtin {
    /** Registers SSSP. */
    public Sssp() {
      super(
          "sssp",
          Set.of("minimal"),
          config ->
              new SsspEngine(
                  new SsspEngine.Settings(
                      config.booleanParam("minimal", true),
                      config.computeNodes().orElse(null),
                      config.ioNodes().orElse(null))));
    }
  }

  /** {@code dfsssp}. */
  public static final class Dfsssp extends Builtin {
    /** Registers DFSSSP. */
    public Dfsssp() {
      super(
          "dfsssp",
          Set.of("balance"),
          config ->
              new DfssspEngine(
                  new DfssspEngine.Settings(
                      config.booleanParam("balance", false),
                      config.computeNodes().orElse(null),
                      config.ioNodes().orElse(null))));
    }
  }

  /** {@code multiupdn}. */
  public static final class MultiUpdn extends Builtin {
    /** Registers multi-tree Up*&#47;Down*. */
    public MultiUpdn() {
      super(
          "multiupdn",
          Set.of("updn_trees", "multiupdn_choice"),
          config ->
              new MultiUpdnEngine(
                  new MultiUpdnEngine.Settings(
                      config.intParam("updn_trees", 0, 1, 15),
                      MultiUpdnEngine.Choice.valueOf(
                          config
                              .choiceParam("multiupdn_choice", "random", "random", "load")
                              .toUpperCase(Locale.ROOT)),
                      config.roots().orElse(null))));
    }
  }

  /** {@code p2sssp}. */
  public static final class P2sssp extends Builtin {
    /** Registers P²-SSSP. */
    public P2sssp() {
      super("p2sssp", Set.of(), config -> new P2ssspEngine());
    }
  }

  /** {@code ftree}. */
  public static final class Ftree extends Builtin {
    /** Registers fat-tree routing. */
    public Ftree() {
      super(
          "ftree",
          Set.of("max_reverse_hops", "connect_roots"),
          config ->
              new FtreeEngine(
                  new FtreeEngine.Settings(
                      config.roots().orElse(null),
                      config.computeNodes().orElse(null),
                      config.ioNodes().orElse(null),
                      config.intParam("max_reverse_hops", 0, 0, 255),
                      config.booleanParam("connect_roots", false))));
    }
  }

  /** {@code nue}. */
  public static final class Nue extends Builtin {
    /** Registers Nue. */
    public Nue() {
      super(
          "nue",
          Set.of("nue_max_num_vls", "nue_include_switches"),
          config ->
              new NueEngine(
                  config.intParam("nue_max_num_vls", 1, 1, 15),
                  config.booleanParam("nue_include_switches", false)));
    }
  }

  /** {@code sar}. */
  public static final class Sar extends Builtin {
    /** Registers SAR. */
    public Sar() {
      super(
          "sar",
          Set.of("balance"),
          config ->
              new SarEngine(
                  new SarEngine.Settings(
                      config.jobs().orElse(null),
                      config.ioNodes().orElse(null),
                      config.booleanParam("balance", false))));
    }

    /** SAR routes by jobs: without a job map there is nothing it adds to DFSSSP. */
    @Override
    public Optional<String> whyNotApplicable(Fabric fabric, EngineConfig config) {
      return config.jobs().isPresent()
          ? Optional.empty()
          : Optional.of("sar: needs a job-to-node map (which nodes every job runs on)");
    }
  }

  /** {@code torus-2QoS}. */
  public static final class Torus2Qos extends Builtin {
    /** Registers torus-2QoS. */
    public Torus2Qos() {
      super(
          Torus2QosEngine.NAME,
          Set.of("torus_sl2vl"),
          config ->
              new Torus2QosEngine(
                  config.torusConfig().orElse(null),
                  Torus2QosEngine.Sl2Vl.valueOf(
                      config
                          .choiceParam("torus_sl2vl", "port", "port", "identity")
                          .toUpperCase(Locale.ROOT))));
    }

    /** torus-2QoS learns the torus's size, seed links and datelines from its torus-2QoS.conf. */
    @Override
    public Optional<String> whyNotApplicable(Fabric fabric, EngineConfig config) {
      return config.torusConfig().isPresent()
          ? Optional.empty()
          : Optional.of(
              Torus2QosEngine.NAME
                  + ": needs its torus-2QoS.conf (the torus's size, seed links and datelines)");
    }
  }

  /** {@code dmodc}. */
  public static final class Dmodc extends Builtin {
    /** Registers Dmodc. */
    public Dmodc() {
      super(
          DmodcEngine.NAME,
          Set.of("dmodc_variant"),
          config ->
              new DmodcEngine(
                  DmodcFormula.Variant.valueOf(
                      config
                          .choiceParam("dmodc_variant", "keep", "keep", "paper")
                          .toUpperCase(Locale.ROOT))));
    }
  }
}

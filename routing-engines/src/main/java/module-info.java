/**
 * The routing engines, their registry ({@link org.ibrouting.engines.Engines}), chains, the advisor
 * and incremental re-routing. Each engine is a package of its own with its provider; the families'
 * shared machinery ({@code org.ibrouting.engines.updown}, {@code org.ibrouting.engines.ssspfamily})
 * is not exported.
 */
module org.ibrouting.engines {
  requires transitive org.ibrouting.core;
  requires it.unimi.dsi.fastutil.core;

  exports org.ibrouting.engines;
  exports org.ibrouting.engines.dfsssp;
  exports org.ibrouting.engines.dmodc;
  exports org.ibrouting.engines.dnup;
  exports org.ibrouting.engines.dor;
  exports org.ibrouting.engines.ftree;
  exports org.ibrouting.engines.lash;
  exports org.ibrouting.engines.minhop;
  exports org.ibrouting.engines.multiupdn;
  exports org.ibrouting.engines.nue;
  exports org.ibrouting.engines.p2sssp;
  exports org.ibrouting.engines.reroute;
  exports org.ibrouting.engines.sar;
  exports org.ibrouting.engines.sssp;
  exports org.ibrouting.engines.torus2qos;
  exports org.ibrouting.engines.updn;

  uses org.ibrouting.engines.EngineProvider;

  // the built-in engines, in the registry's order (as in META-INF/services for the class path)
  provides org.ibrouting.engines.EngineProvider with
      org.ibrouting.engines.minhop.MinhopProvider,
      org.ibrouting.engines.dor.DorProvider,
      org.ibrouting.engines.lash.LashProvider,
      org.ibrouting.engines.updn.UpdnProvider,
      org.ibrouting.engines.dnup.DnupProvider,
      org.ibrouting.engines.sssp.SsspProvider,
      org.ibrouting.engines.dfsssp.DfssspProvider,
      org.ibrouting.engines.multiupdn.MultiUpdnProvider,
      org.ibrouting.engines.p2sssp.P2ssspProvider,
      org.ibrouting.engines.ftree.FtreeProvider,
      org.ibrouting.engines.nue.NueProvider,
      org.ibrouting.engines.sar.SarProvider,
      org.ibrouting.engines.torus2qos.Torus2QosProvider,
      org.ibrouting.engines.dmodc.DmodcProvider;
}

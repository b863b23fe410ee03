/**
 * The fabric model, the routing result, analysis, topology generators and the simulator. The
 * machinery in {@code org.ibrouting.internal} is not API: it is exported to the engines and the
 * test kit only.
 */
module org.ibrouting.core {
  requires transitive it.unimi.dsi.fastutil.core;

  exports org.ibrouting.analysis;
  exports org.ibrouting.fabric;
  exports org.ibrouting.paths;
  exports org.ibrouting.routing;
  exports org.ibrouting.simulation;
  exports org.ibrouting.topology;
  exports org.ibrouting.internal to
      org.ibrouting.engines,
      org.ibrouting.testkit;
}

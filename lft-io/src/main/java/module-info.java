/**
 * Readers and writers of the files OpenSM and infiniband-diags use (ibnetdiscover output, ibsim
 * nets, LFT dumps, SL files, torus-2QoS.conf, opensm.conf and QoS policies), with parse errors that
 * name file, line and column. {@code org.ibrouting.io.internal} is not exported.
 */
module org.ibrouting.io {
  requires transitive org.ibrouting.core;
  requires it.unimi.dsi.fastutil.core;

  exports org.ibrouting.io;
  exports org.ibrouting.io.ibnetdiscover;
  exports org.ibrouting.io.ibsim;
  exports org.ibrouting.io.lft;
  exports org.ibrouting.io.opensm;
  exports org.ibrouting.io.sl;
  exports org.ibrouting.io.torus;
}

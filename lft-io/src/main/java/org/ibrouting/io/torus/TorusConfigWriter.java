package org.ibrouting.io.torus;

import java.io.IOException;
import java.nio.file.Path;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.topology.TorusConfig;

/**
 * Writes a {@link TorusConfig} as the {@code torus-2QoS.conf} that OpenSM reads ({@code opensm -R
 * torus-2QoS --torus_config FILE}) and {@link TorusConfigReader} reads back to an equal value.
 * Lines: the size ({@code torus X Y Z}, or {@code mesh X Y Z}, a suffix {@code m} or {@code t}
 * where one dimension differs), per seed its links and non-zero datelines ({@code next_seed}
 * between seeds), then the settings that differ from OpenSM's defaults.
 */
public final class TorusConfigWriter {
  private TorusConfigWriter() {}

  /** The file's text; {@code comment} (may be null) becomes a leading {@code #} line. */
  public static String format(TorusConfig config, String comment) {
    StringBuilder sb = new StringBuilder();
    if (comment != null) {
      for (String line : comment.split("\n")) {
        sb.append("# ").append(line).append('\n');
      }
    }
    boolean allMesh = config.isAllMesh();
    sb.append(allMesh ? "mesh" : "torus");
    for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
      sb.append(' ').append(config.radix(d));
      if (!allMesh && config.isMesh(d)) {
        sb.append('m');
      }
    }
    sb.append('\n');
    for (int s = 0; s < config.seeds().size(); s++) {
      TorusConfig.Seed seed = config.seeds().get(s);
      if (s > 0) {
        sb.append("next_seed\n");
      }
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        for (boolean positive : new boolean[] {true, false}) {
          TorusConfig.SeedLink link = seed.link(d, positive);
          if (link != null) {
            sb.append("xyz".charAt(d))
                .append(positive ? "p" : "m")
                .append(String.format("_link 0x%016x 0x%016x", link.fromGuid(), link.toGuid()))
                .append('\n');
          }
        }
      }
      for (int d = 0; d < TorusConfig.MAX_DIMS; d++) {
        if (seed.dateline(d) != 0) {
          sb.append("xyz".charAt(d)).append("_dateline ").append(seed.dateline(d)).append('\n');
        }
      }
    }
    if (config.portgroupMaxPorts() != TorusConfig.DEFAULT_PORTGROUP_MAX_PORTS) {
      sb.append("portgroup_max_ports ").append(config.portgroupMaxPorts()).append('\n');
    }
    int[] order = config.portOrder();
    if (order.length > 0) {
      sb.append("port_order");
      for (int p : order) {
        sb.append(' ').append(p);
      }
      sb.append('\n');
    }
    if (config.maxChanges() != TorusConfig.DEFAULT_MAX_CHANGES) {
      sb.append("max_changes ").append(config.maxChanges()).append('\n');
    }
    return sb.toString();
  }

  /** Writes {@code config} to {@code file} atomically. */
  public static void write(TorusConfig config, String comment, Path file) throws IOException {
    AtomicFiles.writeString(file, format(config, comment));
  }
}

package org.ibrouting.engines;

import java.nio.file.Path;

/**
 * Engine-specific parameters, as the command line collects them; {@link BuiltinEngines} hands each
 * engine the ones it understands. Null means "not given".
 *
 * @param rootGuidFile Up*&#47;Down* root switches, one GUID a line (OpenSM's {@code -a})
 * @param cnGuidFile compute-node port GUIDs (OpenSM's {@code -u})
 * @param ioGuidFile I/O-node port GUIDs (OpenSM's {@code -G})
 * @param jobFile SAR's job-to-node map
 */
public record EngineConfig(Path rootGuidFile, Path cnGuidFile, Path ioGuidFile, Path jobFile) {
  /** No engine-specific parameters. */
  public static EngineConfig none() {
    return new EngineConfig(null, null, null, null);
  }
}

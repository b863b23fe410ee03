package org.ibrouting.io;

import java.io.IOException;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;

/** Reads a fabric file, whatever its format. */
public final class FabricFiles {
  private FabricFiles() {}

  /**
   * Reads {@code ibnetdiscover} output (plain or gzipped).
   *
   * @throws ParseException naming file, line and column when the file is not a valid fabric
   */
  public static Fabric read(Path file) throws IOException {
    return IbnetdiscoverReader.read(file);
  }

}

package org.ibrouting.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.regex.Pattern;
import org.ibrouting.io.ibsim.IbsimNetReader;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;

/** Reads a fabric file, whatever its format. */
public final class FabricFiles {
  private FabricFiles() {}

  /**
   * Reads {@code ibnetdiscover} output or an ibsim net file (plain or gzipped), telling them apart
   * by the node names: ibnetdiscover names nodes {@code "S-<16 hex digits>"}, ibsim by free ids.
   *
   * @throws ParseException naming file, line and column when the file is not a valid fabric
   */
  public static Fabric read(Path file) throws IOException {
    return isIbsimNet(file) ? IbsimNetReader.read(file) : IbnetdiscoverReader.read(file);
  }

  private static boolean isIbsimNet(Path file) throws IOException {
    try (BufferedReader in = InputFiles.reader(file)) {
      String line;
      for (int i = 0; i < 10_000 && (line = in.readLine()) != null; i++) {
        if (line.startsWith("Switch") || line.startsWith("Ca") || line.startsWith("Hca")
            || line.startsWith("Rt")) {
          return !NODE_NAME.matcher(line).find();
        }
      }
    }
    return false;
  }

  private static final Pattern NODE_NAME = Pattern.compile("\"[SHR]-[0-9a-fA-F]{16}\"");

}

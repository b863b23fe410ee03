package org.ibrouting.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.regex.Pattern;
import org.ibrouting.io.ibsim.IbsimNetReader;
import org.ibrouting.io.ibsim.IbsimNetWriter;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;

/** Reads a fabric file, whatever its format. */
public final class FabricFiles {
  private FabricFiles() {}

  /**
   * Reads {@code ibnetdiscover} output or an ibsim net file (plain or gzipped), telling them apart
   * by the first line that {@link IbsimNetWriter} writes, else by the node names: ibnetdiscover
   * names nodes {@code "S-<16 hex digits>"}, ibsim files mostly by free ids.
   *
   * @throws ParseException naming file, line and column when the file is not a valid fabric
   */
  public static Fabric read(Path file) throws IOException {
    return isIbsimNet(file) ? IbsimNetReader.read(file) : IbnetdiscoverReader.read(file);
  }

  private static boolean isIbsimNet(Path file) throws IOException {
    try (BufferedReader in = InputFiles.reader(file)) {
      String line = in.readLine();
      if (line != null && line.startsWith(IbsimNetWriter.FIRST_LINE_PREFIX)) {
        return true;
      }
      for (int i = 0; i < 10_000 && line != null; i++, line = in.readLine()) {
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

package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.topology.OpenSmLids;
import picocli.CommandLine.Option;

/** How the commands read FABRIC: the LIDs of a file that lacks them. */
final class FabricOptions {
  @Option(
      names = "--keep-lids",
      description = {
        "Refuse a fabric whose end ports lack LIDs (every",
        "'lid 0': discovered before an SM ran) instead of assigning the LIDs OpenSM's first sweep",
        "would give them."
      })
  boolean keepLids;

  /**
   * Reads the fabric; with {@code --keep-lids} refuses it when LIDs had to be assigned.
   *
   * @throws IllegalArgumentException naming the file and the ports without LIDs (exit status 2)
   */
  FabricFile read(Path file) throws IOException {
    FabricFile read = FabricFiles.readFile(file);
    if (keepLids && read.lidsAssigned()) {
      throw new IllegalArgumentException(
          file
              + ": "
              + missingLids(read)
              + "; --keep-lids refuses it (without --keep-lids ibrouting assigns the LIDs OpenSM's first"
              + " sweep would give)");
    }
    return read;
  }

  private static String missingLids(FabricFile read) {
    Fabric written = read.asWritten();
    OpenSmLids.Assignment lids = read.lids();
    if (written.maxLid() == 0) {
      return "the fabric has no LIDs: it was discovered before a subnet manager assigned them"
          + " (every port shows lid 0)";
    }
    Fabric assigned = lids.fabric();
    for (int port = 0; port < written.numPortSlots(); port++) {
      if (written.baseLid(port) == 0 && assigned.baseLid(port) != 0) {
        return lids.assignedPorts()
            + (lids.assignedPorts() == 1 ? " end port has" : " end ports have")
            + " no LID, "
            + written.portName(port)
            + " the first";
      }
    }
    throw new IllegalStateException("LIDs assigned, but no port lacked one");
  }

  /** Adds {@code format}, {@code lids_assigned} and {@code lids_note} to a JSON summary. */
  static Json put(Json json, FabricFile read) {
    return json.put("format", read.format())
        .put("lids_assigned", read.lids().assignedPorts())
        .put("lids_note", read.lidsAssigned() ? read.lids().describe() : null);
  }

  /** The text summary's note on assigned LIDs, or nothing. */
  static void print(FabricFile read) {
    if (read.lidsAssigned()) {
      System.out.println("note         " + read.lids().describe());
    }
  }
}

package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.FabricFile;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.topology.OpenSmLids;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The FABRIC of a command and how it is read: the LIDs of a file that lacks them. */
final class FabricOptions {
  @Parameters(
      index = "0",
      paramLabel = "FABRIC",
      description = "ibnetdiscover output (default or -g) or ibsim net file, .gz ok")
  Path file;

  @Option(
      names = "--keep-lids",
      description = {
        "Refuse a fabric whose end ports lack LIDs (every",
        "'lid 0': discovered before an SM ran) instead of assigning the LIDs OpenSM's first sweep",
        "would give them."
      })
  boolean keepLids;

  private FabricFile input;

  /**
   * Reads FABRIC; with {@code --keep-lids} refuses it when LIDs had to be assigned.
   *
   * @throws IllegalArgumentException naming the file and the ports without LIDs (exit status 2)
   */
  FabricFile read() throws IOException {
    FabricFile read = FabricFiles.readFile(file);
    if (keepLids && read.lidsAssigned()) {
      throw new IllegalArgumentException(
          file
              + ": "
              + missingLids(read)
              + "; --keep-lids refuses it (without --keep-lids ibrouting assigns the LIDs OpenSM's first"
              + " sweep would give)");
    }
    input = read;
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

  /** The fabric file {@link #read()} read. */
  FabricFile input() {
    return input;
  }

  /**
   * A JSON summary that starts with the fabric read: {@code fabric}, {@code format}, {@code
   * lids_assigned} and {@code lids_note}.
   */
  Json json() {
    return new Json()
        .put("fabric", file.toString())
        .put("format", input.format())
        .put("lids_assigned", input.lids().assignedPorts())
        .put("lids_note", input.lidsAssigned() ? input.lids().describe() : null);
  }

  /** The text summary's note on the LIDs assigned to the fabric read, or nothing. */
  void print() {
    if (input.lidsAssigned()) {
      System.out.println("note         " + input.lids().describe());
    }
  }
}

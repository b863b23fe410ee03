package org.ibrouting.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import picocli.CommandLine.Option;

/** Where the commands that make a fabric ({@code generate}, {@code fail}) write it. */
final class FabricOutput {
  @Option(
      names = {"-o", "--output"},
      required = true,
      paramLabel = "FILE",
      description = "ibnetdiscover output file to write (atomically).")
  Path output;

  /** Writes {@code fabric} as ibnetdiscover output to the file. */
  void write(Fabric fabric) throws IOException {
    IbnetdiscoverWriter.write(fabric, output);
  }
}

package org.ibrouting.cli;

import java.nio.file.Path;
import org.ibrouting.engines.EngineChain;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;

/** Where a command's routing comes from: an LFT dump, or an engine run now. */
final class RoutingSource {
  private RoutingSource() {}

  /** Loads {@code lfts}, or routes with {@code engines} when no dump is given. */
  static Routing load(
      Fabric fabric, Path lfts, String engines, EngineOptions engineOptions, CommonOptions common)
      throws java.io.IOException, RoutingException {
    if ((lfts == null) == (engines == null)) {
      throw new IllegalArgumentException(
          "give either an LFT dump or -R ENGINE, not both or neither");
    }
    if (lfts != null) {
      return LftDumpReader.read(fabric, lfts);
    }
    Routing routing;
    try {
      routing =
          EngineChain.route(
                  engineOptions.chain(engines), fabric, engineOptions.routingOptions(common))
              .routing();
    } finally {
      common.endProgress();
    }
    if (!common.quiet && !common.json) {
      Summaries.printNotes(routing);
    }
    return routing;
  }
}

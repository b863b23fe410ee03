package org.ibrouting.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToIntFunction;
import org.ibrouting.interop.OpenSmLog;

/**
 * What the side-by-side comparison must know of an engine beyond its name, in one table: the
 * largest fabric it is run on (and why), and where OpenSM's log tells the VLs it needed (a dump
 * carries no SLs).
 *
 * @param maxCas the most CAs of a fabric the engine is run on
 * @param whyMaxCas why, for the report
 * @param openSmVls the VLs OpenSM's log reports for the engine, or null when it uses one
 */
record EngineFacts(
    String engine, int maxCas, String whyMaxCas, ToIntFunction<OpenSmLog> openSmVls) {

  private static final List<EngineFacts> TABLE =
      List.of(
          new EngineFacts("p2sssp", 4096, "one Dijkstra per pair", null),
          new EngineFacts("lash", Integer.MAX_VALUE, "", OpenSmLog::lashLayersNeeded),
          new EngineFacts("dfsssp", Integer.MAX_VALUE, "", OpenSmLog::dfssspVlsNeeded));

  /** The facts of {@code engine}; an engine not in the table has no limit and one VL. */
  static EngineFacts of(String engine) {
    for (EngineFacts f : TABLE) {
      if (f.engine.equals(engine)) {
        return f;
      }
    }
    return new EngineFacts(engine, Integer.MAX_VALUE, "", null);
  }

  /**
   * The VLs OpenSM's log {@code log} reports for {@code engine}'s routing: 1 for an engine whose
   * log says nothing of VLs, or when the log is missing or silent.
   */
  static int openSmVls(String engine, Path log) throws IOException {
    ToIntFunction<OpenSmLog> vlsInLog = of(engine).openSmVls();
    return vlsInLog == null || !Files.exists(log)
        ? 1
        : Math.max(1, vlsInLog.applyAsInt(OpenSmLog.read(log)));
  }
}

package org.ibrouting.simulation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The ORCS metrics, with their ORCS names. */
public enum Metric {
  /** Per run, the sum over levels of the largest stream congestion; histogram over runs. */
  SUM_MAX_CONG("sum_max_cong"),
  /** Every stream's congestion over all levels and runs, and the fraction of peak bandwidth. */
  HIST_MAX_CONG("hist_max_cong"),
  /** Per run, the mean of 1/congestion over its streams (fraction of peak); histogram over runs. */
  HIST_ACC_BAND("hist_acc_band"),
  /**
   * Per run, the longest congestion-weighted dependency chain through the (first) pattern's levels.
   */
  DEP_MAX_DELAY("dep_max_delay"),
  /** Every channel's congestion summed over levels and runs, drawn as a Graphviz graph. */
  GET_CABLE_CONG("get_cable_cong");

  private final String orcsName;

  Metric(String orcsName) {
    this.orcsName = orcsName;
  }

  /** The name ORCS and the CLI use. */
  public String orcsName() {
    return orcsName;
  }

  /** The metric with this ORCS name; the error lists the known names. */
  public static Metric parse(String name) {
    String s = name.trim().toLowerCase(Locale.ROOT);
    for (Metric m : values()) {
      if (m.orcsName.equals(s)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown metric '"
            + name
            + "'; known: "
            + Arrays.stream(values()).map(Metric::orcsName).collect(Collectors.joining(", ")));
  }
}

package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * The real OpenSM 3.3.23 on ibsim as the interop tests' peer. Without it an interop test is skipped
 * with a message, unless the environment variable {@value #REQUIRE} is set (to anything but {@code
 * 0} or {@code false}): then its absence fails the test, so CI ({@code .ci/run} sets it) can never
 * pass by skipping the comparison with OpenSM.
 */
public final class OpenSmPeer {
  /** The environment variable that turns "OpenSM/ibsim absent" from a skip into a failure. */
  public static final String REQUIRE = "IBROUTING_REQUIRE_OPENSM";

  private static final String ABSENT =
      "ibsim/opensm not installed (apt-get install opensm ibsim-utils"
          + " infiniband-diags); .ci/run installs them";

  private OpenSmPeer() {}

  /**
   * Returns when ibsim and OpenSM are installed; else skips the test, or fails it under {@value
   * #REQUIRE}.
   */
  public static void assumeAvailable() {
    assumeAvailable(OpenSmSimulation.available(), System.getenv(REQUIRE));
  }

  /** {@link #assumeAvailable()} with the peer's presence and the variable's value given. */
  static void assumeAvailable(boolean available, String require) {
    if (available) {
      return;
    }
    if (required(require)) {
      fail(ABSENT + "; " + REQUIRE + "=" + require + " makes this a failure");
    }
    Assumptions.abort(ABSENT);
  }

  /**
   * Whether a value of {@value #REQUIRE} demands the peer: set, and neither {@code 0} nor {@code
   * false}.
   */
  static boolean required(String value) {
    return value != null
        && !value.isBlank()
        && !value.strip().equals("0")
        && !value.strip().equalsIgnoreCase("false");
  }
}

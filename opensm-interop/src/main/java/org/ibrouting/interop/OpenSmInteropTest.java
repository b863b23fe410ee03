package org.ibrouting.interop;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * The base of a test class against the real OpenSM on ibsim: tagged {@code interop}, each test with
 * a directory of its own, and every test skipped where the peer is missing (failed instead where
 * {@link OpenSmPeer#REQUIRE} asks for it).
 */
@Tag("interop")
public abstract class OpenSmInteropTest {
  /** A fresh directory for each test's files and simulations. */
  @TempDir protected Path dir;

  /** Subclasses only. */
  protected OpenSmInteropTest() {}

  /** Skips (or fails) the test where OpenSM or ibsim is missing, see {@link OpenSmPeer}. */
  @BeforeEach
  protected void requireOpenSm() {
    OpenSmPeer.assumeAvailable();
  }
}

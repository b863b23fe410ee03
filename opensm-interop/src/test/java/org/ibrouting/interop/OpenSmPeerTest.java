package org.ibrouting.interop;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The interop tests' switch: skip without OpenSM, fail instead when CI requires it. */
class OpenSmPeerTest {
  @Test
  void absentPeerSkipsUnlessRequired() {
    TestAbortedException skipped =
        assertThrows(TestAbortedException.class, () -> OpenSmPeer.assumeAvailable(false, null));
    assertTrue(skipped.getMessage().contains("apt-get install opensm"), skipped.getMessage());
    assertThrows(TestAbortedException.class, () -> OpenSmPeer.assumeAvailable(false, "0"));
    assertThrows(TestAbortedException.class, () -> OpenSmPeer.assumeAvailable(false, "false"));
    AssertionFailedError failed =
        assertThrows(AssertionFailedError.class, () -> OpenSmPeer.assumeAvailable(false, "1"));
    assertTrue(failed.getMessage().contains(OpenSmPeer.REQUIRE + "=1"), failed.getMessage());
    assertDoesNotThrow(() -> OpenSmPeer.assumeAvailable(true, "1"));
    assertDoesNotThrow(() -> OpenSmPeer.assumeAvailable(true, null));
  }

  @Test
  void requiredValues() {
    assertTrue(OpenSmPeer.required("1"));
    assertTrue(OpenSmPeer.required("true"));
    assertTrue(OpenSmPeer.required("yes"));
    assertFalse(OpenSmPeer.required(null));
    assertFalse(OpenSmPeer.required(""));
    assertFalse(OpenSmPeer.required(" 0 "));
    assertFalse(OpenSmPeer.required("FALSE"));
  }
}

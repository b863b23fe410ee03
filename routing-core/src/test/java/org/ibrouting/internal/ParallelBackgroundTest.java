package org.ibrouting.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Parallel#inBackground}: made on a thread of its own with two threads, by the caller with
 * one.
 */
class ParallelBackgroundTest {
  @Test
  void twoThreadsMakeTheValueOnAnotherThread() {
    AtomicReference<Thread> maker = new AtomicReference<>();
    Parallel.Background<String> value =
        Parallel.inBackground(
            2,
            "test-maker",
            () -> {
              maker.set(Thread.currentThread());
              return "lfts";
            });
    assertEquals("lfts", value.join());
    assertNotEquals(Thread.currentThread(), maker.get());
    assertEquals("test-maker", maker.get().getName());
  }

  @Test
  void oneThreadMakesTheValueWhenJoined() {
    AtomicReference<Thread> maker = new AtomicReference<>();
    Parallel.Background<String> value =
        Parallel.inBackground(
            1,
            "unused",
            () -> {
              maker.set(Thread.currentThread());
              return "lfts";
            });
    assertNull(maker.get(), "made before it was asked for");
    assertEquals("lfts", value.join());
    assertSame(Thread.currentThread(), maker.get());
    maker.set(null);
    assertEquals("lfts", value.join());
    assertNull(maker.get(), "made twice");
  }

  @Test
  void whatMakingThrowsReachesTheCaller() {
    for (int threads : new int[] {1, 2}) {
      Parallel.Background<byte[]> value =
          Parallel.inBackground(
              threads,
              "test-maker",
              () -> {
                throw new IllegalArgumentException("too large");
              });
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, value::join);
      assertEquals("too large", e.getMessage());
      Parallel.Background<byte[]> error =
          Parallel.inBackground(
              threads,
              "test-maker",
              () -> {
                throw new OutOfMemoryError("Java heap space");
              });
      assertThrows(OutOfMemoryError.class, error::join);
    }
  }
}

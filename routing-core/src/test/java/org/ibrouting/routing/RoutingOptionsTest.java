package org.ibrouting.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The options' cancellation: checked at each progress report, kept by every copy. */
class RoutingOptionsTest {
  @Test
  void progressIsPassedOnUntilCancelledThenThrows() {
    List<Long> seen = new ArrayList<>();
    AtomicBoolean stop = new AtomicBoolean();
    RoutingOptions options =
        RoutingOptions.seeded(3)
            .withProgress((phase, done, total) -> seen.add(done))
            .withCancellation(stop::get);
    options.progress().progress("x", 1, 2);
    stop.set(true);
    assertThrows(CancellationException.class, () -> options.progress().progress("x", 2, 2));
    assertThrows(CancellationException.class, () -> options.cancellation().check());
    assertEquals(List.of(1L), seen);
  }

  @Test
  void everyCopyKeepsTheCancellationAndAnotherListenerIsCheckedToo() {
    List<Long> seen = new ArrayList<>();
    RoutingOptions cancelled = RoutingOptions.defaults().withCancellation(() -> true);
    RoutingOptions copy =
        cancelled
            .withSeed(5)
            .withThreads(1)
            .withMaxVls(4)
            .withProgress((phase, done, total) -> seen.add(done));
    assertThrows(CancellationException.class, () -> copy.progress().progress("x", 1, 1));
    assertEquals(List.of(), seen);
    RoutingOptions released = copy.withCancellation(Cancellation.NONE);
    released.progress().progress("x", 1, 1);
    assertEquals(List.of(1L), seen);
  }

  @Test
  void withoutCancellationTheListenerIsTheOneGivenAndCopiesAreEqual() {
    ProgressListener listener = (phase, done, total) -> {};
    RoutingOptions options = RoutingOptions.defaults().withProgress(listener);
    assertSame(listener, options.progress());
    assertSame(Cancellation.NONE, options.cancellation());
    assertSame(ProgressListener.SILENT, new RoutingOptions(0, 1, 8, null).progress());
    Cancellation never = () -> false;
    RoutingOptions checked = options.withCancellation(never);
    RoutingOptions rebuilt =
        new RoutingOptions(
            checked.seed(),
            checked.threads(),
            checked.maxVls(),
            checked.progress(),
            checked.cancellation());
    assertEquals(checked, rebuilt);
    assertEquals(options, checked.withCancellation(Cancellation.NONE));
  }
}

package org.ibrouting.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The write rate in a unit that shows it: never "0 MB/s" for a small dump. */
class SummariesTest {
  @Test
  void theWriteRateHasAUnitThatShowsIt() {
    assertEquals("84,321 bytes in 0.210 s, 402 kB/s", Summaries.written(84_321, 0.21));
    assertEquals("84,321 bytes in 0.012 s, 7.0 MB/s", Summaries.written(84_321, 0.012));
    assertEquals("84,321 bytes in under 1 ms", Summaries.written(84_321, 0.0004));
    assertEquals("220,000,000 bytes in 0.500 s, 440 MB/s", Summaries.written(220_000_000, 0.5));
    assertEquals("900 bytes in 0.300 s, 3.0 kB/s", Summaries.written(900, 0.3));
  }
}

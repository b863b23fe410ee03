package org.ibrouting.engines.testing;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import org.ibrouting.io.JobListReader;
import org.ibrouting.simulation.JobList;

/** Job maps for SAR's settings, parsed from text as the command line parses the file. */
public final class JobLists {
  private JobLists() {}

  /** The entries of {@code nodeName jobId} lines, as from a file named {@code jobs.txt}. */
  public static JobList parse(String text) {
    try {
      return JobListReader.parse(new StringReader(text), "jobs.txt");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package org.ibrouting.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.util.List;
import org.ibrouting.simulation.JobList;
import org.junit.jupiter.api.Test;

/** Job maps: {@code nodeName jobId} lines, comments and blank lines skipped, errors positioned. */
class JobListReaderTest {
  private static JobList parse(String text) throws Exception {
    return JobListReader.parse(new StringReader(text), "jobs.txt");
  }

  @Test
  void readsNamesGuidsAndComments() throws Exception {
    JobList jobs = parse("# node job\nH1 a\n\n  H2\ta  # same job\n0x0000000000100004 b\nH1 b\n");
    assertEquals(
        List.of(
            new JobList.Entry("H1", "a", "jobs.txt:2:1"),
            new JobList.Entry("H2", "a", "jobs.txt:4:3"),
            new JobList.Entry("0x0000000000100004", "b", "jobs.txt:5:1"),
            new JobList.Entry("H1", "b", "jobs.txt:6:1")),
        jobs.entries());
    assertEquals("jobs.txt", jobs.source());
  }

  @Test
  void malformedLinesNameLineAndColumn() {
    ParseException missing = assertThrows(ParseException.class, () -> parse("H1 a\nH1\n"));
    assertEquals("jobs.txt:2:3: expected a job id after the node name", missing.getMessage());
    ParseException third = assertThrows(ParseException.class, () -> parse("H1 a x\n"));
    assertEquals(
        "jobs.txt:1:6: expected 'nodeName jobId', found a third field 'x'", third.getMessage());
  }
}

package org.ibrouting.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ibrouting.io.internal.TextInput;
import org.ibrouting.simulation.JobList;

/**
 * Reads a job map: {@code nodeName jobId} lines, where a node is named by its description, its node
 * GUID ({@code 0x0002c903000a1b2c}) or ORCS's {@code H}+GUID. Blank lines and {@code #} comments
 * are ignored; bytes that are not UTF-8 are replaced, so a description still matches. Which node a
 * name means is decided against a fabric ({@code JobMap.resolve}, SAR).
 */
public final class JobListReader {
  private JobListReader() {}

  /**
   * Reads a job map file (gzipped or not).
   *
   * @throws ParseException for a line that is not two fields
   */
  public static JobList read(Path file) throws IOException {
    return TextInput.read(file, JobListReader::parse);
  }

  /**
   * Parses {@code nodeName jobId} lines; {@code fileName} goes into messages and each entry's
   * {@link JobList.Entry#where()}.
   *
   * @throws ParseException for a line that is not two fields
   */
  public static JobList parse(Reader in, String fileName) throws IOException {
    List<JobList.Entry> entries = new ArrayList<>();
    BufferedReader reader = TextInput.buffered(in);
    String text;
    int lineNo = 0;
    while ((text = reader.readLine()) != null) {
      lineNo++;
      int hash = text.indexOf('#');
      String content = hash >= 0 ? text.substring(0, hash) : text;
      List<int[]> spans = tokens(content);
      if (spans.isEmpty()) {
        continue;
      }
      if (spans.size() != 2) {
        int col = spans.size() < 2 ? content.length() + 1 : spans.get(2)[0] + 1;
        throw new ParseException(
            fileName,
            lineNo,
            col,
            spans.size() < 2
                ? "expected a job id after the node name"
                : "expected 'nodeName jobId', found a third field '"
                    + content.substring(spans.get(2)[0], spans.get(2)[1])
                    + "'");
      }
      entries.add(
          new JobList.Entry(
              content.substring(spans.get(0)[0], spans.get(0)[1]),
              content.substring(spans.get(1)[0], spans.get(1)[1]),
              fileName + ":" + lineNo + ":" + (spans.get(0)[0] + 1)));
    }
    return new JobList(fileName, entries);
  }

  private static List<int[]> tokens(String s) {
    List<int[]> spans = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < s.length() && !Character.isWhitespace(s.charAt(i))) {
        i++;
      }
      if (i > start) {
        spans.add(new int[] {start, i});
      }
    }
    return spans;
  }
}

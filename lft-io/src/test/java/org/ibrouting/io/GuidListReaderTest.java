package org.ibrouting.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import org.ibrouting.fabric.GuidList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** OpenSM's GUID-list syntax: strtoull base 0, a free name after the number, # comments. */
class GuidListReaderTest {
  @Test
  void readsHexOctalDecimalNamesAndComments() throws Exception {
    GuidList file =
        GuidListReader.parse(
            new StringReader(
                "# compute nodes\n"
                    + "0x0002c90300001234 node-1\n"
                    + "\n"
                    + "   0X00000000000000ff#comment\n"
                    + "010\n"
                    + "42\tsome name with spaces\n"
                    + "0\n"),
            "cn.guids");
    assertEquals(5, file.size());
    assertArrayEquals(
        new long[] {0x0002c90300001234L, 0xff, 8, 42, 0},
        new long[] {file.guid(0), file.guid(1), file.guid(2), file.guid(3), file.guid(4)});
    assertEquals(
        java.util.List.of(
            "cn.guids:2:1", "cn.guids:4:4", "cn.guids:5:1", "cn.guids:6:1", "cn.guids:7:1"),
        java.util.List.of(
            file.where(0), file.where(1), file.where(2), file.where(3), file.where(4)));
    assertEquals("cn.guids", file.source());
  }

  @Test
  void unsigned64BitGuids() throws Exception {
    GuidList file =
        GuidListReader.parse(new StringReader("0xffffffffffffffff\n18446744073709551615\n"), "f");
    assertEquals(-1L, file.guid(0));
    assertEquals(-1L, file.guid(1));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0x12\\nnode-7 0x34|2|1|node-7",
        "0x12\\n  0x1g|2|3|0x1g",
        "08|1|1|08",
        "0x|1|1|0x",
        "0x10000000000000000|1|1|0x10000000000000000",
        "12abc|1|1|12abc",
        "-5|1|1|-5"
      })
  void badLinesNameFileLineAndColumn(String text, int line, int column, String found) {
    ParseException e =
        assertThrows(
            ParseException.class,
            () -> GuidListReader.parse(new StringReader(text.replace("\\n", "\n")), "io.guids"));
    assertEquals(line, e.line());
    assertEquals(column, e.column());
    assertEquals(
        "io.guids:"
            + line
            + ":"
            + column
            + ": expected a GUID (0x-prefixed hex, octal or decimal,"
            + " at most 64 bits), found '"
            + found
            + "'",
        e.getMessage());
  }
}

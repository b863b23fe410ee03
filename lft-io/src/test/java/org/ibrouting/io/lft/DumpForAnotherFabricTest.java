package org.ibrouting.io.lft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.util.zip.GZIPInputStream;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.junit.jupiter.api.Test;

/**
 * A dump read against another fabric than the one it was written for is refused, even where the
 * GUIDs match (ibsim numbers every generated fabric's switches from 0x200000): by the top of the
 * header's LID range and by the switch's {@code Lid N}.
 */
class DumpForAnotherFabricTest {
  private static String dump(String name, String engine) throws IOException {
    try (GZIPInputStream in =
        new GZIPInputStream(
            Files.newInputStream(ReferenceFabrics.resource(name, engine + ".lfts.dump.gz")))) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  @Test
  void aSmallerFabricsDumpIsRefusedAtItsFirstHeader() throws IOException {
    Fabric ft43 = ReferenceFabrics.fabric("ft4_3");
    ParseException e =
        assertThrows(
            ParseException.class,
            () ->
                LftDumpReader.read(
                    ft43, new StringReader(dump("torus2d_4x4", "minhop")), "torus.dump"));
    assertEquals(
        "torus.dump:1:17: the dump's tables end at LID 80 but the fabric's LIDs go up to"
            + " 112; was the dump written for another fabric?",
        e.getMessage());
  }

  @Test
  void aHeaderWithAnotherSwitchLidIsRefused() throws IOException {
    Fabric ft43 = ReferenceFabrics.fabric("ft4_3");
    String text = dump("ft4_3", "minhop");
    // the second switch section names LID 5 instead of the switch's LID 3
    String changed = text.replaceFirst("of switch Lid 3 guid", "of switch Lid 5 guid");
    int line =
        (int)
                text.substring(0, text.indexOf("of switch Lid 3 guid"))
                    .chars()
                    .filter(ch -> ch == '\n')
                    .count()
            + 1;
    ParseException e =
        assertThrows(
            ParseException.class,
            () -> LftDumpReader.read(ft43, new StringReader(changed), "x.dump"));
    assertEquals(line, e.line(), e.getMessage());
    assertEquals(
        "switch 0x0000000000200001 \"S0_1\" has LID 3 in the fabric, but this header gives"
            + " Lid 5; was the dump written for another fabric?",
        e.problem());
    // the dump as written reads
    assertEquals(ft43, LftDumpReader.read(ft43, new StringReader(text), "x.dump").fabric());
  }
}

package org.ibrouting.io.sl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.ParseException;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.testing.SampleFiles;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.junit.jupiter.api.Test;

/**
 * {@code saquery -p} output read back from a fabric OpenSM 3.3.23 programmed with our dfsssp
 * deployment (see {@code opensm-readback/torus4x4h1/README.md}), and damaged copies of it.
 */
class PathRecordReaderTest {
  static final String DIR = "opensm-readback/torus4x4h1/";

  static Fabric fabric() throws IOException {
    return IbnetdiscoverReader.read(
        new StringReader(SampleFiles.text(DIR + "fabric.ibnd")), "fabric.ibnd");
  }

  static String listing() {
    return SampleFiles.text(DIR + "dfsssp.saquery.txt.gz");
  }

  static PathRecordReader.Listing read(Fabric fabric, String text) throws IOException {
    return PathRecordReader.read(fabric, new StringReader(text), "prs.txt");
  }

  static ParseException rejected(Fabric fabric, String text) {
    return assertThrows(ParseException.class, () -> read(fabric, text));
  }

  @Test
  void theSasAnswersAreTheSlsWeDeployed() throws IOException {
    Fabric fabric = fabric();
    PathRecordReader.Listing listing = read(fabric, listing());
    assertEquals(240, listing.records());
    assertEquals(240, listing.portPairs());
    SlTable ours =
        SlFileReader.read(
            fabric, new StringReader(SampleFiles.text(DIR + "dfsssp.sl")), "dfsssp.sl");
    int differing = 0;
    int nonZero = 0;
    for (int src = 1; src <= fabric.maxLid(); src++) {
      for (int dst = 1; dst <= fabric.maxLid(); dst++) {
        if (src != dst && isCa(fabric, src) && isCa(fabric, dst)) {
          differing += listing.slTable().sl(src, dst) != ours.sl(src, dst) ? 1 : 0;
          nonZero += ours.sl(src, dst) != 0 ? 1 : 0;
        }
      }
    }
    assertEquals(0, differing);
    assertTrue(nonZero > 20, "the routing uses SLs other than 0: " + nonZero);
    assertEquals(3, listing.slTable().numVls());
  }

  @Test
  void aSampleReportsItsCoverageAndEveryRecordAsRead() throws IOException {
    Fabric fabric = fabric();
    String text = listing();
    int cut = text.indexOf("PathRecord dump:", text.length() / 3);
    PathRecordSample sample =
        PathRecordReader.readSample(fabric, new StringReader(text.substring(0, cut)), "s.txt");
    PathRecordReader.Listing all = read(fabric, text);
    assertEquals(240, sample.portPairs());
    assertTrue(sample.size() > 40 && sample.size() < 120, "size " + sample.size());
    assertEquals(sample.size(), sample.coveredPortPairs(), "LMC 0: one record per port pair");
    assertTrue(!sample.complete());
    for (int i = 0; i < sample.size(); i++) {
      assertEquals(
          all.slTable().sl(sample.srcLids()[i], sample.dstLids()[i]),
          sample.sls()[i],
          "record " + i);
    }
    assertTrue(PathRecordReader.readSample(fabric, new StringReader(text), "s.txt").complete());
  }

  private static boolean isCa(Fabric fabric, int lid) {
    int port = fabric.portOfLid(lid);
    return port >= 0 && !fabric.isSwitch(fabric.nodeOfPort(port));
  }

  @Test
  void theLftsReadBackWithDumpLftsAndDumpFtsAreTheOnesWeDeployed() throws IOException {
    Fabric fabric = fabric();
    Routing ours =
        LftDumpReader.read(
            fabric,
            new StringReader(SampleFiles.text(DIR + "dfsssp.lfts.dump.gz")),
            "dfsssp.lfts.dump");
    for (String file :
        new String[] {"dump_lfts.txt.gz", "dump_fts-a.txt.gz", "dump_fts-n.txt.gz"}) {
      Routing programmed =
          LftDumpReader.read(fabric, new StringReader(SampleFiles.text(DIR + file)), file);
      assertTrue(ours.sameLfts(programmed), file);
    }
    Routing one =
        LftDumpReader.read(
            fabric, new StringReader(SampleFiles.text(DIR + "ibroute-a.txt")), "ibroute-a.txt");
    int sw = fabric.nodeOfLid(1);
    for (int lid = 1; lid <= fabric.maxLid(); lid++) {
      assertEquals(ours.outPort(sw, lid), one.outPort(sw, lid), "LID " + lid);
    }
  }

  @Test
  void aListingOfAnotherFabricIsRefused() throws IOException {
    // the 4x4 torus with four CAs per switch: the same GUID scheme, other LIDs
    ParseException e = rejected(ReferenceFabrics.fabric("torus2d_4x4"), listing());
    assertTrue(e.getMessage().contains("another fabric"), e.getMessage());
    assertTrue(e.line() > 0, e.getMessage());
    // a GID that is not the GUID of its LID's port
    String text =
        listing().replaceFirst("sgid\\.+fe80::10:1\n", "sgid....................fe80::10:99\n");
    e = rejected(fabric(), text);
    assertTrue(e.problem().contains("sgid names port GUID 0x0000000000100099"), e.getMessage());
    assertEquals(lineOf(text, "fe80::10:99"), e.line());
  }

  @Test
  void aCutListingIsRefusedWithTheLine() throws IOException {
    Fabric fabric = fabric();
    String text = listing();
    // cut inside a record, before its sl line
    int cut = text.indexOf("\t\tsl....", text.length() / 2);
    String inside = text.substring(0, cut);
    ParseException e = rejected(fabric, inside);
    assertEquals(inside.split("\n").length, e.line(), e.getMessage());
    assertTrue(e.problem().contains("without its 'sl' field"), e.getMessage());
    // cut at a record boundary: some CA pairs have no record
    int boundary = text.indexOf("PathRecord dump:", text.length() / 2);
    String atBoundary = text.substring(0, boundary);
    e = rejected(fabric, atBoundary);
    assertTrue(e.problem().contains("covers"), e.getMessage());
    assertEquals(atBoundary.split("\n").length, e.line(), e.getMessage());
    // not saquery output at all
    e = rejected(fabric, SampleFiles.text(DIR + "dump_lfts.txt.gz"));
    assertEquals(1, e.line(), e.getMessage());
    e = rejected(fabric, "");
    assertTrue(e.problem().contains("no 'PathRecord dump:' records"), e.getMessage());
  }

  @Test
  void anSlOf15OrMoreIsRefusedWithLineAndColumn() throws IOException {
    String text = listing().replaceFirst("sl\\.+0x1\n", "sl......................0xf\n");
    ParseException e = rejected(fabric(), text);
    int line = lineOf(text, "0xf\n");
    assertEquals(line, e.line());
    assertEquals(text.split("\n")[line - 1].indexOf("0xf") + 1, e.column(), e.getMessage());
    assertTrue(e.problem().contains("SL 15"), e.getMessage());
  }

  @Test
  void twoRecordsOfOnePairWithDifferentSlsAreRefused() throws IOException {
    String text = listing();
    int second = text.indexOf("PathRecord dump:", 1);
    String first = text.substring(0, second);
    java.util.regex.Matcher sl =
        java.util.regex.Pattern.compile("\tsl(\\.+)(0x\\p{XDigit}+)\n").matcher(first);
    assertTrue(sl.find(), first);
    String changed =
        first.substring(0, sl.start(2))
            + (sl.group(2).equals("0x0") ? "0x2" : "0x0")
            + first.substring(sl.end(2));
    ParseException e = rejected(fabric(), text + changed);
    assertTrue(e.problem().contains("an earlier one"), e.getMessage());
  }

  private static int lineOf(String text, String needle) {
    int at = text.indexOf(needle);
    return text.substring(0, at).split("\n", -1).length;
  }
}

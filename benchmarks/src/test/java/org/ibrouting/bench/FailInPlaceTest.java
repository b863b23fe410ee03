package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fail-in-place study on a tiny tree: rows, the first-failure table, its section, the chart.
 */
class FailInPlaceTest {
  @TempDir Path dir;

  @Test
  void tinyStudyWritesCsvChartAndItsOwnSection() throws Exception {
    Path results = dir.resolve("RESULTS.md");
    Files.writeString(
        results,
        "# Results\n\n<!-- fail-in-place:begin old -->\nstale\n<!-- fail-in-place:end -->\nafter\n");
    TinyStudy.run(
        TinyStudy.args(1, "minhop,dor,updn", dir.resolve("work"), results, dir.resolve("plots")));
    List<String> csv = Files.readAllLines(dir.resolve("plots/fail-in-place.csv"));
    // intact, 20% links, 10% switches (one seed) x 3 engines
    assertEquals(1 + 3 * 3, csv.size(), String.join("\n", csv));
    assertTrue(csv.stream().anyMatch(l -> l.contains(",dor,refused,")), String.join("\n", csv));
    assertTrue(
        csv.stream()
            .anyMatch(
                l ->
                    l.startsWith("\"ktree 2 3\",none,0,0,ours,minhop,ok,1.000000,1.000000,yes,1,")),
        String.join("\n", csv));
    String md = Files.readString(results);
    assertTrue(
        md.startsWith("# Results\n\n<!-- fail-in-place:begin")
            && md.endsWith("<!-- fail-in-place:end -->\nafter\n"),
        md);
    assertTrue(!md.contains("stale"), md);
    // the section: per topology the engines that never fail, the highest Λ, the links
    assertTrue(md.contains("| ktree 2 3 | minhop, updn | "), md);
    assertTrue(md.contains("[results/fail-in-place.md](results/fail-in-place.md)"), md);
    assertTrue(md.contains("[ktree 2 3](results/fail-in-place-ktree_2_3.svg)"), md);
    assertTrue(!md.contains("| dor |"), md);
    // the detail: dor refuses the tree even intact; updn routes it deadlock-free throughout
    String detail = Files.readString(dir.resolve("plots/fail-in-place.md"));
    assertTrue(detail.startsWith("# Fail in place: how each engine degrades"), detail);
    assertTrue(
        detail.contains(
            "(../RESULTS.md#fail-in-place-how-each-engine-degrades-as-links-and-switches-fail)"),
        detail);
    assertTrue(detail.contains("| dor | 0% / ok; 0% / ok |"), detail);
    assertTrue(detail.contains("| updn | ok / ok; ok / ok |"), detail);
    assertTrue(
        detail.contains("![Λ against failed links, ktree 2 3](fail-in-place-ktree_2_3.svg)"),
        detail);
    Path svg = dir.resolve("plots/fail-in-place-ktree_2_3.svg");
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
    assertTrue(Files.readString(svg).contains("<polyline"));
  }

  @Test
  void anchorsAreTheOnesGitHubGivesTheHeadings() {
    FailInPlaceOptions trees = FailInPlaceOptions.parse(new String[] {"--fat-trees"});
    assertEquals(
        "fail-in-place-on-fat-trees-issue-44-λ-as-cables-and-switches-fail-1-vl",
        FailInPlaceReport.anchor(trees));
    assertEquals(
        "fail-in-place-how-each-engine-degrades-as-links-and-switches-fail",
        FailInPlaceReport.anchor(new FailInPlaceOptions()));
  }
}

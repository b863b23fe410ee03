package org.ibrouting.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.ibrouting.routing.Routing;
import org.ibrouting.testkit.TestRoutings;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class SvgPlotsTest {

  @Test
  void histogramIsWellFormedSvgWithOneBarPerBin() throws Exception {
    String svg =
        SvgPlots.histogram(
            "a <title> & more",
            "congestion",
            "streams",
            new String[] {"1", "2", "3"},
            new long[] {14, 44, 6});
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    assertEquals("svg", doc.getDocumentElement().getNodeName());
    NodeList rects = doc.getElementsByTagName("rect");
    assertEquals(4, rects.getLength(), "background + 3 bars");
    assertTrue(svg.contains("<title>2: 44</title>"), svg);
    // the tallest bar spans the whole plot height (300 px)
    assertEquals("300.00", rects.item(2).getAttributes().getNamedItem("height").getNodeValue());
    assertTrue(svg.contains("a &lt;title&gt; &amp; more"));
    assertThrows(
        IllegalArgumentException.class,
        () -> SvgPlots.histogram("t", "x", "y", new String[] {"1"}, new long[] {1, 2}));
  }

  @Test
  void plotsSimulationResults() {
    Routing tree = TestRoutings.dModK(4, 2, true);
    SimulationResult r = RanksInOrder.simulate(tree, "bruck", Metric.HIST_MAX_CONG, 1, 1);
    String svg = SvgPlots.congestionHistogram(r);
    assertTrue(svg.contains("<title>4: 32</title>"), svg);
    assertTrue(svg.contains("<title>3: 0</title>"), svg);
    String runs = SvgPlots.bandwidthHistogram(r);
    assertTrue(runs.contains("<title>0.55: 1</title>"), runs);
  }
}

package org.ibrouting.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.ibrouting.cli.IbRouting;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.topology.Topologies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine-choice benchmark reads what {@code advise --json} prints: the choice and the best. */
class AdviseRunTest {
  @TempDir Path dir;

  @Test
  void readsTheChoiceAndTheBestEligibleEngine() throws Exception {
    Path fabric = dir.resolve("torus.ibnd");
    IbnetdiscoverWriter.write(Topologies.torus(new int[] {4, 4}, 1), fabric);
    PrintStream out = System.out;
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    int status;
    try {
      System.setOut(new PrintStream(json, true, StandardCharsets.UTF_8));
      status =
          IbRouting.run(
              "advise",
              fabric.toString(),
              "--json",
              "-R",
              "minhop,dfsssp,lash",
              "--patterns",
              "50");
    } finally {
      System.setOut(out);
    }
    assertEquals(0, status);
    AdviseRun.Row row =
        AdviseRun.parse("torus 4,4 1", 16, 1.5, json.toString(StandardCharsets.UTF_8));
    assertEquals(3, row.tried(), json.toString());
    assertEquals(2, row.eligible(), "minhop has a credit loop on the torus: " + json);
    assertTrue(row.chosen().equals("dfsssp") || row.chosen().equals("lash"), row.toString());
    assertEquals(1.0, row.margin(), 0.005, row.toString());
    assertTrue(row.bestAnyLambda() >= row.bestEligibleLambda(), row.toString());
    assertTrue(row.overBudget().isEmpty());
  }
}

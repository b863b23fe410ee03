package org.ibrouting.engines.robustness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Example;
import org.ibrouting.engines.EngineConfig;
import org.ibrouting.engines.EngineInputs;
import org.ibrouting.engines.Engines;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.GuidListReader;
import org.ibrouting.io.testing.ParserFuzzer;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.RoutingAssertions;

/**
 * Fuzzing of root GUID files (OpenSM's {@code -a}, read by updn): damaged copies of the reference
 * fabrics' {@code updn-roots.guids}, read by lft-io's {@code GuidListReader}. A malformed line is a
 * {@code ParseException} naming it; otherwise updn either routes every pair, or refuses with a
 * {@link RoutingException} that starts with {@code updn: }; a refusal about a GUID names it as
 * {@code file:line:column:} with the position within the input (or the whole file, when it names no
 * switch). Any other exception fails and saves the input under {@code target/fuzz-failures}. {@code
 * -Dibrouting.fuzz.tries=N} sets the number of inputs.
 */
class RootGuidFileFuzzTest {
  private static final Path DIR = Path.of("target", "fuzz-failures");
  private static final Pattern POSITIONED =
      Pattern.compile("updn: (?:root GUID list )?(.+?):(\\d+):(\\d+): (.+)", Pattern.DOTALL);
  private static final Pattern WHOLE_FILE =
      Pattern.compile(
          "updn: (?:root GUID list (.+) names no switch|cannot read root GUID file (.+?): .*)",
          Pattern.DOTALL);

  @Example
  void rootGuidFiles() throws IOException {
    List<ParserFuzzer.Seed> seeds = new ArrayList<>();
    for (String name : ReferenceFabrics.names()) {
      if (!name.equals("ft8_3")) {
        seeds.add(
            new ParserFuzzer.Seed(
                name + "/updn-roots.guids",
                Files.readString(ReferenceFabrics.resource(name, "updn-roots.guids")),
                ReferenceFabrics.fabric(name)));
      }
    }
    String scratch = DIR.resolve("roots.input").toString();
    ParserFuzzer.Result result =
        ParserFuzzer.run(
            "roots",
            seeds,
            (file, fabric) ->
                RoutingAssertions.assertAllPairsRouted(
                    Engines.create(
                            "updn",
                            EngineConfig.none().with(EngineInputs.ROOTS, GuidListReader.read(file)))
                        .route((Fabric) fabric, RoutingOptions.defaults())),
            error ->
                error instanceof RoutingException e
                    ? position(e, scratch)
                    : ParserFuzzer.PARSE_EXCEPTION.positionOf(error),
            ParserFuzzer.tries(300),
            ParserFuzzer.seed(),
            DIR);
    System.out.println(result.summary());
    assertTrue(result.failures().isEmpty(), String.join("\n", result.failures()));
    assertEquals(result.tried(), result.parsed() + result.rejected());
  }

  /** The position a refusal gives; a refusal about routing, not the file, is a whole-file one. */
  private static ParserFuzzer.Position position(RoutingException e, String scratch) {
    Matcher m = POSITIONED.matcher(e.getMessage());
    if (m.matches() && m.group(1).equals(scratch)) {
      return new ParserFuzzer.Position(
          m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), m.group(4));
    }
    Matcher whole = WHOLE_FILE.matcher(e.getMessage());
    if (whole.matches()) {
      return new ParserFuzzer.Position(
          whole.group(1) != null ? whole.group(1) : whole.group(2), 0, 0, e.getMessage());
    }
    if (!e.getMessage().startsWith("updn: ") || e.getMessage().contains(scratch)) {
      throw new AssertionError(
          "refusal that does not start with 'updn: ' or names the file"
              + " without a position: "
              + e.getMessage());
    }
    return new ParserFuzzer.Position(scratch, 0, 0, e.getMessage());
  }
}

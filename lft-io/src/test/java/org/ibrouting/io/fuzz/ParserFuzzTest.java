package org.ibrouting.io.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import net.jqwik.api.Example;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.fabric.FabricBuilder;
import org.ibrouting.io.FabricFiles;
import org.ibrouting.io.JobListReader;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverReader;
import org.ibrouting.io.lft.LftDumpReader;
import org.ibrouting.io.sl.PathRecordReader;
import org.ibrouting.io.sl.SlFileReader;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.io.testing.ParserFuzzer;
import org.ibrouting.io.testing.ParserFuzzer.Seed;
import org.ibrouting.io.testing.ReferenceFabrics;
import org.ibrouting.io.testing.SampleFiles;
import org.ibrouting.io.torus.TorusConfigReader;
import org.ibrouting.io.torus.TorusConfigWriter;
import org.ibrouting.routing.PortSl2Vl;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.SlTable;
import org.ibrouting.simulation.JobMap;
import org.ibrouting.topology.TorusConfig;

/**
 * Parser fuzzing: damaged copies ({@code InputMutator}) of the real {@code ibnetdiscover} outputs
 * (default, {@code -g}, {@code -f}, before any SM ran, without switch comments), ibsim net files
 * (the reference fabrics', ibsim's {@code net-examples}, partial LIDs) and OpenSM LFT dumps of the
 * reference fabrics, of SL files written by {@link SlFileWriter}, of job maps, and of what {@code
 * dump_lfts}, {@code dump_fts -a}, {@code ibroute -a} and {@code saquery -p} printed on a fabric
 * OpenSM programmed. Every input must be read (a fabric then also passes the builder's checks
 * again) or rejected with a {@code ParseException} (an {@code IllegalArgumentException} naming the
 * line for a job map's unknown node) naming the file, a line within the input and a column within
 * that line; any other exception fails the test and saves the input under {@code
 * target/fuzz-failures}.
 *
 * <p>Seeded and deterministic. The default run tries a few hundred inputs per format (seconds);
 * {@code -Dibrouting.fuzz.tries=100000} sets the inputs per format for a long run, and {@code
 * -Dibrouting.fuzz.seed=N} another seed. Each test prints how many inputs it tried.
 */
class ParserFuzzTest {
  private static final Path DIR = Path.of("target", "fuzz-failures");

  private static String resourceText(String name, String file) throws IOException {
    return resourceText("fabrics/" + name + "/" + file);
  }

  private static String resourceText(String resource) throws IOException {
    try (InputStream raw = ParserFuzzTest.class.getClassLoader().getResourceAsStream(resource)) {
      InputStream in = resource.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      in.transferTo(out);
      return out.toString(StandardCharsets.UTF_8);
    }
  }

  private static void assertClean(ParserFuzzer.Result result) {
    System.out.println(result.summary());
    assertTrue(
        result.failures().isEmpty(),
        result.failures().size() + " failures:\n" + String.join("\n", result.failures()));
    assertEquals(result.tried(), result.parsed() + result.rejected());
  }

  /** A fabric read must also pass the builder's checks when built again. */
  private static void readFabric(Path file, Object context) throws IOException {
    Fabric fabric = FabricFiles.read(file);
    FabricBuilder.from(fabric).build();
  }

  @Example
  void ibnetdiscoverOutput() throws IOException {
    List<Seed> seeds = new ArrayList<>();
    for (String name : ReferenceFabrics.names()) {
      seeds.add(new Seed(name + "/fabric.ibnd", resourceText(name, "fabric.ibnd"), null));
    }
    // ibnetdiscover -g, the man page's example (LMC 1), LID-less discovery, no switch comments
    for (String file :
        List.of(
            "director-g.ibnd",
            "man-page-example.ibnd",
            "nolids/net.ibnd",
            "nolids/ft4_3.ibnd.gz",
            "no-switch-comment.ibnd",
            "net-full.ibnd")) {
      seeds.add(new Seed(file, resourceText("fabric-files/" + file), null));
    }
    fuzzFabricFiles("ibnd", seeds);
  }

  @Example
  void ibsimNetFiles() throws IOException {
    List<Seed> seeds = new ArrayList<>();
    for (String name : ReferenceFabrics.names()) {
      seeds.add(new Seed(name + "/" + name + ".net", resourceText(name, name + ".net"), null));
    }
    // ibsim's own examples and net files whose LIDs and GUIDs follow ibsim's and OpenSM's rules
    for (String file : SampleFiles.netExamples()) {
      seeds.add(new Seed(file, resourceText(file), null));
    }
    for (String file :
        List.of(
            "director.net",
            "lids/island.net",
            "lids/cafirst.net",
            "lids/partial.net",
            "lids/lmc2-partial.net",
            "lids/guid-counters.net")) {
      seeds.add(new Seed(file, resourceText("fabric-files/" + file), null));
    }
    fuzzFabricFiles("net", seeds);
  }

  /** Fuzzes the fabric reader with 1200 tries from {@code seeds}; only parse errors allowed. */
  private static void fuzzFabricFiles(String kind, List<Seed> seeds) throws IOException {
    assertClean(
        ParserFuzzer.run(
            kind,
            seeds,
            ParserFuzzTest::readFabric,
            ParserFuzzer.PARSE_EXCEPTION,
            ParserFuzzer.tries(1200),
            ParserFuzzer.seed(),
            DIR));
  }

  @Example
  void openSmLftDumps() throws IOException {
    List<Seed> seeds = new ArrayList<>();
    for (String name : ReferenceFabrics.names()) {
      if (name.equals("ft8_3") || name.equals("jellyfish32")) {
        continue; // megabytes of text each: slow to damage a thousand times
      }
      for (String engine : List.of("minhop", "updn+roots", "lash", "dfsssp")) {
        seeds.add(
            new Seed(
                name + "/" + engine,
                resourceText(name, engine + ".lfts.dump.gz"),
                ReferenceFabrics.fabric(name)));
      }
    }
    assertClean(
        ParserFuzzer.run(
            "lfts",
            seeds,
            (file, fabric) -> LftDumpReader.read((Fabric) fabric, file),
            ParserFuzzer.PARSE_EXCEPTION,
            ParserFuzzer.tries(600),
            ParserFuzzer.seed(),
            DIR));
  }

  /**
   * The LFTs and PathRecords read back from a live (simulated) fabric, as an administrator collects
   * them.
   */
  @Example
  void switchReadbacks() throws IOException {
    String dir = "opensm-readback/torus4x4h1/";
    Fabric fabric =
        IbnetdiscoverReader.read(
            new StringReader(SampleFiles.text(dir + "fabric.ibnd")), "fabric.ibnd");
    List<Seed> lfts = new ArrayList<>();
    for (String file : List.of("dump_lfts.txt.gz", "dump_fts-a.txt.gz", "ibroute-a.txt")) {
      lfts.add(new Seed(file, SampleFiles.text(dir + file), fabric));
    }
    assertClean(
        ParserFuzzer.run(
            "dump_fts",
            lfts,
            (file, context) -> LftDumpReader.read((Fabric) context, file),
            ParserFuzzer.PARSE_EXCEPTION,
            ParserFuzzer.tries(400),
            ParserFuzzer.seed(),
            DIR));
    List<Seed> listings =
        List.of(new Seed("saquery -p", SampleFiles.text(dir + "dfsssp.saquery.txt.gz"), fabric));
    assertClean(
        ParserFuzzer.run(
            "saquery",
            listings,
            (file, context) -> PathRecordReader.read((Fabric) context, file),
            ParserFuzzer.PARSE_EXCEPTION,
            ParserFuzzer.tries(600),
            ParserFuzzer.seed(),
            DIR));
  }

  @Example
  void slFiles() throws IOException {
    List<Seed> seeds = new ArrayList<>();
    for (String name : List.of("ft4_3", "torus2d_4x4", "hypercube5", "dragonfly_a4p2h2")) {
      Fabric fabric = ReferenceFabrics.fabric(name);
      for (boolean perLid : new boolean[] {false, true}) {
        SlTable.Builder b = perLid ? SlTable.perSourceLid(fabric) : SlTable.perSourceSwitch(fabric);
        SplittableRandom random = new SplittableRandom(name.hashCode() + (perLid ? 1 : 0));
        int groups = perLid ? fabric.maxLid() : fabric.numSwitches();
        for (int group = 0; group < groups; group++) {
          int sl = random.nextInt(3);
          for (int dst = 1; dst <= fabric.maxLid(); dst++) {
            if (random.nextInt(6) == 0) {
              sl = random.nextInt(4);
            }
            b.setSl(group, dst, sl);
          }
        }
        boolean portMaps = name.equals("torus2d_4x4") && !perLid;
        if (portMaps) {
          // a version 2 file: per-port SL2VL maps with 4 port classes
          byte[] classes = new byte[fabric.numPortSlots()];
          for (int port = 0; port < classes.length; port++) {
            classes[port] = (byte) random.nextInt(4);
          }
          byte[] vls = new byte[4 * 4 * SlTable.NUM_SLS];
          for (int i = 0; i < vls.length; i++) {
            vls[i] = (byte) random.nextInt(4);
          }
          b.setPortSl2Vl(new PortSl2Vl("fuzz", classes, 4, vls, 4));
        }
        Routing routing = Routing.builder(fabric, "test").setSlTable(b.build()).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SlFileWriter.write(routing, out);
        seeds.add(
            new Seed(
                name + (perLid ? " per LID" : " per switch") + (portMaps ? ", per-port maps" : ""),
                out.toString(StandardCharsets.US_ASCII),
                fabric));
      }
    }
    assertClean(
        ParserFuzzer.run(
            "sl",
            seeds,
            (file, fabric) -> SlFileReader.read((Fabric) fabric, file),
            ParserFuzzer.PARSE_EXCEPTION,
            ParserFuzzer.tries(800),
            ParserFuzzer.seed(),
            DIR));
  }

  @Example
  void jobMaps() throws IOException {
    List<Seed> seeds = new ArrayList<>();
    for (String name : List.of("ft4_3", "dragonfly_a4p2h2", "jellyfish32")) {
      Fabric fabric = ReferenceFabrics.fabric(name);
      SplittableRandom random = new SplittableRandom(name.hashCode());
      StringBuilder text = new StringBuilder("# job map of " + name + "\n");
      for (int node = fabric.numSwitches(); node < fabric.numNodes(); node++) {
        int jobs = random.nextInt(3);
        for (int j = 0; j < jobs; j++) {
          String id =
              random.nextBoolean()
                  ? fabric.description(node)
                  : String.format("0x%016x", fabric.nodeGuid(node));
          text.append(id)
              .append(random.nextBoolean() ? " " : "\t")
              .append("job")
              .append(j * 7 + random.nextInt(3))
              .append(random.nextInt(5) == 0 ? "   # comment\n" : "\n");
        }
      }
      seeds.add(new Seed(name + " jobs", text.toString(), fabric));
    }
    assertClean(
        ParserFuzzer.run(
            "jobs",
            seeds,
            (file, fabric) -> JobMap.resolve(JobListReader.read(file), (Fabric) fabric),
            error ->
                error instanceof IllegalArgumentException e
                    ? resolvePosition(e)
                    : ParserFuzzer.PARSE_EXCEPTION.positionOf(error),
            ParserFuzzer.tries(800),
            ParserFuzzer.seed(),
            DIR));
  }

  @Example
  void torusConfigs() throws IOException {
    List<Seed> seeds = new ArrayList<>();
    seeds.add(
        new Seed(
            "torus2d_4x4/torus-2QoS.conf", resourceText("torus2d_4x4", "torus-2QoS.conf"), null));
    TorusConfig twoSeeds =
        TorusConfig.builder(1, 4, 5)
            .link(1, true, 0x200000L, 0x200005L)
            .link(1, false, 0x200000L, 0x20000fL)
            .link(2, true, 0x200000L, 0x200001L)
            .nextSeed()
            .link(1, true, 0x20000bL, 0x200010L)
            .link(1, false, 0x20000bL, 0x200006L)
            .link(2, true, 0x20000bL, 0x20000cL)
            .dateline(1, -2)
            .dateline(2, -1)
            .portgroupMaxPorts(20)
            .portOrder(7, 10, 8, 11)
            .maxChanges(4)
            .build();
    seeds.add(new Seed("two seeds", TorusConfigWriter.format(twoSeeds, "man page example"), null));
    assertClean(
        ParserFuzzer.run(
            "torus",
            seeds,
            (file, context) -> TorusConfigReader.read(file),
            ParserFuzzer.PARSE_EXCEPTION,
            ParserFuzzer.tries(300),
            ParserFuzzer.seed(),
            DIR));
  }

  /** A node the fabric does not have: {@code file:line:column: problem} from JobMap.resolve. */
  private static ParserFuzzer.Position resolvePosition(IllegalArgumentException e) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "^(.*):(\\d+):(\\d+): (.+)$", java.util.regex.Pattern.DOTALL)
            .matcher(e.getMessage());
    if (!m.matches()) {
      throw new AssertionError("message is not 'file:line:column: problem': " + e.getMessage());
    }
    return new ParserFuzzer.Position(
        m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), m.group(4));
  }
}

package org.ibrouting.io.opensm;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.ibrouting.io.AtomicFiles;
import org.ibrouting.io.ibnetdiscover.IbnetdiscoverWriter;
import org.ibrouting.io.lft.DumpFormat;
import org.ibrouting.io.lft.LftDumpWriter;
import org.ibrouting.io.sl.SlFileWriter;
import org.ibrouting.routing.Routing;

/**
 * Deploys a {@link Routing}, SLs included, into a stock OpenSM 3.3.23: writes a directory with the
 * LFT dump the {@code file} engine loads ({@value #LFT_DUMP}), the QoS policy that makes the SA
 * answer every PathRecord with the routing's SL ({@value #QOS_POLICY}, see {@link QosPolicyWriter})
 * and the configuration that ties them together ({@value #CONF}, see {@link OpenSmConfWriter}), and
 * returns the command that starts OpenSM with it.
 *
 * <pre>{@code
 * OpenSmDeployment.Result r = OpenSmDeployment.write(routing, Path.of("deploy"), DumpFormat.FULL);
 * System.out.println(r.commandLine());      // opensm -F /abs/deploy/opensm.conf
 * }</pre>
 *
 * <p>Beside those three it keeps the routing's SL file ({@value #SL_FILE}, when the routing has
 * SLs: what {@code reroute --from-sl} and {@code check --sl} read), the fabric the routing was made
 * for ({@value #FABRIC}) and its own record ({@value #STATE}, see {@link DeploymentState}): the SLs
 * every deployment into it used keep their VLs for good.
 *
 * <p>{@link #write} writes the directory as a whole: its files are written (each through {@code
 * AtomicFiles}) into a new hidden directory beside it, which is then renamed to the target. An
 * existing target directory may hold only these files; it is renamed aside just before and deleted
 * just after. So the target holds either the old set or the new set, never a mix; only a crash
 * between the two renames (a few microseconds) leaves the old set aside as {@code .NAME.old-*} and
 * the new one as {@code .NAME.*} next to an absent target. The configuration names the files by
 * their final absolute paths. {@link DeploymentUpdate} changes a directory a running OpenSM reads
 * in place, file by file.
 */
public final class OpenSmDeployment {
  /** The LFT dump's file name. */
  public static final String LFT_DUMP = "opensm-lfts.dump";

  /** The QoS policy's file name. */
  public static final String QOS_POLICY = "qos-policy.conf";

  /** The configuration's file name. */
  public static final String CONF = "opensm.conf";

  /** The SL file of the routing (written when it has SLs), as {@code route --sl-out} writes it. */
  public static final String SL_FILE = LFT_DUMP + ".sl";

  /** The fabric the routing was made for, in {@code ibnetdiscover} format. */
  public static final String FABRIC = "fabric.ibnd";

  /** The directory's own record ({@link DeploymentState}). */
  public static final String STATE = "deployment.properties";

  /** While {@code serve} runs a switch-over plan: the routing the plan leads to. */
  public static final String TARGET_LFT_DUMP = "serve-target-lfts.dump";

  /** The SL file of {@link #TARGET_LFT_DUMP}. */
  public static final String TARGET_SL_FILE = TARGET_LFT_DUMP + ".sl";

  private static final Set<String> OURS =
      Set.of(LFT_DUMP, QOS_POLICY, CONF, SL_FILE, FABRIC, STATE, TARGET_LFT_DUMP, TARGET_SL_FILE);

  private OpenSmDeployment() {}

  /**
   * What was written.
   *
   * @param dir the directory (absolute)
   * @param lftDump the LFT dump
   * @param qosPolicy the QoS policy
   * @param conf the OpenSM configuration
   * @param numVls the VLs the routing uses
   * @param policy the size of the QoS policy, or null when an update left the SLs as they were
   * @param slFile the SL file, or null when the routing has no SLs
   * @param state what the directory records about itself now
   */
  public record Result(
      Path dir,
      Path lftDump,
      Path qosPolicy,
      Path conf,
      int numVls,
      QosPolicyWriter.Stats policy,
      Path slFile,
      DeploymentState state) {
    /**
     * A result without SL file or recorded state, as the API baseline's six-argument constructor
     * built it.
     *
     * @deprecated the deployment records an SL file and its state: use the canonical constructor
     */
    @Deprecated(since = "0.1.0")
    public Result(
        Path dir,
        Path lftDump,
        Path qosPolicy,
        Path conf,
        int numVls,
        QosPolicyWriter.Stats policy) {
      this(dir, lftDump, qosPolicy, conf, numVls, policy, null, null);
    }

    /** The command that starts OpenSM with this deployment, as a list of arguments. */
    public List<String> command() {
      return List.of("opensm", "-F", conf.toString());
    }

    /** {@link #command()} as a shell command line. */
    public String commandLine() {
      StringBuilder line = new StringBuilder();
      for (String word : command()) {
        line.append(line.length() == 0 ? "" : " ").append(shellWord(word));
      }
      return line.toString();
    }
  }

  /**
   * Writes the deployment of {@code routing} into {@code dir} (see the class comment).
   *
   * @throws IllegalArgumentException for a routing whose VLs follow per-port SL-to-VL maps
   *     (torus-2QoS's own), which OpenSM's QoS configuration cannot program
   */
  public static Result write(Routing routing, Path dir, DumpFormat format) throws IOException {
    return write(routing, dir, format, 1);
  }

  /**
   * As {@link #write(Routing, Path, DumpFormat)}, formatting the LFT dump on {@code threads}
   * threads ({@link LftDumpWriter#write(Routing, Path, DumpFormat, int)}).
   */
  public static Result write(Routing routing, Path dir, DumpFormat format, int threads)
      throws IOException {
    requireDeployableSls(routing);
    Path target = dir.toAbsolutePath().normalize();
    Path parent = target.getParent();
    if (parent == null) {
      throw new IllegalArgumentException("cannot deploy into the root directory; name a directory");
    }
    DeploymentState previous = null;
    if (Files.exists(target)) {
      requireOnlyOurFiles(target);
      previous = stateOf(target);
    }
    Files.createDirectories(parent);
    Path temp = Files.createTempDirectory(parent, "." + target.getFileName() + ".");
    try {
      if (Files.getFileStore(temp).supportsFileAttributeView("posix")) {
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
      QosPolicyWriter.Stats policy = QosPolicyWriter.write(routing, temp.resolve(QOS_POLICY));
      DeploymentState state =
          previous == null
              ? new DeploymentState(
                  routing.engineName(), format, policy.usedSls(), 1, DeploymentState.COMPLETE)
              : new DeploymentState(
                  routing.engineName(),
                  format,
                  previous.stickySls() | policy.usedSls(),
                  previous.generation() + 1,
                  DeploymentState.COMPLETE);
      OpenSmConfWriter.write(
          temp.resolve(CONF),
          routing,
          target.resolve(LFT_DUMP),
          target.resolve(QOS_POLICY),
          state.stickySls());
      LftDumpWriter.write(routing, temp.resolve(LFT_DUMP), format, threads);
      boolean sls = !routing.slTable().isNone();
      if (sls) {
        SlFileWriter.write(routing, temp.resolve(SL_FILE));
      }
      IbnetdiscoverWriter.write(routing.fabric(), temp.resolve(FABRIC));
      AtomicFiles.writeString(temp.resolve(STATE), state.text());
      replace(target, temp);
      return result(routing, target, policy, sls, state);
    } finally {
      deleteTree(temp);
    }
  }

  /** The result of a deployment into {@code target}. */
  static Result result(
      Routing routing,
      Path target,
      QosPolicyWriter.Stats policy,
      boolean slFile,
      DeploymentState state) {
    return new Result(
        target,
        target.resolve(LFT_DUMP),
        target.resolve(QOS_POLICY),
        target.resolve(CONF),
        routing.slTable().numVls(),
        policy,
        slFile ? target.resolve(SL_FILE) : null,
        state);
  }

  /**
   * Refuses a routing whose VLs follow per-port SL-to-VL maps (torus-2QoS's own), which OpenSM's
   * QoS configuration cannot program.
   */
  static void requireDeployableSls(Routing routing) {
    if (routing.slTable().portSl2Vl() != null) {
      throw new IllegalArgumentException(
          "the VLs of this "
              + routing.engineName()
              + " routing follow"
              + " per-port SL2VL maps ("
              + routing.slTable().portSl2Vl().rule()
              + "), which OpenSM's file"
              + " engine and QoS options cannot program; deploy its VL = SL variant"
              + " (-P torus_sl2vl=identity) or run OpenSM's own torus-2QoS");
    }
  }

  /**
   * The state an earlier deployment into {@code dir} recorded, or null when it recorded none (a
   * deployment of an earlier version, or no deployment).
   */
  public static DeploymentState stateOf(Path dir) throws IOException {
    Path file = dir.resolve(STATE);
    return Files.isRegularFile(file) ? DeploymentState.read(file) : null;
  }

  /** Whether {@code name} is a temporary file {@code AtomicFiles} makes while writing ours. */
  static boolean isOurTemporaryFile(String name) {
    if (!name.startsWith(".") || !name.endsWith(".tmp")) {
      return false;
    }
    for (String ours : OURS) {
      if (name.startsWith("." + ours + ".")) {
        return true;
      }
    }
    return false;
  }

  static void requireOnlyOurFiles(Path target) throws IOException {
    if (!Files.isDirectory(target)) {
      throw new IllegalArgumentException(target + " exists and is not a directory");
    }
    List<String> foreign = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(target)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (isOurTemporaryFile(name)) {
          // left by a write that was killed before its rename: never read by anyone
          Files.deleteIfExists(entry);
          continue;
        }
        if (!OURS.contains(name) || !Files.isRegularFile(entry)) {
          foreign.add(name);
        }
      }
    }
    if (!foreign.isEmpty()) {
      throw new IllegalArgumentException(
          target
              + " holds files that a deployment does not write ("
              + String.join(", ", foreign.subList(0, Math.min(5, foreign.size())))
              + (foreign.size() > 5 ? ", ..." : "")
              + "); it is replaced as a whole, so name a new or"
              + " empty directory, or one an earlier deployment wrote");
    }
  }

  private static void replace(Path target, Path temp) throws IOException {
    if (!Files.exists(target)) {
      move(temp, target);
      return;
    }
    Path old = Files.createTempDirectory(target.getParent(), "." + target.getFileName() + ".old-");
    Files.delete(old);
    move(target, old);
    try {
      move(temp, target);
    } catch (IOException e) {
      move(old, target);
      throw e;
    }
    deleteTree(old);
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path entry : entries) {
        Files.deleteIfExists(entry);
      }
    }
    Files.deleteIfExists(dir);
  }

  /** A word quoted for a POSIX shell when it needs it. */
  static String shellWord(String word) {
    if (!word.isEmpty() && word.matches("[A-Za-z0-9_@%+=:,./-]+")) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}

package org.ibrouting.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The OpenSM a deployment directory feeds, found on Linux through {@code /proc}: by the process id
 * or pid file the operator names, else (and again after OpenSM restarts) by the command line that
 * names the directory's {@code opensm.conf}. Its command line tells where it logs ({@code -f},
 * {@code --log_file}; the configuration's {@code log_file}; OpenSM's default {@code
 * /var/log/opensm.log}) and which configuration it reads; {@link #hangUp} sends SIGHUP, which makes
 * OpenSM re-read its configuration and QoS policy and run a heavy sweep that loads the dump again.
 *
 * @param pid the process id
 * @param args its command line, program first
 */
record OpenSmProcess(long pid, List<String> args) {
  /** OpenSM's log file when neither its command line nor its configuration names one. */
  static final Path DEFAULT_LOG = Path.of("/var/log/opensm.log");

  /** Copies the arguments. */
  OpenSmProcess {
    args = List.copyOf(args);
  }

  /**
   * Finds OpenSM: {@code pidSpec} is a process id or a pid file (read each time, as a service
   * manager rewrites it); when it names no running process, or is null, the opensm process whose
   * command line names {@code conf}.
   */
  static Optional<OpenSmProcess> find(String pidSpec, Path conf) throws IOException {
    if (pidSpec != null) {
      long pid = -1;
      if (pidSpec.matches("\\d+")) {
        pid = Long.parseLong(pidSpec);
      } else if (Files.isRegularFile(Path.of(pidSpec))) {
        String text = Files.readString(Path.of(pidSpec), StandardCharsets.US_ASCII).strip();
        if (text.matches("\\d+")) {
          pid = Long.parseLong(text);
        }
      }
      Optional<OpenSmProcess> named = pid > 0 ? of(pid) : Optional.empty();
      if (named.isPresent()) {
        return named;
      }
    }
    return byConf(conf);
  }

  /** The process {@code pid} if it runs, with its command line. */
  static Optional<OpenSmProcess> of(long pid) {
    Path cmdline = Path.of("/proc", Long.toString(pid), "cmdline");
    try {
      byte[] bytes = Files.readAllBytes(cmdline);
      if (bytes.length == 0) {
        return Optional.empty(); // a zombie
      }
      List<String> args = new ArrayList<>();
      int start = 0;
      for (int i = 0; i <= bytes.length; i++) {
        if (i == bytes.length || bytes[i] == 0) {
          if (i > start) {
            args.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
          }
          start = i + 1;
        }
      }
      return Optional.of(new OpenSmProcess(pid, args));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The running opensm whose command line names {@code conf} ({@code -F} or {@code --config}). */
  static Optional<OpenSmProcess> byConf(Path conf) throws IOException {
    Path wanted = conf.toAbsolutePath().normalize();
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path proc : procs) {
        Optional<OpenSmProcess> p = of(Long.parseLong(proc.getFileName().toString()));
        if (p.isPresent()
            && p.get().isOpenSm()
            && p.get().conf().map(wanted::equals).orElse(false)) {
          return p;
        }
      }
    }
    return Optional.empty();
  }

  /** Whether the program is opensm. */
  boolean isOpenSm() {
    return !args.isEmpty() && Path.of(args.get(0)).getFileName().toString().equals("opensm");
  }

  /** Whether the process still runs. */
  boolean alive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
        && of(pid).map(p -> p.args.equals(args)).orElse(false);
  }

  /** The value of option {@code names} on the command line ({@code -f X}, {@code --log_file=X}). */
  Optional<String> option(String... names) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      for (String name : names) {
        if (a.equals(name) && i + 1 < args.size()) {
          return Optional.of(args.get(i + 1));
        }
        if (name.startsWith("--") && a.startsWith(name + "=")) {
          return Optional.of(a.substring(name.length() + 1));
        }
      }
    }
    return Optional.empty();
  }

  /** The configuration file OpenSM reads, absolute, if its command line names one. */
  Optional<Path> conf() {
    return option("-F", "--config").map(c -> resolve(c));
  }

  /**
   * OpenSM's log file: {@code -f}/{@code --log_file}, else the configuration's {@code log_file},
   * else {@link #DEFAULT_LOG}; empty when it logs to standard output ({@code -f -} or {@code
   * stdout}).
   */
  Optional<Path> logFile() {
    Optional<String> named = option("-f", "--log_file");
    if (named.isEmpty()) {
      named = conf().flatMap(OpenSmProcess::confLogFile);
    }
    String file = named.orElse(DEFAULT_LOG.toString());
    if (file.equals("-") || file.equals("stdout")) {
      return Optional.empty();
    }
    return Optional.of(resolve(file));
  }

  private static Optional<String> confLogFile(Path conf) {
    try {
      for (String line : Files.readAllLines(conf, StandardCharsets.UTF_8)) {
        String cut = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
        String[] words = cut.strip().split("\\s+");
        if (words.length >= 2 && words[0].equals("log_file")) {
          return Optional.of(words[1]);
        }
      }
    } catch (IOException e) {
      // OpenSM reads it at each sweep; an unreadable file leaves the default
    }
    return Optional.empty();
  }

  /** A path as OpenSM, started in its own working directory, would open it. */
  private Path resolve(String path) {
    Path p = Path.of(path);
    if (p.isAbsolute()) {
      return p.normalize();
    }
    try {
      Path cwd = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "cwd"));
      return cwd.resolve(p).normalize();
    } catch (IOException | UnsupportedOperationException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  /** Sends SIGHUP: OpenSM re-reads its configuration and runs a heavy sweep. */
  void hangUp() throws IOException {
    Process kill = new ProcessBuilder("kill", "-HUP", Long.toString(pid)).start();
    try {
      if (kill.waitFor() != 0) {
        throw new IOException(
            "kill -HUP "
                + pid
                + " failed: "
                + new String(kill.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while signalling OpenSM", e);
    }
  }
}

package org.ibrouting.cli;

import java.util.concurrent.Callable;
import org.ibrouting.fabric.Fabric;
import picocli.CommandLine.Mixin;

/**
 * A command on one FABRIC: it checks the arguments that need no file, reads the fabric (assigning
 * the LIDs it lacks unless {@code --keep-lids}), then runs on it.
 */
abstract class FabricCommand implements Callable<Integer> {
  @Mixin FabricOptions fabricOptions;

  @Mixin CommonOptions common;

  /** Refuses arguments that contradict each other, before FABRIC is read (exit status 2). */
  void checkArguments() throws Exception {}

  /** The command on the fabric read; returns the exit status. */
  abstract int run(Fabric fabric) throws Exception;

  /** Runs after the command, whether it succeeded or not, if its arguments were accepted. */
  void finish() {}

  @Override
  public final Integer call() throws Exception {
    checkArguments();
    try {
      return run(fabricOptions.read().fabric());
    } finally {
      finish();
    }
  }
}

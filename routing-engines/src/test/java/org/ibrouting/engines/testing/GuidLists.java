package org.ibrouting.engines.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.ibrouting.fabric.GuidList;
import org.ibrouting.io.GuidListReader;

/** GUID files for engine settings, read as the command line reads them. */
public final class GuidLists {
  private GuidLists() {}

  /** The GUIDs of {@code file}, or null for a null file. */
  public static GuidList read(Path file) {
    try {
      return file == null ? null : GuidListReader.read(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

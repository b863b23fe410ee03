package org.ibrouting.io.ibnetdiscover;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.io.testing.WriterRoundTripContract;

/** Writing a fabric in ibnetdiscover format and reading it back gives the same fabric. */
class WriterRoundTripTest extends WriterRoundTripContract {
  @Override
  protected Fabric roundTrip(Fabric fabric) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IbnetdiscoverWriter.write(fabric, out);
    return IbnetdiscoverReader.read(
        new StringReader(out.toString(StandardCharsets.UTF_8)), "written");
  }
}

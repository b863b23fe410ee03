package org.ibrouting.routing;

import java.util.Arrays;
import org.ibrouting.fabric.Fabric;

/**
 * Per-port SL-to-VL maps, as OpenSM programs them into switches (SL2VL MAD per input and output
 * port; {@code update_sl2vl} of an engine such as torus-2QoS) and CAs (one map per port), in a
 * compact form: every port slot of the fabric has a <em>class</em> (0..{@link #MAX_CLASSES}-1), and
 * one table gives the VL per (input port class, output port class, SL). A packet on SL s that
 * enters a switch through port i and leaves through port o travels the next link on {@code vl(i, o,
 * s)}; a packet a node sends itself (a CA's injection, a switch's port 0) uses its sending port as
 * input port. So a route's VL may change from hop to hop, and a credit loop is a cycle over
 * (channel, VL) pairs ({@code CreditLoopVerifier} builds that graph).
 *
 * <p>torus-2QoS's rule, for instance: classes 0, 1, 2 for a switch port whose link points along
 * torus dimension x, y, z, class 3 for port 0, CA ports and ports outside the torus; the VL of a
 * hop along dimension d is bit d of the SL, plus 2 after a turn against dimension order (see the
 * engine). Memory: 1 byte per port slot plus classes^2 * 16 bytes.
 */
public final class PortSl2Vl {
  /** At most this many port classes. */
  public static final int MAX_CLASSES = 16;

  private final String rule;
  private final byte[] classOfPort;
  private final int numClasses;
  private final byte[] vls;
  private final int numVls;

  /**
   * @param rule a short name of the rule for messages and files ({@code torus-2QoS})
   * @param classOfPort the class of every port slot of the fabric
   * @param numClasses the number of classes (1..{@value #MAX_CLASSES})
   * @param vlOfClasses {@code [(in * numClasses + out) * 16 + sl]}: the VL, 0-14
   * @param numVls the number of VLs routes can use under this rule (what the engine guarantees)
   */
  public PortSl2Vl(
      String rule, byte[] classOfPort, int numClasses, byte[] vlOfClasses, int numVls) {
    if (numClasses < 1 || numClasses > MAX_CLASSES) {
      throw new IllegalArgumentException(
          "port SL2VL classes must number 1-" + MAX_CLASSES + ", not " + numClasses);
    }
    if (vlOfClasses.length != numClasses * numClasses * SlTable.NUM_SLS) {
      throw new IllegalArgumentException(
          "a table of "
              + numClasses
              + " classes has "
              + numClasses * numClasses * SlTable.NUM_SLS
              + " entries, not "
              + vlOfClasses.length);
    }
    for (byte c : classOfPort) {
      if (c < 0 || c >= numClasses) {
        throw new IllegalArgumentException("port class " + c + " outside 0-" + (numClasses - 1));
      }
    }
    for (byte vl : vlOfClasses) {
      if (vl < 0 || vl > 14) {
        throw new IllegalArgumentException("VL " + vl + " is not a data VL (0-14)");
      }
    }
    if (numVls < 1 || numVls > 15) {
      throw new IllegalArgumentException("numVls " + numVls + " outside 1-15");
    }
    this.rule = rule;
    this.classOfPort = classOfPort.clone();
    this.numClasses = numClasses;
    this.vls = vlOfClasses.clone();
    this.numVls = numVls;
  }

  /** The rule's name. */
  public String rule() {
    return rule;
  }

  /** The number of port classes. */
  public int numClasses() {
    return numClasses;
  }

  /** The class of a port slot. */
  public int classOf(int port) {
    return classOfPort[port];
  }

  /** The number of port slots this map covers (the fabric's). */
  public int numPortSlots() {
    return classOfPort.length;
  }

  /**
   * The VL of the next link for SL {@code sl} entering through port {@code in}, leaving through
   * {@code out}.
   */
  public int vl(int in, int out, int sl) {
    return vls[(classOfPort[in] * numClasses + classOfPort[out]) * SlTable.NUM_SLS + sl];
  }

  /** The VL for (input class, output class, SL). */
  public int vlOfClasses(int inClass, int outClass, int sl) {
    return vls[(inClass * numClasses + outClass) * SlTable.NUM_SLS + sl];
  }

  /** The number of VLs routes can use under this rule. */
  public int numVls() {
    return numVls;
  }

  /** Whether this map covers {@code fabric}'s port slots. */
  public boolean fits(Fabric fabric) {
    return classOfPort.length == fabric.numPortSlots();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PortSl2Vl p
        && rule.equals(p.rule)
        && numClasses == p.numClasses
        && numVls == p.numVls
        && Arrays.equals(classOfPort, p.classOfPort)
        && Arrays.equals(vls, p.vls);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(classOfPort) * 31 + Arrays.hashCode(vls);
  }

  @Override
  public String toString() {
    return "per-port SL2VL (" + rule + ", " + numClasses + " port classes, " + numVls + " VLs)";
  }
}

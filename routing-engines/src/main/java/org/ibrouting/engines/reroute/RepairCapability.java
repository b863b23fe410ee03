package org.ibrouting.engines.reroute;

import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;

/**
 * An engine's incremental re-routing after failures, offered by a {@link
 * org.ibrouting.routing.RoutingEngine} that implements this interface: {@link Reroute#reroute} (the
 * command line's {@code reroute} and {@code serve}) repairs old tables with the engine's {@link
 * RepairRule} instead of routing from scratch. An engine of your own offers one the same way:
 *
 * <pre>{@code
 * public final class MyEngine extends AbstractRoutingEngine implements RepairCapability {
 *   public RepairRule repairRule(Routing old, RoutingOptions options, int threads) {
 *     return RepairRule.minimumHops(myDestinationPorts(old.fabric()));
 *   }
 * }
 * }</pre>
 */
public interface RepairCapability {
  /**
   * The rule by which this engine repairs {@code old}: tables of an earlier state of {@code
   * old.fabric()}, read against the fabric as it is now. It runs while the old tables are copied,
   * so it may prepare what the rule needs (ranks, a formula) at no cost in time.
   *
   * @param old the old tables on the changed fabric
   * @param options the options of the re-route
   * @param threads how many threads the re-route uses (at least 1)
   * @throws RoutingException when the engine refuses the changed fabric
   */
  RepairRule repairRule(Routing old, RoutingOptions options, int threads) throws RoutingException;
}

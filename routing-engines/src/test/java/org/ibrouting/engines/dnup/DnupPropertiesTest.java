package org.ibrouting.engines.dnup;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ibrouting.fabric.Fabric;
import org.ibrouting.routing.Routing;
import org.ibrouting.routing.RoutingException;
import org.ibrouting.routing.RoutingOptions;
import org.ibrouting.testkit.FabricArbitraries;
import org.ibrouting.testkit.RoutingAssertions;

/** On fat trees, where the ranks differ, Down*&#47;Up* routes every pair without credit loops. */
class DnupPropertiesTest {
  @Provide
  Arbitrary<Fabric> fatTrees() {
    return FabricArbitraries.fatTrees().filter(FabricArbitraries::switchesConnected);
  }

  @Property(tries = 60)
  void deadlockFreeOnFatTrees(@ForAll("fatTrees") Fabric fabric) throws RoutingException {
    Routing routing = new DnupEngine().route(fabric, RoutingOptions.defaults());
    RoutingAssertions.assertRoutedWithoutLoops(routing);
    RoutingAssertions.assertDeadlockFreePerVl(routing);
  }
}

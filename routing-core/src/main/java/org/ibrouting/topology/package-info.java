/**
 * Topology generators: k-ary n-trees, XGFTs, tori and meshes, hypercubes, Dragonflies, Jellyfish
 * and director chains, built as {@link org.ibrouting.fabric.Fabric}s with ibsim's GUIDs and
 * OpenSM's LIDs ({@link org.ibrouting.topology.Topologies}, {@link
 * org.ibrouting.topology.OpenSmLids}), and the command-line syntax for them ({@link
 * org.ibrouting.topology.TopologySpec}).
 *
 * <h2>Property tests with the kit</h2>
 *
 * <p>The {@code ibrouting-testkit} artifact holds {@code org.ibrouting.testkit.FabricArbitraries}:
 * jqwik arbitraries over every generator's (small) parameter space, random connected irregular
 * fabrics, and fabrics with failed links or a failed switch. A property of your own engine:
 *
 * <pre>{@code
 * class MyEngineProperties {
 *   @Provide Arbitrary<Fabric> fatTrees() { return FabricArbitraries.fatTrees(); }
 *   @Provide Arbitrary<Fabric> damaged() {
 *     return FabricArbitraries.withFailedLinks(FabricArbitraries.regular(), 3, true);
 *   }
 *
 *   @Property(tries = 100)
 *   void routesEveryPair(@ForAll("fatTrees") Fabric fabric) throws RoutingException {
 *     Routing routing = new MyEngine().route(fabric, RoutingOptions.seeded(1));
 *     RoutingAssertions.assertAllPairsRouted(routing);
 *   }
 * }
 * }</pre>
 */
package org.ibrouting.topology;

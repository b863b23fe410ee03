/**
 * The property-testing kit, published as the {@code ibrouting-testkit} artifact (jqwik and JUnit
 * Jupiter are its declared dependencies): jqwik arbitraries over every topology generator, random
 * irregular and damaged fabrics ({@link org.ibrouting.testkit.FabricArbitraries}), assertions on
 * routings that print a witness route or credit loop ({@link
 * org.ibrouting.testkit.RoutingAssertions}), small hand-made fabrics ({@link
 * org.ibrouting.testkit.TestFabrics}) and simple reference routings ({@link
 * org.ibrouting.testkit.TestRoutings}).
 */
package org.ibrouting.testkit;

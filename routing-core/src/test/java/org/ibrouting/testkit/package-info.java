/**
 * Test kit published in routing-core's test-jar: assertions on routings that print witnesses
 * ({@link org.ibrouting.testkit.RoutingAssertions}), small hand-made fabrics
 * ({@link org.ibrouting.testkit.TestFabrics}) and simple reference routings
 * ({@link org.ibrouting.testkit.TestRoutings}), and the routed/refused coverage of properties
 * ({@link org.ibrouting.testkit.RefusalCoverage}).
 */
package org.ibrouting.testkit;

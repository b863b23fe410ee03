/** The property-testing kit: jqwik arbitraries of fabrics, routing assertions, engine contracts. */
module org.ibrouting.testkit {
  requires transitive org.ibrouting.core;
  requires transitive net.jqwik.api;
  requires transitive org.junit.jupiter.api;
  requires it.unimi.dsi.fastutil.core;

  exports org.ibrouting.testkit;
}

/**
 * OpenSM itself: deploying a routing into a stock OpenSM 3.3.23 with its SLs
 * ({@link org.ibrouting.io.opensm.OpenSmDeployment}: the LFT dump, a QoS policy and an
 * {@code opensm.conf}), and running the real OpenSM on an ibsim-simulated fabric for interop tests,
 * read-backs and side-by-side benchmarks ({@link org.ibrouting.io.opensm.OpenSmSimulation}).
 */
package org.ibrouting.io.opensm;

/**
 * OpenSM itself: deploying a routing into a stock OpenSM 3.3.23 with its SLs ({@link
 * org.ibrouting.io.opensm.OpenSmDeployment}: the LFT dump, a QoS policy and an {@code
 * opensm.conf}). Running the real OpenSM on ibsim for tests and benchmarks is the {@code
 * opensm-interop} module's.
 */
package org.ibrouting.io.opensm;

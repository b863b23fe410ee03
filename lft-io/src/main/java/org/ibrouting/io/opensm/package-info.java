/** Runs the real OpenSM on an ibsim-simulated fabric, for interop tests and side-by-side benchmarks. */
package org.ibrouting.io.opensm;

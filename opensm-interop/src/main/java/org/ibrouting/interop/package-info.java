/**
 * The real OpenSM 3.3.23 on a fabric simulated by ibsim, as the tests' and benchmarks' peer and
 * oracle: {@link org.ibrouting.interop.OpenSmSimulation} starts ibsim and OpenSM and reads back
 * what the simulated switches and the SA hold, {@link org.ibrouting.interop.OpenSmRuns} runs one
 * engine on a fabric, {@link org.ibrouting.interop.OpenSmLog} reads the counts OpenSM logs for its
 * VL engines, and {@link org.ibrouting.interop.OpenSmPeer} skips (or, in CI, fails) a test when the
 * binaries are absent. Test and benchmark machinery, not API.
 */
package org.ibrouting.interop;

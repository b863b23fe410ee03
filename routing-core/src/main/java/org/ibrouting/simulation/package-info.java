/**
 * The congestion simulator: per-pair paths walked from the LFTs ({@link
 * org.ibrouting.simulation.PathTable}), ORCS communication patterns ({@link
 * org.ibrouting.simulation.PatternSpec}), their congestion metrics ({@link
 * org.ibrouting.simulation.Simulator}), the effective bisection bandwidth and the job-aware metrics
 * of scheduling-aware routing ({@link org.ibrouting.simulation.JobMetrics}).
 *
 * <p>The model is the linear congestion model of Hoefler, Schneider, Lumsdaine, "Multistage
 * Switches are not Crossbars" (Cluster 2008): a stream's bandwidth is the link bandwidth divided by
 * the largest number of streams sharing a directed channel of its path.
 */
package org.ibrouting.simulation;

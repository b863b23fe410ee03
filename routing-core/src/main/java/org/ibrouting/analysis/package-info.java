/**
 * Analysis of a {@link org.ibrouting.routing.Routing} by walking its LFTs: reachability, loops and
 * hop counts ({@link org.ibrouting.analysis.RouteChecker}), the edge forwarding index ({@link
 * org.ibrouting.analysis.ForwardingIndex}) and credit loops in the channel dependency graph of
 * every VL ({@link org.ibrouting.analysis.CreditLoopVerifier}).
 *
 * <p>All three work per destination LID: the routes to one LID form an in-tree (or, for a broken
 * routing, a functional graph with loops) over the switches, so every switch is visited once per
 * destination instead of once per (source, destination) pair. Sources then derive their figures
 * from the switch they are cabled to. Destinations are spread over worker threads; results never
 * depend on the thread count.
 */
package org.ibrouting.analysis;

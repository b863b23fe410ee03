/**
 * What engines return ({@link org.ibrouting.routing.Routing}, SL tables) and the engine contract.
 */
package org.ibrouting.routing;

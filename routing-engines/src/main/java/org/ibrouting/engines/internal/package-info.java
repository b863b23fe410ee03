/**
 * Not API: machinery of the engines artifact that may change in any release (the built-in
 * engines' registry entries). Use {@link org.ibrouting.engines.Engines}.
 */
package org.ibrouting.engines.internal;

/**
 * OpenSM's {@code torus-2QoS.conf}: {@link org.ibrouting.io.torus.TorusConfigReader} reads it into
 * a {@link org.ibrouting.topology.TorusConfig} with {@code file:line:column} errors, {@link
 * org.ibrouting.io.torus.TorusConfigWriter} writes one (for example the configuration {@code
 * generate torus ... --torus-config FILE} writes beside a generated torus).
 */
package org.ibrouting.io.torus;

/**
 * torus-2QoS, OpenSM's dimension-order routing for 2D and 3D tori and meshes with datelines,
 * failure handling without SL changes and per-port SL-to-VL maps.
 */
package org.ibrouting.engines.torus2qos;

/**
 * SAR: scheduling-aware routing, P-SSSP balanced only over the routes inside each job,
 * deadlock-free as DFSSSP.
 */
package org.ibrouting.engines.sar;

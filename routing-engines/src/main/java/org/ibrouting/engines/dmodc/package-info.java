/**
 * Dmodc, fault-resilient deterministic routing for parallel generalized fat trees (Gliksberg,
 * Capra, Louvet, García, Sohier, "High-Quality Fault-Resiliency in Fat-Trees"). Entry point: {@link
 * org.ibrouting.engines.dmodc.DmodcEngine}.
 */
package org.ibrouting.engines.dmodc;

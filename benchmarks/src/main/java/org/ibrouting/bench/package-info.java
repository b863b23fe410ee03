/** JMH benchmarks and the side-by-side runs against OpenSM. */
package org.ibrouting.bench;

/** Down*&#47;Up* routing as OpenSM does it. */
package org.ibrouting.engines.dnup;

/** Up*&#47;Down* routing as OpenSM does it. */
package org.ibrouting.engines.updn;

/** The engine registry and chains; each engine lives in a sub-package of its own. */
package org.ibrouting.engines;

/** Several Up*&#47;Down* trees on virtual lanes (Flich et al., ISHPC 2002). */
package org.ibrouting.engines.multiupdn;

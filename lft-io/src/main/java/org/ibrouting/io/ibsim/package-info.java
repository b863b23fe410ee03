/** ibsim's net format (the fabric description {@code ibsim -s NETFILE} simulates). */
package org.ibrouting.io.ibsim;

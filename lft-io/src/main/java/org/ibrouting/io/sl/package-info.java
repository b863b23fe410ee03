/**
 * The ibrouting SL file: the service level of every path of a routing, for engines that spread
 * paths over virtual lanes. OpenSM answers path SLs only through SA queries; this file is how our
 * command line hands them over. See {@link org.ibrouting.io.sl.SlFileWriter} for the format.
 */
package org.ibrouting.io.sl;

/**
 * The ibrouting SL file: the service level of every path of a routing, for engines that spread
 * paths over virtual lanes. OpenSM answers path SLs only through SA queries; this file is how our
 * command line hands them over.
 *
 * <p>Format (text, {@code #} comments; full description in {@link
 * org.ibrouting.io.sl.SlFileWriter}): the first line {@code # ibrouting SL file v1}; {@code vls N},
 * the VLs the SLs need; {@code sl2vl v0,...,v15}, the VL of each SL; then per group of source LIDs
 * that share their SLs a line {@code src 0x0002 0x0005 ...} followed by runs {@code 0xFIRST-0xLAST
 * SL} (or {@code 0xLID SL}) covering destination LIDs 1..max LID. Grouping sources by switch and
 * merging equal SLs into runs keep the file far below one line per pair.
 */
package org.ibrouting.io.sl;

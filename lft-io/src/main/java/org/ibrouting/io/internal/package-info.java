/** Not API: the line cursor the readers share. It may change in any release. */
package org.ibrouting.io.internal;

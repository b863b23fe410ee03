/** Shared I/O machinery: positioned parse errors and atomic file output. */
package org.ibrouting.io;

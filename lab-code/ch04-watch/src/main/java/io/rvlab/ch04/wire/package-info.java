/**
 * Wire imitation for the labs: one watch request written and read by hand, over HTTP/1.1
 * ({@link Http1Watch}) and over HTTP/2 in clear text ({@link H2cWatch}).
 */
package io.rvlab.ch04.wire;

/**
 * Chapter 6's server: {@link ApplyApiServer} is chapter 5's server with field management and
 * server-side apply; {@link ApiServerMain} starts it.
 */
package io.rvlab.ch06.server;

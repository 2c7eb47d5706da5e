/**
 * Chapter 4's server: {@link WatchApiServer} is chapter 3's server with a watch cache per resource
 * and {@code ?watch=1}; {@link ApiServerMain} starts it.
 */
package io.rvlab.ch04.server;

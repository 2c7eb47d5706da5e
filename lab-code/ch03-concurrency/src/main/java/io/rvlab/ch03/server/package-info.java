/**
 * Chapter 3's server: {@link ConcurrencyApiServer} is chapter 2's server serving updatable
 * resources, one custom resource and the OpenAPI documents; {@link ApiServerMain} starts it.
 */
package io.rvlab.ch03.server;

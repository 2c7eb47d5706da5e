/**
 * Ports for the course's own servers: {@link io.rvlab.support.net.FreePorts} chooses one below the
 * kernel's ephemeral range, where a container engine's NAT rule for a published etcd port cannot be.
 */
package io.rvlab.support.net;

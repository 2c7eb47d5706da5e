package io.rvlab.support.etcd;

import java.util.concurrent.ThreadLocalRandom;
import org.testcontainers.containers.Network;

/**
 * A network for a multi-member etcd, with a subnet of its own so that each member keeps one fixed
 * address on it, across restarts and partitions, as a real member keeps its address (an engine
 * would hand a restarted or reconnected container a new one; clients and peers would lose it).
 * The subnet is drawn at random from 10.201.0.0 to 10.250.255.0, and again if the engine uses it.
 */
record MemberNetwork(Network network, String name, String prefix) {

    static MemberNetwork create(String name) {
        RuntimeException last = null;
        for (int attempt = 0; attempt < 8; attempt++) {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            String prefix = "10." + random.nextInt(201, 251) + "." + random.nextInt(0, 256) + ".";
            Network network = Network.builder()
                    .createNetworkCmdModifier(cmd -> cmd.withName(name).withIpam(
                            new com.github.dockerjava.api.model.Network.Ipam().withConfig(
                                    new com.github.dockerjava.api.model.Network.Ipam.Config().withSubnet(prefix + "0/24"))))
                    .build();
            try {
                network.getId(); // Testcontainers creates the network on first use
                return new MemberNetwork(network, name, prefix);
            } catch (RuntimeException taken) {
                last = taken;
            }
        }
        throw new IllegalStateException("could not create the network " + name + ": " + last.getMessage(), last);
    }

    /** Member {@code i}'s fixed address (from .10 up: the engine takes .1 for its gateway). */
    String address(int member) {
        return prefix + (10 + member);
    }
}

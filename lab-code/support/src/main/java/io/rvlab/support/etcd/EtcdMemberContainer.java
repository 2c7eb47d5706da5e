package io.rvlab.support.etcd;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import io.rvlab.support.net.FreePorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * One member of a multi-member etcd in a container, on two networks: the client network, where
 * clients reach it, and the peer network, where the members talk raft to each other (etcd's
 * client and peer URLs). Cutting a member off from its peers ({@link #cutFromPeers()})
 * leaves it reachable to clients: the partition a follower can be in while it still answers
 * serializable reads. Each member keeps a fixed address on both networks.
 */
final class EtcdMemberContainer extends GenericContainer<EtcdMemberContainer> implements ClusterMember {

    static final int CLIENT_PORT = 2379;
    static final int PEER_PORT = 2380;

    private final String name;
    private final MemberNetwork peers;
    private final String address;
    private final String peerAddress;
    private Boolean routable; // whether the host reaches the member at its own address; decided once

    EtcdMemberContainer(String image, MemberNetwork clients, MemberNetwork peers, int index,
            String initialCluster, String token) {
        super(DockerImageName.parse(image));
        this.name = "etcd-" + index;
        this.peers = peers;
        this.address = clients.address(index);
        this.peerAddress = peers.address(index);
        // A fixed address on the client network: the engine would give a restarted container a new one,
        // and every client already connected would lose the member for good.
        withNetwork(clients.network());
        withCreateContainerCmdModifier(cmd -> cmd.withIpv4Address(address));
        withExposedPorts(CLIENT_PORT);
        FreePorts.forContainer().ifPresent(port -> addFixedExposedPort(port, CLIENT_PORT)); // see FreePorts
        withCommand(
                "/usr/local/bin/etcd",
                "--name=" + name,
                "--data-dir=/var/lib/etcd",
                "--listen-client-urls=http://0.0.0.0:" + CLIENT_PORT,
                "--advertise-client-urls=http://" + address + ":" + CLIENT_PORT,
                "--listen-peer-urls=http://0.0.0.0:" + PEER_PORT,
                "--initial-advertise-peer-urls=" + peerUrl(peers, index),
                "--initial-cluster=" + initialCluster,
                "--initial-cluster-token=" + token,
                "--initial-cluster-state=new",
                "--experimental-watch-progress-notify-interval=1s");
        withLabel("io.rvlab", "etcd");
        // A member is "ready" only once the cluster has a quorum, so members must start together
        // (EtcdCluster starts them in parallel); a listening port is all one container can show alone.
        waitingFor(Wait.forListeningPort().withStartupTimeout(Duration.ofSeconds(90)));
    }

    String memberName() {
        return name;
    }

    /**
     * The member's client URL: its fixed address on the client network where the host can route to
     * it (Podman and Docker on Linux), else the published port. Not the published port first: Podman
     * forwards it to the container's address on either of its networks, and a client whose connection
     * ran over the peer network would lose it in a partition that should cut only raft's traffic.
     */
    @Override
    public String clientEndpoint() {
        if (routable == null) {
            routable = reachable(address);
        }
        return routable ? "http://" + address + ":" + CLIENT_PORT : publishedEndpoint(getContainerInfo());
    }

    /** The client URL as the engine reports it now, after a restart (for checking that it did not move). */
    String currentEndpoint() {
        return Boolean.TRUE.equals(routable)
                ? "http://" + address + ":" + CLIENT_PORT
                : publishedEndpoint(getDockerClient().inspectContainerCmd(getContainerId()).exec());
    }

    private String publishedEndpoint(InspectContainerResponse info) {
        Ports.Binding[] bindings = info.getNetworkSettings().getPorts().getBindings().get(ExposedPort.tcp(CLIENT_PORT));
        String port = bindings == null || bindings.length == 0 ? "(none)" : bindings[0].getHostPortSpec();
        return "http://" + getHost() + ":" + port;
    }

    private static boolean reachable(String ip) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(ip, CLIENT_PORT), 1000);
            return true;
        } catch (IOException unroutable) {
            return false;
        }
    }

    /**
     * Puts the created container on the peer network too, before it starts (etcd resolves its peers'
     * names at start). The container was created on the engine's default network, where its client
     * port is published, so a client's connection never runs over the peer network that
     * {@link #cutFromPeers()} takes away.
     */
    @Override
    protected void containerIsCreated(String containerId) {
        joinPeers(containerId);
    }

    static String peerUrl(MemberNetwork peers, int index) {
        return "http://" + peers.address(index) + ":" + PEER_PORT;
    }

    private void joinPeers(String containerId) {
        getDockerClient().connectToNetworkCmd()
                .withContainerId(containerId).withNetworkId(peers.network().getId())
                .withContainerNetwork(new ContainerNetwork()
                        .withIpamConfig(new ContainerNetwork.Ipam().withIpv4Address(peerAddress)))
                .exec();
    }

    @Override
    public void terminate() {
        getDockerClient().stopContainerCmd(getContainerId()).withTimeout(10).exec();
    }

    @Override
    public void kill() {
        getDockerClient().killContainerCmd(getContainerId()).exec();
    }

    /** Starts the container again; its fixed address keeps its client endpoint (checked: an engine could move it). */
    @Override
    public void startAgain() {
        String before = clientEndpoint();
        getDockerClient().startContainerCmd(getContainerId()).exec();
        String now = currentEndpoint();
        if (!now.equals(before)) {
            throw new IllegalStateException(name + " came back at " + now + ", not " + before
                    + ": this container engine gave the container another address on restart (Podman keeps it)");
        }
    }

    /** The engine's pause: the container's cgroup is frozen. */
    @Override
    public void freeze() {
        getDockerClient().pauseContainerCmd(getContainerId()).exec();
    }

    @Override
    public void thaw() {
        getDockerClient().unpauseContainerCmd(getContainerId()).exec();
    }

    @Override
    public void remove() {
        stop();
    }

    /** Cuts this member off from the other members (raft traffic); clients still reach it. */
    @Override
    public void cutFromPeers() {
        getDockerClient().disconnectFromNetworkCmd()
                .withContainerId(getContainerId()).withNetworkId(peers.network().getId()).exec();
    }

    /** Heals {@link #cutFromPeers()}: back on the peer network at the same address (nothing if it is on it). */
    @Override
    public void rejoinPeers() {
        // Podman's inspect may give a network's name where Docker gives its id: either one counts.
        boolean onPeers = getDockerClient().inspectContainerCmd(getContainerId()).exec()
                .getNetworkSettings().getNetworks().entrySet().stream()
                .anyMatch(e -> e.getKey().equals(peers.name()) || peers.network().getId().equals(e.getValue().getNetworkID()));
        if (!onPeers) {
            joinPeers(getContainerId());
        }
    }

}

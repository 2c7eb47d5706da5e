package io.rvlab.support.etcd;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import io.rvlab.support.net.FreePorts;
import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A single-member etcd in a container. Works with the official image and with the local image
 * that {@code ./course setup} builds from Debian's etcd binary for offline classrooms: both keep
 * the binary at /usr/local/bin/etcd.
 */
final class EtcdContainer extends GenericContainer<EtcdContainer> {

    static final int CLIENT_PORT = 2379;

    EtcdContainer(String image) {
        super(DockerImageName.parse(image));
        withExposedPorts(CLIENT_PORT);
        FreePorts.forContainer().ifPresent(port -> addFixedExposedPort(port, CLIENT_PORT)); // see FreePorts
        withCommand(
                "/usr/local/bin/etcd",
                "--name=rvlab",
                "--data-dir=/var/lib/etcd",
                "--listen-client-urls=http://0.0.0.0:" + CLIENT_PORT,
                "--advertise-client-urls=http://127.0.0.1:" + CLIENT_PORT,
                // Progress notifications every second (etcd's default: ten minutes), so a watch cache
                // learns etcd's revision while its resource is quiet: chapter 4's bookmarks.
                "--experimental-watch-progress-notify-interval=1s");
        // A label lets './course doctor' find containers left behind by a killed JVM.
        withLabel("io.rvlab", "etcd");
        waitingFor(Wait.forLogMessage(".*ready to serve client requests.*", 1)
                .withStartupTimeout(Duration.ofSeconds(90)));
    }

    String clientEndpoint() {
        return "http://" + getHost() + ":" + getMappedPort(CLIENT_PORT);
    }

    /**
     * Stops the container (SIGTERM, so etcd shuts down cleanly) and starts the same container
     * again. Its filesystem, and so etcd's data directory, is kept: this is the same member with
     * the same data and revisions, not a fresh etcd.
     *
     * <p>The endpoint must stay the same, because every jetcd client (and every watch) already
     * handed out holds it. Podman (4.3 on the course machine) allocates a random host port once,
     * when it creates the container, and keeps it on every later start: checked here, not assumed.
     * An engine that hands out a new host port on start would leave the clients pointing at
     * nothing, so that case fails loudly instead.
     */
    void restart(Duration stopTimeout) {
        DockerClient docker = getDockerClient();
        String id = getContainerId();
        String before = hostPort(docker.inspectContainerCmd(id).exec());
        docker.stopContainerCmd(id).withTimeout((int) stopTimeout.toSeconds()).exec();
        docker.startContainerCmd(id).exec();
        String after = hostPort(docker.inspectContainerCmd(id).exec());
        if (!after.equals(before)) {
            throw new IllegalStateException("etcd restarted, but the container engine moved its client port from "
                    + before + " to " + after + ": clients connected to " + clientEndpoint()
                    + " cannot follow. Use an engine that keeps a container's host port across restarts (Podman does).");
        }
    }

    private static String hostPort(InspectContainerResponse info) {
        Ports.Binding[] bindings = info.getNetworkSettings().getPorts().getBindings().get(ExposedPort.tcp(CLIENT_PORT));
        return bindings == null || bindings.length == 0 ? "(none)" : bindings[0].getHostPortSpec();
    }
}

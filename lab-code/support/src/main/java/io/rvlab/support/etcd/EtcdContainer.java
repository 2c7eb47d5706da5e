package io.rvlab.support.etcd;

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
}

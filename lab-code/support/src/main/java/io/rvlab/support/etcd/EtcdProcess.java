package io.rvlab.support.etcd;

import io.rvlab.support.net.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A single-member etcd run as a process of this machine, from an etcd binary: the very etcd the
 * offline container image is built from ({@code ./course setup}), for where no container engine
 * may be used. The classroom grader's box is that place: a student's code runs there without any
 * way to reach the engine, so the tests' etcd starts beside it, inside the box. Chosen by
 * {@code RVLAB_ETCD_BINARY} (see {@link EtcdSettings}).
 *
 * <p>It listens on the loopback address only, on ports chosen as {@link FreePorts} chooses, with a
 * data directory of its own that {@link #stop()} removes; {@link #restart} keeps both, as a
 * restarted member keeps its data and its address.
 *
 * <p>Alone it is a one-member cluster; with a {@link Membership} it is one member of several
 * ({@link EtcdMemberProcess}), which its peers reach at the URL it advertises.
 */
final class EtcdProcess {

    /**
     * What makes the process one member of several: its name, the peer URL it advertises (where the
     * others reach it, not necessarily where it listens), every member's name and peer URL
     * ({@code --initial-cluster}) and the cluster's token, as etcd's static bootstrap takes them.
     */
    record Membership(String name, String advertisedPeerUrl, String initialCluster, String token) {
    }

    private final Path binary;
    private final Path dataDir;
    private final Path log;
    private final int clientPort;
    private final int peerPort;
    private final Membership membership; // null: a cluster of one
    private Process process;
    private long readyFrom; // the log's length when the current process started

    EtcdProcess(Path binary) {
        this(binary, null, freePort());
    }

    /** A member of a cluster listening for its peers on {@code peerPort}, which {@code membership} names. */
    EtcdProcess(Path binary, Membership membership, int peerPort) {
        this.binary = binary;
        this.membership = membership;
        try {
            this.dataDir = Files.createTempDirectory(dataRoot(), "rvlab-etcd");
            this.log = dataDir.resolveSibling(dataDir.getFileName() + ".log");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.clientPort = freePort();
        this.peerPort = peerPort;
    }

    /**
     * Where data directories go: {@code RVLAB_ETCD_DATA} (the grader's box gives etcd a folder of its own,
     * so a test that fills the temporary folder cannot stop the etcd of the exercises after it), else the
     * temporary folder.
     */
    private static Path dataRoot() throws IOException {
        String root = System.getenv("RVLAB_ETCD_DATA");
        return Files.createDirectories(Path.of(root != null && !root.isBlank() ? root : System.getProperty("java.io.tmpdir")));
    }

    /** Starts etcd and waits until it serves clients. */
    void start() {
        launch();
        awaitReady(Duration.ofSeconds(90));
    }

    /**
     * Starts etcd without waiting: a member of several is ready only once a quorum of its peers
     * runs, so the members of a new cluster are all launched before any is awaited.
     */
    void launch() {
        String client = "http://127.0.0.1:" + clientPort;
        String peer = "http://127.0.0.1:" + peerPort;
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--data-dir=" + dataDir.resolve("data"),
                "--listen-client-urls=" + client, "--advertise-client-urls=" + client, "--listen-peer-urls=" + peer,
                // As the container's etcd: progress notifications every second (chapter 4's bookmarks).
                "--experimental-watch-progress-notify-interval=1s"));
        if (membership == null) {
            command.addAll(List.of("--name=rvlab", "--initial-advertise-peer-urls=" + peer, "--initial-cluster=rvlab=" + peer));
        } else {
            // The flags EtcdMemberContainer gives a member (a restart with data ignores the initial ones).
            command.addAll(List.of("--name=" + membership.name(), "--initial-advertise-peer-urls=" + membership.advertisedPeerUrl(),
                    "--initial-cluster=" + membership.initialCluster(), "--initial-cluster-token=" + membership.token(),
                    "--initial-cluster-state=new"));
        }
        try {
            readyFrom = Files.exists(log) ? Files.size(log) : 0; // a restart appends to the same log
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run the etcd binary " + binary + ": " + e.getMessage(), e);
        }
    }

    String clientEndpoint() {
        return "http://127.0.0.1:" + clientPort;
    }

    String describe() {
        return "etcd process " + binary + " at " + clientEndpoint();
    }

    /** SIGTERM (etcd stops cleanly), then the same member again: same data, same ports. */
    void restart(Duration stopTimeout) {
        halt(stopTimeout);
        start();
    }

    /** SIGTERM: etcd stops cleanly (SIGKILL after {@code timeout}); its data and ports are kept. */
    void terminate(Duration timeout) {
        halt(timeout);
    }

    /** SIGKILL, as a crashed machine: no clean stop; its data and ports are kept. */
    void kill() {
        if (process != null) {
            process.destroyForcibly(); // SIGKILL on Linux
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** The running process's id (for a signal the JDK cannot send, see {@link EtcdMemberProcess#freeze()}). */
    long pid() {
        if (!isRunning()) {
            throw new IllegalStateException(describe() + " is not running");
        }
        return process.pid();
    }

    /** Stops etcd and removes its data. */
    void stop() {
        halt(Duration.ofSeconds(10));
        try (var files = Files.walk(dataDir)) {
            for (Path p : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // a temporary folder left behind is no failure of the test that used it
        }
    }

    private void halt(Duration timeout) {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for etcd's "ready to serve client requests" in its log since its launch, as the container's start waits for it. */
    void awaitReady(Duration timeout) {
        long offset = readyFrom;
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                byte[] all = Files.readAllBytes(log);
                String text = new String(all, (int) Math.min(offset, all.length), (int) Math.max(0, all.length - offset), StandardCharsets.UTF_8);
                if (text.contains("ready to serve client requests")) {
                    return;
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException("etcd (" + binary + ") exited with " + process.exitValue() + ":\n" + tail(text, 15));
                }
                Thread.sleep(50);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for etcd", e);
        }
        throw new IllegalStateException("etcd (" + binary + ") was not ready within " + timeout.toSeconds() + " s; its log: " + log);
    }

    private static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** A port free now, below the ephemeral range (see {@link FreePorts}). */
    static int freePort() {
        return FreePorts.listen(port -> {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return probe.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}

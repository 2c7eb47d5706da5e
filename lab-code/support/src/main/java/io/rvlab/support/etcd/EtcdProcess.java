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
 */
final class EtcdProcess {

    private final Path binary;
    private final Path dataDir;
    private final Path log;
    private final int clientPort;
    private final int peerPort;
    private Process process;

    EtcdProcess(Path binary) {
        this.binary = binary;
        try {
            this.dataDir = Files.createTempDirectory("rvlab-etcd");
            this.log = dataDir.resolveSibling(dataDir.getFileName() + ".log");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.clientPort = freePort();
        this.peerPort = freePort();
    }

    void start() {
        String client = "http://127.0.0.1:" + clientPort;
        String peer = "http://127.0.0.1:" + peerPort;
        List<String> command = List.of(binary.toString(), "--name=rvlab", "--data-dir=" + dataDir.resolve("data"),
                "--listen-client-urls=" + client, "--advertise-client-urls=" + client,
                "--listen-peer-urls=" + peer, "--initial-advertise-peer-urls=" + peer, "--initial-cluster=rvlab=" + peer,
                // As the container's etcd: progress notifications every second (chapter 4's bookmarks).
                "--experimental-watch-progress-notify-interval=1s");
        long offset;
        try {
            offset = Files.exists(log) ? Files.size(log) : 0; // a restart appends to the same log
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run the etcd binary " + binary + ": " + e.getMessage(), e);
        }
        awaitReady(offset, Duration.ofSeconds(90));
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

    /** Waits for etcd's "ready to serve client requests" in its log after {@code offset}, as the container's start waits for it. */
    private void awaitReady(long offset, Duration timeout) {
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
    private static int freePort() {
        return FreePorts.listen(port -> {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return probe.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}

package io.rvlab.support.net;

import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntFunction;

/**
 * Where a course server listens when it is asked for "any free port" (port 0), and where an etcd
 * container's port is published: a free port below the kernel's ephemeral range, not one the
 * kernel picks from inside it.
 *
 * <p>Why: the container engine publishes each etcd container's client port on a random host port
 * taken from the ephemeral range, and with Podman's netavark (and Docker's iptables mode) that
 * mapping is a NAT rule for every local address, not a socket the host holds. The kernel therefore
 * still considers the port free and may hand it to a server asking for port 0; from then on, every
 * connection to that server's 127.0.0.1:port is rewritten to the container (another etcd, or one
 * already gone: connection refused). Below the ephemeral range no engine draws its random ports.
 */
public final class FreePorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 10_000;
    private static final int ATTEMPTS = 64;

    private FreePorts() {
    }

    /**
     * Runs {@code listen} with a candidate port until it succeeds, and returns what it returned; a
     * candidate already taken (a {@link BindException} anywhere in the failure's causes) is
     * skipped. Where the ephemeral range cannot be read (not Linux), {@code listen} gets port 0.
     */
    public static <T> T listen(IntFunction<T> listen) {
        int below = ephemeralStart();
        if (!roomBelow(below)) {
            return listen.apply(0);
        }
        RuntimeException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            try {
                return listen.apply(port);
            } catch (RuntimeException e) {
                if (!portTaken(e)) {
                    throw e;
                }
                last = e;
            }
        }
        throw new IllegalStateException("no free port between " + LOWEST + " and " + below + " after " + ATTEMPTS
                + " tries", last);
    }

    /** A {@link ServerSocket} on the loopback address, on a port chosen as {@link #listen} chooses. */
    public static ServerSocket serverSocket(int backlog) {
        return listen(port -> {
            try {
                return new ServerSocket(port, backlog, InetAddress.getLoopbackAddress());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The JDK's HTTP server on 127.0.0.1, on a port chosen as {@link #listen} chooses; not started yet. */
    public static HttpServer jdkHttpServer() {
        return listen(port -> {
            try {
                return HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * A host port for the container engine to publish a container's port on, free now and chosen as
     * {@link #listen} chooses; empty where the ephemeral range cannot be read (let the engine choose).
     *
     * <p>Why not let Podman choose: it draws a random port from the ephemeral range, lets it go, and
     * binds it a moment later. Meanwhile the kernel may give that very port to an outgoing connection
     * (a client of another etcd, say), and the container fails to start with "bind: address already
     * in use". Below the ephemeral range no outgoing connection gets a port.
     */
    public static OptionalInt forContainer() {
        if (!roomBelow(ephemeralStart())) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(listen(port -> {
            try (ServerSocket probe = new ServerSocket(port)) { // every address, as the engine binds it
                return probe.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
    }

    /** Whether an ephemeral range starting at {@code start} (0: unknown) leaves room below it to choose from. */
    private static boolean roomBelow(int start) {
        return start > LOWEST + ATTEMPTS;
    }

    static boolean portTaken(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException
                    || String.valueOf(cause.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    /** The first port of the kernel's ephemeral range, or 0 if it cannot be read. */
    static int ephemeralStart() {
        // Read line by line: Files.readString trusts the size /proc reports and returns a truncated value.
        try (BufferedReader reader = Files.newBufferedReader(EPHEMERAL_RANGE)) {
            String[] range = reader.readLine().trim().split("\\s+");
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}

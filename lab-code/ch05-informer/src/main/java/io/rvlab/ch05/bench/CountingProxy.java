package io.rvlab.ch05.bench;

import io.rvlab.support.net.FreePorts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP relay between the client child and the server child that counts the bytes the
 * client receives (HTTP headers, chunk framing and bodies: what crossed the wire). It runs in the
 * parent JVM, so neither measured heap includes it.
 */
final class CountingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final AtomicLong toClient = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    CountingProxy(URI server) throws IOException {
        this.target = new InetSocketAddress(server.getHost(), server.getPort());
        this.listener = FreePorts.serverSocket(50);
        Thread accepting = new Thread(this::accept, "bench-proxy-accept");
        accepting.setDaemon(true);
        accepting.start();
    }

    /** The URL the client uses instead of the server's. */
    URI url() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    /** Bytes sent from the server to the client so far. */
    long bytesToClient() {
        return toClient.get();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(target.getAddress(), target.getPort());
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                pump(client, server, null);
                pump(server, client, toClient);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(Socket from, Socket to, AtomicLong counter) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    out.write(buffer, 0, n);
                    if (counter != null) {
                        counter.addAndGet(n);
                    }
                }
            } catch (IOException e) {
                // one side closed: close() below ends the other direction as well
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "bench-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
        sockets.forEach(CountingProxy::closeQuietly);
    }
}

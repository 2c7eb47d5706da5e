package io.rvlab.ch04.client;

import io.rvlab.support.net.FreePorts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay in front of a real API server that can cut every open connection at once, the way a
 * load balancer restart or a network blip does: the client sees its watch body end without the
 * terminating chunk. Bytes pass through untouched.
 */
final class TcpProxy implements AutoCloseable {

    private final ServerSocket socket;
    private final URI target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    TcpProxy(URI target) throws IOException {
        this.target = target;
        this.socket = FreePorts.serverSocket(50);
        Thread acceptor = new Thread(this::accept, "tcp-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    }

    /** Closes every connection now open through the proxy; new ones are accepted as before. */
    int cutAll() {
        int cut = 0;
        for (Socket s : open) {
            try {
                s.close();
                cut++;
            } catch (IOException ignored) {
                // already gone
            }
            open.remove(s);
        }
        return cut / 2; // two sockets per connection
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket server = new Socket(target.getHost(), target.getPort());
                open.add(client);
                open.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // cut, or the other side closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "tcp-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // best effort
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
        cutAll();
    }
}

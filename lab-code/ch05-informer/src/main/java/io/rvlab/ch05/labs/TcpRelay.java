package io.rvlab.ch05.labs;

import io.rvlab.support.net.FreePorts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP relay between a client and the API server, standing for the network: {@link #cut()} resets
 * every open connection (the client reads "connection reset", as after a router or load balancer
 * failure) and holds new connections unanswered until {@link #heal()}, when they go through.
 */
final class TcpRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final List<Socket[]> open = new ArrayList<>();
    private final List<Socket> held = new ArrayList<>();
    private boolean down;
    private volatile boolean closed;

    private TcpRelay(URI target) throws IOException {
        this.upstream = new InetSocketAddress(target.getHost(), target.getPort());
        this.listener = FreePorts.serverSocket(50);
        Thread acceptor = new Thread(this::accept, "rvlab-lab-relay");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static TcpRelay to(URI target) {
        try {
            return new TcpRelay(target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The relay's address, to give the client instead of the server's. */
    URI url() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort() + "/");
    }

    /** Resets every open connection; new ones wait until {@link #heal()}. */
    void cut() {
        List<Socket[]> cutting;
        synchronized (this) {
            down = true;
            cutting = new ArrayList<>(open);
            open.clear();
        }
        for (Socket[] pair : cutting) {
            reset(pair[0]);
            quietClose(pair[1]);
        }
    }

    /** Lets the held connections (and every later one) through. */
    void heal() {
        List<Socket> waiting;
        synchronized (this) {
            down = false;
            waiting = new ArrayList<>(held);
            held.clear();
        }
        waiting.forEach(this::connect);
    }

    /** How many connections wait at the cut: the client has tried again. */
    synchronized int held() {
        return held.size();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                synchronized (this) {
                    if (down) {
                        held.add(client);
                        continue;
                    }
                }
                connect(client);
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void connect(Socket client) {
        Socket server = new Socket();
        try {
            server.connect(upstream, 5000);
        } catch (IOException e) {
            reset(client);
            return;
        }
        synchronized (this) {
            open.add(new Socket[] {client, server});
        }
        pump(client, server);
        pump(server, client);
    }

    private static void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side is gone: the other goes too
            } finally {
                quietClose(from);
                quietClose(to);
            }
        }, "rvlab-lab-relay-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0); // close with RST, not FIN: a failure, not an orderly end
        } catch (IOException e) {
            // already closed
        }
        quietClose(socket);
    }

    private static void quietClose(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            // already closed
        }
        cut();
        synchronized (this) {
            held.forEach(TcpRelay::quietClose);
            held.clear();
        }
    }
}

package io.rvlab.ch04.client;

import io.rvlab.support.net.FreePorts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A socket that answers every connection with the same bytes, written as given: for replaying a
 * recorded kube-apiserver response (a golden transcript) byte for byte, chunk framing included,
 * and for cutting a response short as a broken connection would. Not an API server: it neither
 * reads nor checks the request beyond recording its head.
 */
final class RawHttpServer implements AutoCloseable {

    private final ServerSocket socket;
    private final byte[] response;
    private final boolean holdOpen;
    private final List<String> requestHeads = new CopyOnWriteArrayList<>();
    private final List<Socket> connections = new CopyOnWriteArrayList<>();

    /** Writes {@code response}, then closes the connection, or with {@code holdOpen} leaves it open and silent. */
    RawHttpServer(byte[] response, boolean holdOpen) throws IOException {
        this.socket = FreePorts.serverSocket(50);
        this.response = response;
        this.holdOpen = holdOpen;
        Thread acceptor = new Thread(this::serve, "raw-http-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    }

    /** The request line and headers of each connection so far, CRLF as sent. */
    List<String> requestHeads() {
        return requestHeads;
    }

    private void serve() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                connections.add(connection);
                requestHeads.add(readHead(connection.getInputStream()));
                OutputStream out = connection.getOutputStream();
                out.write(response);
                out.flush();
                if (!holdOpen) {
                    connection.close();
                }
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket connection : connections) {
            connection.close();
        }
    }
}

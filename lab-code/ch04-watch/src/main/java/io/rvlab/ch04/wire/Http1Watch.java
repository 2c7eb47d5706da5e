package io.rvlab.ch04.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One watch request over HTTP/1.1, written and read byte by byte on a plain socket: what an HTTP
 * library (and {@code curl -N}) hides. The answer is a status line, headers with
 * {@code Transfer-Encoding: chunked} and no {@code Content-Length} (the body's length is unknown
 * while the watch lasts), then one chunk per burst of events: its size in hexadecimal on a line of
 * its own, the bytes, CRLF (RFC 9112 section 7.1). A zero-size chunk would end the watch.
 */
public final class Http1Watch implements AutoCloseable {

    /** One chunk as it crossed the wire: the size line as sent (hex), and the data. */
    public record Chunk(String sizeLine, byte[] data) {

        public String text() {
            return new String(data, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final String statusLine;
    private final List<String> headers = new ArrayList<>();

    private Http1Watch(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.statusLine = line();
        for (String header = line(); !header.isEmpty(); header = line()) {
            headers.add(header);
        }
    }

    /** Sends {@code GET pathAndQuery} and reads the answer's status line and headers. */
    public static Http1Watch open(URI server, String pathAndQuery) throws IOException {
        Socket socket = new Socket(server.getHost(), server.getPort());
        socket.setSoTimeout(10_000);
        String request = "GET " + pathAndQuery + " HTTP/1.1\r\n"
                + "Host: " + server.getHost() + ":" + server.getPort() + "\r\n"
                + "Accept: application/json\r\n"
                + "\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(request.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        try {
            return new Http1Watch(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    public String statusLine() {
        return statusLine;
    }

    /** The headers as sent, one "Name: value" per entry. */
    public List<String> headers() {
        return List.copyOf(headers);
    }

    /** A header's value (names compare without case), or "" if it was not sent. */
    public String header(String name) {
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon > 0 && header.substring(0, colon).equalsIgnoreCase(name)) {
                return header.substring(colon + 1).strip();
            }
        }
        return "";
    }

    /** The next chunk, waiting up to {@code wait}; null if none came in time. */
    public Chunk next(Duration wait) throws IOException {
        socket.setSoTimeout((int) Math.max(1, wait.toMillis()));
        String sizeLine;
        try {
            sizeLine = line();
        } catch (SocketTimeoutException e) {
            return null;
        }
        socket.setSoTimeout(10_000); // the chunk's bytes follow its size line at once
        int size = Integer.parseInt(sizeLine.split(";", 2)[0].strip(), 16);
        byte[] data = in.readNBytes(size);
        if (data.length < size) {
            throw new IOException("the stream ended inside a chunk");
        }
        if (!line().isEmpty()) {
            throw new IOException("a chunk's data must end with CRLF");
        }
        return new Chunk(sizeLine, data);
    }

    /** One line up to CRLF, without it. */
    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                break;
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        if (b < 0 && line.size() == 0) {
            throw new IOException("the server closed the connection");
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    /** Drops the connection, as a client that goes away does; the server ends the watch. */
    @Override
    public void close() throws IOException {
        socket.close();
    }
}

package io.rvlab.ch04.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A watch read off a plain socket, so a test sees the HTTP/1.1 framing itself: the status line,
 * the headers, each chunk as it arrived, and whether the terminating chunk came.
 */
final class RawStream implements AutoCloseable {

    final int status;
    final Map<String, String> headers = new LinkedHashMap<>();
    private final Socket socket;
    private final InputStream in;
    private boolean ended;

    RawStream(URI server, String pathAndQuery, String accept) throws IOException {
        socket = new Socket(server.getHost(), server.getPort());
        socket.setSoTimeout(15_000);
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + server.getHost() + ":" + server.getPort()
                + "\r\nAccept: " + accept + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        in = socket.getInputStream();
        String statusLine = line();
        status = Integer.parseInt(statusLine.split(" ")[1]);
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).toLowerCase(), header.substring(colon + 1).trim());
        }
    }

    /** The next chunk's data, or null after the terminating zero-length chunk. */
    String chunk() throws IOException {
        if (ended) {
            return null;
        }
        int size = Integer.parseInt(line().trim(), 16);
        if (size == 0) {
            line(); // the empty line after the last chunk
            ended = true;
            return null;
        }
        byte[] data = in.readNBytes(size);
        line(); // CRLF after the data
        return new String(data, StandardCharsets.UTF_8);
    }

    /** Every chunk until the server ends the response. */
    List<String> chunksUntilEnd() throws IOException {
        List<String> chunks = new ArrayList<>();
        for (String chunk = chunk(); chunk != null; chunk = chunk()) {
            chunks.add(chunk);
        }
        return chunks;
    }

    boolean ended() {
        return ended;
    }

    /** The body of a non-streamed answer (Content-Length). */
    String body() throws IOException {
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}

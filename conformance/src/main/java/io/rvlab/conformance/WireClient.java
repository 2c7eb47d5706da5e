package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Header;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A deliberately small HTTP/1.1 client over a plain socket, so that a replayed request carries
 * exactly the transcript's method, target, headers and body, and so that the response's framing
 * ({@code Content-Length} or {@code Transfer-Encoding: chunked}) can be seen; java.net.http hides both.
 * One connection per request ({@code Connection: close}).
 */
public final class WireClient {

    /** How long one request may take; the longest expected is a 3 s too-large wait. */
    private static final int READ_TIMEOUT_MILLIS = 30_000;

    private final String host;
    private final int port;

    public WireClient(URI base) {
        this.host = base.getHost();
        this.port = base.getPort();
    }

    /**
     * The response as received.
     *
     * @param chunked whether the body came with {@code Transfer-Encoding: chunked} (else {@code Content-Length})
     * @param seconds from sending the request to the end of the body
     */
    public record Answer(int code, List<Header> headers, String body, boolean chunked, double seconds) {

        public Optional<String> header(String name) {
            return Transcript.header(headers, name);
        }
    }

    public Answer send(String method, String target, List<Header> headers, String body) {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
        head.append("Host: ").append(host).append(':').append(port).append("\r\n");
        for (Header header : headers) {
            head.append(header.name()).append(": ").append(header.value()).append("\r\n");
        }
        if (content.length > 0) {
            head.append("Content-Length: ").append(content.length).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");

        long started = System.nanoTime();
        try (Socket socket = new Socket(host, port)) {
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(content);
            out.flush();

            InputStream in = socket.getInputStream();
            String statusLine = line(in);
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP status line: " + statusLine);
            }
            List<Header> responseHeaders = new ArrayList<>();
            for (String line = line(in); !line.isEmpty(); line = line(in)) {
                int colon = line.indexOf(':');
                responseHeaders.add(new Header(line.substring(0, colon), line.substring(colon + 1).strip()));
            }
            boolean chunked = Transcript.header(responseHeaders, "Transfer-Encoding")
                    .map(v -> v.toLowerCase(Locale.ROOT).contains("chunked")).orElse(false);
            byte[] responseBody;
            if (chunked) {
                responseBody = chunks(in);
            } else {
                Optional<String> length = Transcript.header(responseHeaders, "Content-Length");
                responseBody = length.isPresent() ? in.readNBytes(Integer.parseInt(length.get())) : in.readAllBytes();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            return new Answer(Integer.parseInt(parts[1]), List.copyOf(responseHeaders),
                    new String(responseBody, StandardCharsets.UTF_8), chunked, seconds);
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + target + " failed: " + e.getMessage(), e);
        }
    }

    /** The body of a chunked response: hex size lines, each chunk, up to the zero-size chunk. */
    private static byte[] chunks(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line(in);
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).strip(), 16);
            if (size == 0) {
                while (!line(in).isEmpty()) {
                    // trailers: none expected, skipped
                }
                return body.toByteArray();
            }
            body.write(in.readNBytes(size));
            line(in); // the CRLF after the chunk
        }
    }

    /** One CRLF-terminated line, without the CRLF. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int previous = -1;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed in the middle of a line");
            }
            if (previous == '\r' && b == '\n') {
                byte[] bytes = line.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
            previous = b;
        }
    }
}

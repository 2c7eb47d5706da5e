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

    // tag::watch[]
    /**
     * A watch as received: the status and headers, then every event line with its arrival time.
     *
     * @param headersAt when the status line arrived, in seconds since the request was sent
     * @param events the event lines (each without its {@code \n}), in arrival order
     * @param chunks how many chunks carried them
     * @param end how the stream ended: the server's zero-length chunk, or this client closing it
     * @param body for an answer that is not a stream (a 4xx before the watch began): its body
     */
    public record WatchAnswer(int code, List<Header> headers, boolean chunked, double headersAt,
            List<RecordedStream.StreamEvent> events, int chunks, RecordedStream.End end, String body) {

        public Optional<String> header(String name) {
            return Transcript.header(headers, name);
        }
    }

    /**
     * Opens a watch and reads it until the server ends it, or until {@code closeAt} seconds after
     * sending, when this client closes it (as the recording's client did at its capture limit, or
     * because the server kept the watch open past the recorded end).
     */
    public WatchAnswer watch(String target, List<Header> headers, double closeAt) {
        StringBuilder head = new StringBuilder("GET " + target + " HTTP/1.1\r\n");
        head.append("Host: ").append(host).append(':').append(port).append("\r\n");
        for (Header header : headers) {
            head.append(header.name()).append(": ").append(header.value()).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        long started = System.nanoTime();
        try (Socket socket = new Socket(host, port)) {
            socket.setSoTimeout(50);
            socket.getOutputStream().write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            TimedInput in = new TimedInput(socket.getInputStream(), started, started + (long) (closeAt * 1e9));
            String statusLine = in.line();
            double headersAt = in.lastAt;
            List<Header> responseHeaders = new ArrayList<>();
            for (String line = in.line(); !line.isEmpty(); line = in.line()) {
                int colon = line.indexOf(':');
                responseHeaders.add(new Header(line.substring(0, colon), line.substring(colon + 1).strip()));
            }
            int code = Integer.parseInt(statusLine.split(" ", 3)[1]);
            boolean chunked = Transcript.header(responseHeaders, "Transfer-Encoding")
                    .map(v -> v.toLowerCase(Locale.ROOT).contains("chunked")).orElse(false);
            if (!chunked) {
                Optional<String> length = Transcript.header(responseHeaders, "Content-Length");
                byte[] body = in.bytes(length.map(Integer::parseInt).orElse(0));
                return new WatchAnswer(code, List.copyOf(responseHeaders), false, headersAt, List.of(), 0,
                        new RecordedStream.End(true, in.lastAt), new String(body, StandardCharsets.UTF_8));
            }
            List<RecordedStream.StreamEvent> events = new ArrayList<>();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int chunks = 0;
            try {
                while (true) {
                    String size = in.line();
                    int length = Integer.parseInt(size.strip(), 16);
                    if (length == 0) {
                        in.line();
                        return new WatchAnswer(code, List.copyOf(responseHeaders), true, headersAt, List.copyOf(events),
                                chunks, new RecordedStream.End(true, in.lastAt), "");
                    }
                    chunks++;
                    for (int i = 0; i < length; i++) {
                        int b = in.read();
                        if (b == '\n') {
                            events.add(new RecordedStream.StreamEvent(in.lastAt, line.toString(StandardCharsets.UTF_8)));
                            line.reset();
                        } else {
                            line.write(b);
                        }
                    }
                    in.line(); // the CRLF after the chunk
                }
            } catch (ClosedByClient e) {
                return new WatchAnswer(code, List.copyOf(responseHeaders), true, headersAt, List.copyOf(events), chunks,
                        new RecordedStream.End(false, (System.nanoTime() - started) / 1e9), "");
            }
        } catch (ClosedByClient e) {
            throw new IllegalStateException("GET " + target + ": no answer within " + closeAt + " s", e);
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + target + " failed: " + e.getMessage(), e);
        }
    }
    // end::watch[]

    /** Thrown when the client's own deadline for a watch has come. */
    private static final class ClosedByClient extends IOException {
        ClosedByClient() {
            super("closed by the client");
        }
    }

    /** A socket's bytes one at a time, each with the time it arrived, up to a deadline. */
    private static final class TimedInput {
        private final InputStream in;
        private final long started;
        private final long deadline;
        private final byte[] buffer = new byte[8192];
        private int position;
        private int limit;
        private double bufferAt;
        double lastAt;

        TimedInput(InputStream in, long started, long deadline) {
            this.in = in;
            this.started = started;
            this.deadline = deadline;
        }

        int read() throws IOException {
            while (position == limit) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new ClosedByClient();
                }
                try {
                    int n = in.read(buffer);
                    if (n < 0) {
                        throw new EOFException("the server closed the connection without ending the stream");
                    }
                    position = 0;
                    limit = n;
                    bufferAt = (System.nanoTime() - started) / 1e9;
                } catch (java.net.SocketTimeoutException e) {
                    // no byte yet: check the deadline again
                }
            }
            lastAt = bufferAt;
            return buffer[position++] & 0xff;
        }

        byte[] bytes(int n) throws IOException {
            byte[] out = new byte[n];
            for (int i = 0; i < n; i++) {
                out[i] = (byte) read();
            }
            return out;
        }

        String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int previous = -1;
            while (true) {
                int b = read();
                if (previous == '\r' && b == '\n') {
                    byte[] bytes = line.toByteArray();
                    return new String(bytes, 0, bytes.length - 1, StandardCharsets.ISO_8859_1);
                }
                line.write(b);
                previous = b;
            }
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

package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Header;
import io.rvlab.conformance.Transcript.Response;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A watch response as a transcript records it: every line of the raw HTTP/1.1 stream with its
 * arrival time, {@code [t=  0.868s] 1a4\r}. From those lines this rebuilds the exact bytes (the
 * prefix is not part of the stream, a shown {@code \r} is a CR, each line ended with LF), then reads
 * them as HTTP: the status line, the headers, the chunks, and the events, one JSON object per
 * {@code \n}-terminated line. An event's time is the arrival of the line that ends it; chunk
 * boundaries are kept only for the report (kube-apiserver's chunks are not aligned with events).
 *
 * @param bytes the stream's bytes as rebuilt (e1's equal e1-watch-from-rv-updates-delete.raw)
 * @param headersAt when the status line arrived, in seconds since the request was sent
 * @param events the watch events in arrival order
 * @param chunks how many chunks carried the events
 * @param end how the stream ended
 */
public record RecordedStream(byte[] bytes, String statusLine, int code, List<Header> headers, double headersAt,
        List<StreamEvent> events, int chunks, End end) {

    /** One event line (without its {@code \n}) and when it arrived. */
    public record StreamEvent(double at, String line) {
    }

    /**
     * How a stream ended.
     *
     * @param byServer true: the server ended it (the zero-length chunk, as at timeoutSeconds); false: the
     *        client closed it (a capture limit: the watch was still open)
     * @param at when, in seconds since the request was sent
     */
    public record End(boolean byServer, double at) {
    }

    private static final Pattern TIMED = Pattern.compile("^\\[t=\\s*([0-9.]+)s\\] ?(.*)$");
    private static final Pattern CLIENT_CLOSED = Pattern.compile("<client closed the connection.*");
    private static final Pattern SERVER_ENDED = Pattern.compile("<terminating zero-length chunk received.*");

    public RecordedStream {
        headers = List.copyOf(headers);
        events = List.copyOf(events);
    }

    /** Parses a stream block's lines (after the {@code === RESPONSE STREAM} marker); {@code firstLine} for errors. */
    static RecordedStream parse(String file, int firstLine, List<String> lines) {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        List<Double> times = new ArrayList<>(); // the arrival time of every byte
        End end = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                continue;
            }
            Matcher timed = TIMED.matcher(line);
            if (!timed.matches()) {
                throw new IllegalArgumentException(file + ":" + (firstLine + i) + ": not a timed stream line: " + line);
            }
            double at = Double.parseDouble(timed.group(1));
            String text = timed.group(2);
            if (CLIENT_CLOSED.matcher(text).matches() || SERVER_ENDED.matcher(text).matches()) {
                end = new End(SERVER_ENDED.matcher(text).matches(), at);
                continue;
            }
            byte[] bytes = (text.replace("\\r", "\r") + "\n").getBytes(StandardCharsets.UTF_8);
            raw.writeBytes(bytes);
            for (int b = 0; b < bytes.length; b++) {
                times.add(at);
            }
        }
        if (end == null) {
            throw new IllegalArgumentException(file + ":" + firstLine + ": a stream without an end marker");
        }
        return read(file, raw.toByteArray(), times, end);
    }

    /** Reads the rebuilt bytes as an HTTP/1.1 response with a chunked body. */
    private static RecordedStream read(String file, byte[] bytes, List<Double> times, End end) {
        Cursor in = new Cursor(bytes);
        String statusLine = in.line();
        double headersAt = times.get(0);
        List<Header> headers = new ArrayList<>();
        for (String line = in.line(); line != null && !line.isEmpty(); line = in.line()) {
            int colon = line.indexOf(':');
            headers.add(new Header(line.substring(0, colon), line.substring(colon + 1).strip()));
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<Double> bodyTimes = new ArrayList<>();
        int chunks = 0;
        while (true) {
            String size = in.line();
            if (size == null || size.isEmpty()) {
                break; // the client closed the connection while the watch was still open
            }
            int length = Integer.parseInt(size.strip(), 16);
            if (length == 0) {
                break;
            }
            chunks++;
            for (int b = 0; b < length && in.position < bytes.length; b++) {
                bodyTimes.add(times.get(in.position));
                body.write(bytes[in.position++]);
            }
            in.line(); // the CRLF after the chunk's data
        }
        List<StreamEvent> events = new ArrayList<>();
        byte[] data = body.toByteArray();
        int start = 0;
        for (int b = 0; b < data.length; b++) {
            if (data[b] == '\n') {
                events.add(new StreamEvent(bodyTimes.get(b), new String(data, start, b - start, StandardCharsets.UTF_8)));
                start = b + 1;
            }
        }
        if (start != data.length) {
            throw new IllegalArgumentException(file + ": a stream whose last event has no newline");
        }
        String[] status = statusLine.split(" ", 3);
        return new RecordedStream(bytes, statusLine, Integer.parseInt(status[1]), headers, headersAt, events, chunks, end);
    }

    /** The stream as an ordinary response, for the code and headers: the body is its event lines. */
    Response asResponse() {
        StringBuilder body = new StringBuilder();
        events.forEach(e -> body.append(e.line()).append('\n'));
        return new Response(statusLine, code, end.at(), headers, body.toString());
    }

    /** Whether the response was chunked: every watch answer is. */
    public boolean chunked() {
        return Transcript.header(headers, "Transfer-Encoding").map(v -> v.contains("chunked")).orElse(false);
    }

    private static final class Cursor {
        private final byte[] bytes;
        private int position;

        Cursor(byte[] bytes) {
            this.bytes = bytes;
        }

        /** The next CRLF-terminated line without its CRLF, or null at the end. */
        String line() {
            if (position >= bytes.length) {
                return null;
            }
            int start = position;
            while (position + 1 < bytes.length && !(bytes[position] == '\r' && bytes[position + 1] == '\n')) {
                position++;
            }
            String line = new String(bytes, start, position - start, StandardCharsets.ISO_8859_1);
            position = Math.min(bytes.length, position + 2);
            return line;
        }
    }
}

package io.rvlab.ch04.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.wire.H2cWatch;
import io.rvlab.ch04.wire.Http1Watch;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Lab 4.6: one watch, read off the wire twice. Over HTTP/1.1 the answer has no length; its body is
 * chunked, each chunk announcing its size in hexadecimal, one chunk per event, and a zero-size chunk
 * ends it. Over HTTP/2 (here in clear text, h2c; kubectl uses it inside TLS) there is no chunked
 * encoding at all: the same JSON lines travel in DATA frames on the request's stream, and the end is
 * a frame flag. What the watch says (its events) does not change; only the framing does.
 */
public final class WatchOnTheWireLab implements Lab {

    static final String NAMESPACE = "lab-4-6";
    private static final Duration WAIT = Duration.ofSeconds(10);
    /** Long enough for the two writes; then the server ends the watch and the end shows on the wire. */
    private static final int TIMEOUT_SECONDS = 3;

    /** An HTTP date (the server's clock, different on every run). */
    private static final Pattern DATE = Pattern.compile("date [A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} [0-9:]{8} GMT");

    private Narrator out;

    @Override
    public String id() {
        return "4.6";
    }

    @Override
    public String title() {
        return "One watch on the wire: HTTP/1.1 chunks and HTTP/2 frames";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        String h2c = System.setProperty(ApiServer.H2C_PROPERTY, "true"); // this lab's server speaks h2c
        try {
            runWithH2c(lab);
        } finally {
            if (h2c == null) {
                System.clearProperty(ApiServer.H2C_PROPERTY);
            } else {
                System.setProperty(ApiServer.H2C_PROPERTY, h2c);
            }
        }
    }

    private void runWithH2c(LabContext lab) throws Exception {
        out = lab.out();
        String collection = "/api/v1/namespaces/" + NAMESPACE + "/configmaps";
        try (LabServer api = new LabServer(lab, WatchCache.Options.DEFAULT)) {
            out.step("Start the chapter's API server, start clean, and create the ConfigMap the watches will follow");
            api.startClean(NAMESPACE);
            api.createNamespaces(NAMESPACE);
            long created = LabObjects.rv(api.api().create(collection, LabObjects.configMap("wire", "v0")));
            URI server = api.server().url();

            out.step("HTTP/1.1: the request written on a socket, the answer read byte by byte");
            long last = http1(api, server, collection, watchPath(collection, created));

            out.step("HTTP/2 in clear text (h2c, prior knowledge): the same watch, frame by frame");
            http2(api, server, collection, watchPath(collection, last));

            out.conclude("A watch is one long answer whose length nobody knows in advance. HTTP/1.1 frames it as "
                    + "chunks (a hex size line before each one, a zero-size chunk at the end); HTTP/2 has no chunks: "
                    + "DATA frames on the request's stream, ended by the END_STREAM flag. The JSON lines are the "
                    + "same bytes either way, one event each, so clients parse them the same way.");
        }
    }

    /** A watch from {@code resourceVersion}: only the changes after it, and an end after a few seconds. */
    private static String watchPath(String collection, long resourceVersion) {
        return collection + "?watch=1&resourceVersion=" + resourceVersion + "&timeoutSeconds=" + TIMEOUT_SECONDS;
    }

    /** Returns the resourceVersion of the last write, where the next watch starts. */
    private long http1(LabServer api, URI server, String collection, String watchPath) throws Exception {
        out.say("> GET " + watchPath + " HTTP/1.1");
        out.say("> Host: $APISERVER_HOST");
        out.say("> Accept: application/json");
        try (Http1Watch watch = Http1Watch.open(server, watchPath)) {
            out.show("%s", watch.statusLine());
            List<String> shown = new ArrayList<>();
            for (String header : watch.headers()) {
                if (!header.regionMatches(true, 0, "Date:", 0, 5)) { // the time differs on every run
                    shown.add(header);
                    out.show("%s", header);
                }
            }
            out.check(watch.statusLine().startsWith("HTTP/1.1 200") && watch.header("Transfer-Encoding").equals("chunked")
                            && watch.header("Content-Length").isEmpty(),
                    "200 with Transfer-Encoding: chunked and no Content-Length: the headers went out before any event, "
                            + "and the body's length is unknown");

            List<Http1Watch.Chunk> chunks = new ArrayList<>();
            long last = 0;
            for (int i = 1; i <= 2; i++) {
                last = LabObjects.rv(api.api().patch(collection + "/wire", "{\"data\":{\"k\":\"v" + i + "\"}}"));
                Http1Watch.Chunk chunk = watch.next(WAIT);
                if (chunk == null) {
                    break;
                }
                chunks.add(chunk);
                out.show("%s", chunk.sizeLine() + "        <- the chunk's size: 0x" + chunk.sizeLine() + " = "
                        + chunk.data().length + " bytes");
                out.show("%s", event(chunk.text()));
            }
            out.check(chunks.size() == 2 && chunks.stream().allMatch(c -> oneEventLine(c.text())
                            && Integer.parseInt(c.sizeLine(), 16) == c.data().length),
                    "each write arrived as one chunk: a size line in hex, then exactly one JSON event and its newline");

            out.say("(" + TIMEOUT_SECONDS + " s after the request, timeoutSeconds ends the watch)");
            Http1Watch.Chunk end = watch.next(Duration.ofSeconds(TIMEOUT_SECONDS + 10));
            if (end != null) {
                out.show("%s", end.sizeLine() + "        <- the last chunk: size 0, the end of the body");
            }
            out.check(end != null && end.data().length == 0, "the watch ended with a zero-size chunk");
            return last;
        }
    }

    private void http2(LabServer api, URI server, String collection, String watchPath) throws Exception {
        out.say("> the connection preface: PRI * HTTP/2.0 ... SM");
        out.say("> SETTINGS stream 0 (the client's settings: the defaults)");
        out.say("> HEADERS stream 1, END_HEADERS|END_STREAM: :method GET, :scheme http, :authority $APISERVER_HOST, "
                + ":path " + watchPath + ", accept application/json");
        try (H2cWatch watch = H2cWatch.open(server, watchPath)) {
            H2cWatch.Frame headers = awaitStreamFrame(watch, WAIT);
            if (headers != null) {
                out.show("%s", DATE.matcher(headers.summary()).replaceAll("date ..."));
            }
            boolean headersRight = headers != null && headers.type().equals("HEADERS") && !headers.endStream()
                    && headers.headers() != null && "200".contentEquals(headers.headers().status())
                    && !headers.headers().contains("transfer-encoding") && !headers.headers().contains("content-length");
            out.check(headersRight, "a HEADERS frame with :status 200, and neither Transfer-Encoding (HTTP/2 forbids it) "
                    + "nor Content-Length; no END_STREAM flag: the body is still to come");

            List<H2cWatch.Frame> data = new ArrayList<>();
            for (int i = 3; i <= 4; i++) {
                api.api().patch(collection + "/wire", "{\"data\":{\"k\":\"v" + i + "\"}}");
                H2cWatch.Frame frame = awaitStreamFrame(watch, WAIT);
                if (frame == null) {
                    break;
                }
                data.add(frame);
                out.show("%s", frame.summary());
                out.show("%s", event(frame.text()));
            }
            out.check(data.size() == 2 && data.stream().allMatch(f -> f.type().equals("DATA") && !f.endStream()
                            && oneEventLine(f.text())),
                    "each write arrived as one DATA frame on stream 1 holding exactly one JSON event and its newline: "
                            + "the frame header carries the length, there is no size line");

            out.say("(" + TIMEOUT_SECONDS + " s after the request, timeoutSeconds ends the watch)");
            H2cWatch.Frame end = awaitStreamFrame(watch, Duration.ofSeconds(TIMEOUT_SECONDS + 10));
            if (end != null) {
                out.show("%s", end.summary());
            }
            out.check(end != null && end.endStream(), "the watch ended with the END_STREAM flag on stream 1; "
                    + "the connection stays open for other streams");
        }
    }

    /** The next frame of stream 1; the connection's own frames (stream 0: SETTINGS, WINDOW_UPDATE, PING) are passed over. */
    private static H2cWatch.Frame awaitStreamFrame(H2cWatch watch, Duration wait) throws IOException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            H2cWatch.Frame frame = watch.next(Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime())));
            if (frame != null && frame.stream() == 1 && !frame.type().equals("WINDOW_UPDATE")) {
                return frame;
            }
        }
        return null;
    }

    private static boolean oneEventLine(String text) {
        return text.endsWith("\n") && text.indexOf('\n') == text.length() - 1 && text.startsWith("{\"type\":");
    }

    /** An event line as the lab prints it: its type and resourceVersion (the uid and timestamps differ on every run). */
    private static String event(String line) {
        try {
            JsonNode event = GoJson.read(line.getBytes(StandardCharsets.UTF_8));
            return "{\"type\":\"" + event.path("type").asText() + "\",\"object\":{\"kind\":\"ConfigMap\",...,"
                    + "\"resourceVersion\":\"" + event.path("object").path("metadata").path("resourceVersion").asText()
                    + "\",...}}\\n";
        } catch (IOException e) {
            return line.strip();
        }
    }
}

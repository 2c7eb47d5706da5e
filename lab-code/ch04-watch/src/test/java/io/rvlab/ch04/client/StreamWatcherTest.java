package io.rvlab.ch04.client;

import static io.rvlab.ch04.watch.WatchEvent.Type.ADDED;
import static io.rvlab.ch04.watch.WatchEvent.Type.DELETED;
import static io.rvlab.ch04.watch.WatchEvent.Type.ERROR;
import static io.rvlab.ch04.watch.WatchEvent.Type.MODIFIED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link StreamWatcher} reading the exact bytes a real kube-apiserver 1.26 wrote (golden transcript
 * e1, recorded from the wire), replayed by a socket: framing, decoding, and each way a stream ends.
 */
@DisplayName("StreamWatcher: a watch response read as events")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StreamWatcherTest {

    /** golden/e1-watch-from-rv-updates-delete.raw: status line, headers, four chunks, terminating chunk. */
    private static final String E1 = "e1-watch-from-rv-updates-delete.raw";
    private static final String E1_SHA256 = "6a763ffbedad4b0682163ce4e5375e69c68d533e56740171a790df9bc2535842";
    /** The request that produced e1, as the transcript shows it. */
    private static final String E1_REQUEST_LINE =
            "GET /api/v1/namespaces/lab/configmaps?watch=1&resourceVersion=108&timeoutSeconds=6 HTTP/1.1";
    /** golden/f1, scenario f1.8: the one event of a watch from a resourceVersion older than the watch cache. */
    private static final String F1_EXPIRED = "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\","
            + "\"metadata\":{},\"status\":\"Failure\",\"message\":\"too old resource version: 10 (92)\","
            + "\"reason\":\"Expired\",\"code\":410}}";

    private final HttpClient http = ListWatch.newHttpClient();

    @Test
    @DisplayName("the golden e1 response gives ADDED, MODIFIED, MODIFIED, DELETED in order, then a normal end")
    void goldenE1() throws IOException {
        try (RawHttpServer server = new RawHttpServer(e1(), false);
             StreamWatcher stream = open(server, WatchRequest.from("108").withTimeoutSeconds(6))) {
            List<WatchEvent> events = readAll(stream);

            assertThat(events).extracting(WatchEvent::type).containsExactly(ADDED, MODIFIED, MODIFIED, DELETED);
            assertThat(events).extracting(WatchEvent::resourceVersion).containsExactly("116", "117", "118", "119");
            assertThat(events).extracting(e -> e.object().path("data").path("k").asText())
                    .containsExactly("w1", "w2", "w3", "w3"); // DELETED: the last state, at the delete's RV
            assertThat(events).allSatisfy(e -> {
                assertThat(e.object().path("kind").asText()).isEqualTo("ConfigMap");
                assertThat(e.object().path("metadata").path("name").asText()).isEqualTo("cm-w");
            });
            assertThat(stream.next()).as("after the terminating chunk").isNull();
            // The request we send is the request that was recorded.
            assertThat(server.requestHeads().get(0)).startsWith(E1_REQUEST_LINE + "\r\n");
        }
    }

    @Test
    @DisplayName("HTTP chunks are transport only: events split across chunks, or sharing one, read the same")
    void chunksAreNotEvents() throws IOException {
        byte[] raw = e1();
        String head = headOf(raw);
        byte[] body = dechunk(raw, head.length());
        List<List<WatchEvent>> readings = new ArrayList<>();
        for (int chunkSize : new int[] {7, body.length}) { // events torn apart; all four in one chunk
            byte[] rechunked = concat(head.getBytes(StandardCharsets.ISO_8859_1), chunked(body, chunkSize));
            try (RawHttpServer server = new RawHttpServer(rechunked, false);
                 StreamWatcher stream = open(server, WatchRequest.from("108"))) {
                readings.add(readAll(stream));
            }
        }
        try (RawHttpServer server = new RawHttpServer(e1(), false);
             StreamWatcher stream = open(server, WatchRequest.from("108"))) {
            List<WatchEvent> asRecorded = readAll(stream);
            assertThat(readings).allSatisfy(reading -> assertThat(reading).isEqualTo(asRecorded));
        }
    }

    @Test
    @DisplayName("an ERROR event (golden f1.8: 410 Expired) is the last event, and its Status is an ExpiredException")
    void expiredErrorEvent() throws IOException {
        byte[] response = concat(headOf(e1()).getBytes(StandardCharsets.ISO_8859_1),
                chunked((F1_EXPIRED + "\n").getBytes(StandardCharsets.UTF_8), Integer.MAX_VALUE));
        try (RawHttpServer server = new RawHttpServer(response, false);
             StreamWatcher stream = open(server, WatchRequest.from("10").withTimeoutSeconds(2))) {
            WatchEvent event = stream.next();
            assertThat(event.type()).isEqualTo(ERROR);
            StatusException error = StreamWatcher.error(event);
            assertThat(error).isInstanceOf(ExpiredException.class).hasMessage("too old resource version: 10 (92)");
            assertThat(error.status().code()).isEqualTo(410);
            assertThat(error.status().reason()).isEqualTo("Expired");
            assertThat(stream.next()).isNull();
        }
    }

    @Test
    @DisplayName("a connection that breaks before the terminating chunk is an IOException, after the events that arrived")
    void brokenConnection() throws IOException {
        byte[] raw = e1();
        byte[] cut = java.util.Arrays.copyOf(raw, indexOf(raw, "1a7\r\n".getBytes(StandardCharsets.US_ASCII)));
        try (RawHttpServer server = new RawHttpServer(cut, false);
             StreamWatcher stream = open(server, WatchRequest.from("108"))) {
            assertThat(stream.next().resourceVersion()).isEqualTo("116");
            assertThatThrownBy(stream::next).isInstanceOf(IOException.class);
        }
    }

    @Test
    @DisplayName("a body that ends inside an event, even with a clean terminating chunk, is a broken stream, not an end")
    void bodyEndingInsideAnEvent() throws IOException {
        byte[] raw = e1();
        String head = headOf(raw);
        byte[] body = dechunk(raw, head.length());
        byte[] torn = java.util.Arrays.copyOf(body, indexOf(body, "\n".getBytes(StandardCharsets.US_ASCII)) + 1 + 100);
        byte[] response = concat(head.getBytes(StandardCharsets.ISO_8859_1), chunked(torn, Integer.MAX_VALUE));
        try (RawHttpServer server = new RawHttpServer(response, false);
             StreamWatcher stream = open(server, WatchRequest.from("108"))) {
            assertThat(stream.next().resourceVersion()).isEqualTo("116");
            assertThatThrownBy(stream::next).isInstanceOf(java.io.EOFException.class)
                    .hasMessage("watch stream ended in the middle of an event");
        }
    }

    @Test
    @DisplayName("close() from another thread wakes a reader waiting for the next event; it sees the end")
    void closeWakesTheReader() throws Exception {
        byte[] raw = e1();
        byte[] firstEventOnly = java.util.Arrays.copyOf(raw, indexOf(raw, "1a7\r\n".getBytes(StandardCharsets.US_ASCII)));
        try (RawHttpServer server = new RawHttpServer(firstEventOnly, true);
             StreamWatcher stream = open(server, WatchRequest.from("108"))) {
            assertThat(stream.next().resourceVersion()).isEqualTo("116");
            CompletableFuture<WatchEvent> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return stream.next();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Thread.sleep(200); // let it block: the server sends nothing more
            assertThat(waiting).isNotDone();
            stream.close();
            assertThat(waiting.get(5, TimeUnit.SECONDS)).isNull();
        }
    }

    @Test
    @DisplayName("a non-Status error answer before streaming still becomes a StatusException with the HTTP code")
    void nonStatusRefusal() throws IOException {
        byte[] answer = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 8\r\n"
                + "Connection: close\r\n\r\nno etcd\n").getBytes(StandardCharsets.US_ASCII);
        try (RawHttpServer server = new RawHttpServer(answer, false)) {
            assertThatThrownBy(() -> open(server, WatchRequest.from("1")))
                    .isInstanceOfSatisfying(StatusException.class, e -> {
                        assertThat(e.status().code()).isEqualTo(503);
                        assertThat(StatusErrors.isRetryable(e)).isTrue();
                    })
                    .hasMessageContaining("no etcd");
        }
    }

    @Test
    @DisplayName("the query is written in kubectl's order, selectors escaped")
    void query() {
        assertThat(new WatchRequest("0", true, 3, "app=lab", null).query())
                .isEqualTo("watch=1&resourceVersion=0&allowWatchBookmarks=true&labelSelector=app%3Dlab&timeoutSeconds=3");
        assertThat(new WatchRequest("", false, 0, null, "metadata.name=cm-a").query())
                .isEqualTo("watch=1&fieldSelector=metadata.name%3Dcm-a");
    }

    private StreamWatcher open(RawHttpServer server, WatchRequest request) throws IOException {
        return StreamWatcher.open(http, server.url(), "/api/v1/namespaces/lab/configmaps", request);
    }

    private static List<WatchEvent> readAll(StreamWatcher stream) throws IOException {
        List<WatchEvent> events = new ArrayList<>();
        WatchEvent event;
        while ((event = stream.next()) != null) {
            events.add(event);
        }
        return events;
    }

    /** The recorded bytes, checked against the golden transcript's checksum. */
    private static byte[] e1() throws IOException {
        try (InputStream in = StreamWatcherTest.class.getResourceAsStream(E1)) {
            byte[] bytes = in.readAllBytes();
            assertThat(sha256(bytes)).as("golden e1 bytes unchanged").isEqualTo(E1_SHA256);
            return bytes;
        }
    }

    private static String headOf(byte[] raw) {
        int end = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII)) + 4;
        return new String(raw, 0, end, StandardCharsets.ISO_8859_1);
    }

    /** The body inside the chunk framing (hex size CRLF data CRLF ... 0 CRLF CRLF). */
    private static byte[] dechunk(byte[] raw, int from) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = from;
        while (true) {
            int lineEnd = indexOf(raw, "\r\n".getBytes(StandardCharsets.US_ASCII), at);
            int size = Integer.parseInt(new String(raw, at, lineEnd - at, StandardCharsets.US_ASCII), 16);
            if (size == 0) {
                return body.toByteArray();
            }
            body.write(raw, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
    }

    private static byte[] chunked(byte[] body, int chunkSize) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int at = 0; at < body.length; at += chunkSize) {
            int n = Math.min(chunkSize, body.length - at);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, at, n);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        return indexOf(haystack, needle, 0);
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalArgumentException("not found");
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

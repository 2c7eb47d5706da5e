package io.rvlab.ch04.client;

import io.rvlab.support.net.FreePorts;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Between failed attempts the {@link ResumingWatcher} pauses, longer after each failure in a row,
 * and keeps trying: a server that is down or busy is a reason to wait, not to stop.
 */
@DisplayName("Backoff: a ResumingWatcher waits between failed attempts and keeps going")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BackoffTest {

    /** Records each failure count it is asked about, and answers with no wait. */
    private static final class CountingBackoff implements Backoff {
        final List<Integer> asked = new CopyOnWriteArrayList<>();

        @Override
        public Duration delay(int failures) {
            asked.add(failures);
            return Duration.ofMillis(5);
        }
    }

    @Test
    @DisplayName("exponential: doubles from the initial pause, up to the maximum")
    void exponential() {
        Backoff backoff = Backoff.exponential(Duration.ofMillis(100), Duration.ofSeconds(1));
        assertThat(List.of(1, 2, 3, 4, 5, 60)).extracting(backoff::delay).containsExactly(
                Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800),
                Duration.ofSeconds(1), Duration.ofSeconds(1));
    }

    @Test
    @DisplayName("a server nobody answers at (connection refused): pauses after each attempt, failures counted up, until closed")
    void serverDown() throws Exception {
        URI nowhere;
        try (ServerSocket taken = FreePorts.serverSocket(1)) {
            nowhere = URI.create("http://127.0.0.1:" + taken.getLocalPort() + "/"); // closed again below
        }
        CountingBackoff backoff = new CountingBackoff();
        ResumingWatcher watcher = new ResumingWatcher(new ListWatch(nowhere, "/api/v1/namespaces/lab/configmaps"),
                "100", new RecordingHandler(), ResumingWatcher.Options.DEFAULT.withBackoff(backoff)).start();
        new RecordingHandler().await("five attempts", h -> backoff.asked.size() >= 5, Duration.ofSeconds(20));
        watcher.close();
        watcher.stopped().get(10, TimeUnit.SECONDS); // a normal end: closed, not failed

        assertThat(backoff.asked.subList(0, 5)).containsExactly(1, 2, 3, 4, 5);
        assertThat(watcher.watches()).isZero();
        assertThat(watcher.resourceVersion()).as("still where it was asked to start").isEqualTo("100");
    }

    @Test
    @DisplayName("a busy server (503 with a Status) is asked again from the same resourceVersion after a pause")
    void busyServer() throws Exception {
        String status = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"storage is (re)initializing\",\"reason\":\"ServiceUnavailable\",\"code\":503}";
        byte[] answer = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: "
                + status.length() + "\r\nConnection: close\r\n\r\n" + status).getBytes(StandardCharsets.US_ASCII);
        CountingBackoff backoff = new CountingBackoff();
        try (RawHttpServer busy = new RawHttpServer(answer, false)) {
            ResumingWatcher watcher = new ResumingWatcher(new ListWatch(busy.url(), "/api/v1/namespaces/lab/configmaps"),
                    "100", new RecordingHandler(), ResumingWatcher.Options.DEFAULT.withBookmarks(false)
                            .withTimeoutSeconds(0).withBackoff(backoff)).start();
            new RecordingHandler().await("three attempts", h -> backoff.asked.size() >= 3, Duration.ofSeconds(20));
            watcher.close();
            watcher.stopped().get(10, TimeUnit.SECONDS);

            assertThat(backoff.asked.subList(0, 3)).containsExactly(1, 2, 3);
            assertThat(busy.requestHeads()).allSatisfy(head ->
                    assertThat(head).startsWith("GET /api/v1/namespaces/lab/configmaps?watch=1&resourceVersion=100 HTTP/1.1"));
        }
    }
}

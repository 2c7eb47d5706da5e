package io.rvlab.ch05.cache;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The reflector's decisions: relist resourceVersion, resume point, backoff, error kinds")
class ReflectorPoliciesTest {

    private static WatchEvent event(WatchEvent.Type type, String rv) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.putObject("metadata").put("resourceVersion", rv);
        return new WatchEvent(type, object);
    }

    @Test
    @DisplayName("lists at \"0\" first, at lastSync after, at \"\" once lastSync is unavailable")
    void relistResourceVersion() {
        assertThat(RelistPolicy.CLIENT_GO.listResourceVersion("", false)).isEqualTo("0");
        assertThat(RelistPolicy.CLIENT_GO.listResourceVersion("42", false)).isEqualTo("42");
        assertThat(RelistPolicy.CLIENT_GO.listResourceVersion("42", true)).isEmpty();
    }

    @Test
    @DisplayName("every event and bookmark moves the resume point, except initial ADDEDs of a watch from \"\" or \"0\"")
    void resumePoint() {
        WatchEventPolicy p = WatchEventPolicy.CLIENT_GO;
        assertThat(p.resumePointAfter("10", event(WatchEvent.Type.MODIFIED, "11"), false)).isEqualTo("11");
        assertThat(p.resumePointAfter("11", event(WatchEvent.Type.BOOKMARK, "20"), false)).isEqualTo("20");
        assertThat(p.resumePointAfter("20", event(WatchEvent.Type.DELETED, "21"), false)).isEqualTo("21");
        assertThat(p.resumePointAfter("", event(WatchEvent.Type.ADDED, "7"), true)).isEmpty();
        assertThat(p.resumePointAfter("", event(WatchEvent.Type.BOOKMARK, "30"), true)).isEqualTo("30");
    }

    @Test
    @DisplayName("backoff: [0.8, 1.6) s, doubling to a 30 s base ([30, 60) s with jitter), back to 0.8 s after 2 quiet minutes")
    void backoff() {
        AtomicLong now = new AtomicLong();
        BackoffManager backoff = new ReflectorBackoff(Duration.ofMillis(800), Duration.ofSeconds(30),
                Duration.ofMinutes(2), 1.0, now::get).newManager();
        Duration first = backoff.next();
        assertThat(first).isBetween(Duration.ofMillis(800), Duration.ofMillis(1600));
        assertThat(backoff.next()).isBetween(Duration.ofMillis(1600), Duration.ofMillis(3200));
        for (int i = 3; i < 10; i++) {
            backoff.next();
        }
        assertThat(backoff.next()).isBetween(Duration.ofSeconds(30), Duration.ofSeconds(60));
        now.addAndGet(Duration.ofMinutes(3).toNanos());
        assertThat(backoff.next()).isBetween(Duration.ofMillis(800), Duration.ofMillis(1600));
    }

    @Test
    @DisplayName("410 (Expired or Gone) and 'Too large resource version' are told apart from other errors")
    void errorKinds() {
        assertThat(ReflectorErrors.isExpired(new StatusException(Status.expired("too old", null)))).isTrue();
        assertThat(ReflectorErrors.isExpired(new StatusException(Status.failure(410, "Gone", "gone", null)))).isTrue();
        assertThat(ReflectorErrors.isTooLargeResourceVersion(new StatusException(Status.tooLargeResourceVersion(9, 5, 1)))).isTrue();
        assertThat(ReflectorErrors.isTooLargeResourceVersion(new StatusException(
                Status.failure(504, "Timeout", "Timeout: Too large resource version: 9, current: 5", null)))).isTrue();
        assertThat(ReflectorErrors.isTooLargeResourceVersion(new StatusException(Status.failure(504, "Timeout", "slow", null)))).isFalse();
        assertThat(ReflectorErrors.isRetriableWatchStart(new StatusException(Status.failure(429, "TooManyRequests", "busy", null)))).isTrue();
        assertThat(ReflectorErrors.isRetriableWatchStart(new java.net.ConnectException("refused"))).isTrue();
        assertThat(ReflectorErrors.isRetriableWatchStart(new java.io.IOException("connection reset"))).as("anything else: list again").isFalse();
        assertThat(ReflectorErrors.isRetriableWatchStart(new StatusException(Status.failure(500, "InternalError", "x", null)))).isFalse();
    }

    @Test
    @DisplayName("the ResourceVersionTooLarge cause alone marks a too-large resourceVersion, once the client has decoded the body")
    void tooLargeByCauseAfterDecoding() throws java.io.IOException {
        // The cause, with a message the fallback does not know: only the decoded cause can say "too large".
        String body = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"resourceVersion 9 is not there yet\",\"reason\":\"Timeout\",\"details\":{\"causes\":"
                + "[{\"reason\":\"ResourceVersionTooLarge\",\"message\":\"Too large resource version\"}]},\"code\":504}";
        StatusException decoded = io.rvlab.ch04.client.StatusErrors.fromObject(
                io.rvlab.ch02.wire.gojson.GoJson.read(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)), 504);
        assertThat(ReflectorErrors.isTooLargeResourceVersion(decoded)).isTrue();
        assertThat(ReflectorErrors.isTooLargeResourceVersion(new StatusException(
                Status.failure(504, "Timeout", "resourceVersion 9 is not there yet", null)))).as("the same without its cause").isFalse();
    }
}

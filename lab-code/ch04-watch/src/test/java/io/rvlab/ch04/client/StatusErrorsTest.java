package io.rvlab.ch04.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.AlreadyExistsException;
import io.rvlab.ch03.client.ConflictException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Status bodies a real kube-apiserver 1.26 sent (golden transcripts c1, c2, f1, b3, d1, copied
 * byte for byte) as the exceptions a watcher acts on: retry, relist, or stop.
 */
@DisplayName("StatusErrors: a Status as the exception a watcher acts on")
class StatusErrorsTest {

    private static StatusException read(String body, int httpCode) throws IOException {
        return StatusErrors.fromObject(GoJson.read(body.getBytes(StandardCharsets.UTF_8)), httpCode);
    }

    @Test
    @DisplayName("410 Expired (f1.11, an HTTP 410) is an ExpiredException: relist, never the same resourceVersion again")
    void expired() throws IOException {
        StatusException e = read("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"The resourceVersion for the provided list is too old.\",\"reason\":\"Expired\",\"code\":410}", 410);
        assertThat(e).isInstanceOf(ExpiredException.class).hasMessage("The resourceVersion for the provided list is too old.");
        assertThat(StatusErrors.isRetryable(e)).isFalse();
    }

    @Test
    @DisplayName("409 Conflict (c1) and 409 AlreadyExists (c2) are chapter 3's exceptions")
    void chapterThreeFamily() throws IOException {
        assertThat(read("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":"
                + "\"Operation cannot be fulfilled on configmaps \\\"cm-a\\\": the object has been modified; please apply your "
                + "changes to the latest version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-a\","
                + "\"kind\":\"configmaps\"},\"code\":409}", 409)).isInstanceOf(ConflictException.class);
        assertThat(read("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":"
                + "\"configmaps \\\"cm-b\\\" already exists\",\"reason\":\"AlreadyExists\",\"details\":{\"name\":\"cm-b\","
                + "\"kind\":\"configmaps\"},\"code\":409}", 409)).isInstanceOf(AlreadyExistsException.class);
    }

    @Test
    @DisplayName("400 BadRequest (b3) stops a watcher; 504 Timeout (d1) is retried, after at least its retryAfterSeconds")
    void stopOrRetry() throws IOException {
        StatusException badRequest = read("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"specifying resource version is not allowed when using continue\",\"reason\":\"BadRequest\","
                + "\"code\":400}", 400);
        assertThat(badRequest.getClass()).isEqualTo(StatusException.class);
        assertThat(StatusErrors.isRetryable(badRequest)).isFalse();

        StatusException tooLarge = read("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"Timeout: Too large resource version: 1000098, current: 97\",\"reason\":\"Timeout\","
                + "\"details\":{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\",\"message\":\"Too large resource version\"}],"
                + "\"retryAfterSeconds\":1},\"code\":504}", 504);
        assertThat(StatusErrors.isRetryable(tooLarge)).isTrue();
        assertThat(tooLarge.status().retryAfterSeconds()).isEqualTo(1);
        assertThat(tooLarge.status().details().causes()).as("the cause client-go's reflector looks for survives decoding")
                .containsExactly(new Status.Cause("ResourceVersionTooLarge", "Too large resource version", null));
    }
}

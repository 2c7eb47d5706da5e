package io.rvlab.ch04.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.support.lab.LabTranscripts;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How the labs read and print a watch stream's lines; no etcd needed. */
@DisplayName("StreamEvent: one line of a watch stream, as the labs print it")
class StreamEventTest {

    private static final String MODIFIED = "{\"type\":\"MODIFIED\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\","
            + "\"metadata\":{\"name\":\"demo\",\"namespace\":\"lab\",\"uid\":\"574de29d-1004-4f99-863e-5077c1e543b9\","
            + "\"resourceVersion\":\"227\",\"creationTimestamp\":\"2026-11-22T21:16:40Z\"},\"data\":{\"k\":\"f2\"}}}";

    @Test
    @DisplayName("reads type, name, resourceVersion and data")
    void reads() {
        StreamEvent event = StreamEvent.parse(MODIFIED);
        assertThat(event.type()).isEqualTo("MODIFIED");
        assertThat(event.name()).isEqualTo("demo");
        assertThat(event.resourceVersion()).isEqualTo(227);
        assertThat(event.data()).isEqualTo(Map.of("k", "f2"));
        assertThat(event.summary()).isEqualTo("MODIFIED demo  resourceVersion 227  data {k=f2}");
    }

    @Test
    @DisplayName("the printed line hides the uid and creationTimestamp, which differ on every run, and nothing else")
    void redactsWhatChanges() {
        String redacted = StreamEvent.parse(MODIFIED).redacted();
        assertThat(LabTranscripts.unstable(redacted)).isEmpty();
        assertThat(redacted).isEqualTo(MODIFIED.replace("574de29d-1004-4f99-863e-5077c1e543b9", "...")
                .replace("2026-11-22T21:16:40Z", "..."));
    }

    @Test
    @DisplayName("a BOOKMARK and an ERROR are summed up by what they carry")
    void bookmarkAndError() {
        assertThat(StreamEvent.parse("{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\","
                + "\"metadata\":{\"resourceVersion\":\"12\",\"creationTimestamp\":null}}}").summary())
                .isEqualTo("BOOKMARK  resourceVersion 12");
        StreamEvent error = StreamEvent.parse("{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                + "\"metadata\":{},\"status\":\"Failure\",\"message\":\"too old resource version: 8 (9)\","
                + "\"reason\":\"Expired\",\"code\":410}}");
        assertThat(error.code()).isEqualTo(410);
        assertThat(error.summary()).isEqualTo("ERROR  410 Expired: too old resource version: 8 (9)");
    }
}

package io.rvlab.ch04.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("EventLineScanner: an HTTP watcher reads each event's type and resourceVersion from the bytes")
class EventLineScannerTest {

    private static final String STREAM = """
            {"type":"MODIFIED","object":{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"bench-1","namespace":"b","resourceVersion":"4711","uid":"u"},"data":{"sequence":"7"}}}
            {"type":"BOOKMARK","object":{"kind":"ConfigMap","apiVersion":"v1","metadata":{"resourceVersion":"4712","creationTimestamp":null}}}
            {"type":"ADDED","object":{"metadata":{"name":"x","resourceVersion":"4713"}}}
            {"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 1 (4000)","reason":"Expired","code":410}}
            """;

    private static List<String> scan(int bufferSize) {
        byte[] bytes = STREAM.getBytes(StandardCharsets.UTF_8);
        EventLineScanner scanner = new EventLineScanner();
        List<String> events = new ArrayList<>();
        for (int i = 0; i < bytes.length; i += bufferSize) {
            scanner.feed(ByteBuffer.wrap(bytes, i, Math.min(bufferSize, bytes.length - i)),
                    (type, resourceVersion) -> events.add(type + " " + resourceVersion));
        }
        return events;
    }

    @Test
    @DisplayName("one event per line: its type's letter and its object's resourceVersion (-1 for a Status)")
    void wholeStream() {
        assertThat(scan(1 << 16)).containsExactly("M 4711", "B 4712", "A 4713", "E -1");
    }

    @Test
    @DisplayName("lines split over buffers at any byte give the same events")
    void splitAnywhere() {
        for (int size = 1; size <= 40; size++) {
            assertThat(scan(size)).as("buffers of %d bytes", size).containsExactly("M 4711", "B 4712", "A 4713", "E -1");
        }
    }
}

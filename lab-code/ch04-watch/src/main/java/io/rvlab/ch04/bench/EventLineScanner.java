package io.rvlab.ch04.bench;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads a watch stream's bytes as they come, one event per line, and gives for each line the event's
 * type letter and its {@code metadata.resourceVersion}, without decoding the bytes to text or parsing
 * the JSON: the benchmark's watchers share the cores with the server they measure, so each should
 * cost as little as a watcher can. It relies on the server's compact form,
 * {@code {"type":"MODIFIED","object":{...,"resourceVersion":"42",...}}}, where the type's first
 * letter is the line's tenth byte and the first {@code "resourceVersion":"} is the object's (a
 * benchmark ConfigMap has no other). A line may arrive split over any number of buffers.
 */
final class EventLineScanner {

    /** Receives one event line: its type's first letter (A, M, D, B, E) and resourceVersion, -1 if none. */
    interface Sink {
        void event(char type, long resourceVersion);
    }

    private static final byte[] RESOURCE_VERSION = "\"resourceVersion\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final int TYPE_AT = "{\"type\":\"".length();

    private int column;
    private char type;
    private int matched;      // how much of RESOURCE_VERSION the bytes so far end with
    private boolean inDigits;
    private boolean found;
    private long resourceVersion = -1;

    void feed(ByteBuffer bytes, Sink sink) {
        while (bytes.hasRemaining()) {
            byte b = bytes.get();
            if (b == '\n') {
                sink.event(type, found || inDigits ? resourceVersion : -1);
                column = 0;
                type = 0;
                matched = 0;
                inDigits = false;
                found = false;
                resourceVersion = -1;
                continue;
            }
            if (column++ == TYPE_AT) {
                type = (char) b;
            }
            if (found) {
                continue;
            }
            if (inDigits) {
                if (b >= '0' && b <= '9') {
                    resourceVersion = resourceVersion * 10 + (b - '0');
                } else {
                    inDigits = false;
                    found = true;
                }
            } else if (b == RESOURCE_VERSION[matched]) {
                if (++matched == RESOURCE_VERSION.length) {
                    inDigits = true;
                    resourceVersion = 0;
                }
            } else {
                matched = b == RESOURCE_VERSION[0] ? 1 : 0;
            }
        }
    }
}

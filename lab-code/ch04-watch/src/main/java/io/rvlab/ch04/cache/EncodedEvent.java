package io.rvlab.ch04.cache;

import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.watch.WatchEvent;
import java.nio.charset.StandardCharsets;

/**
 * A watch event with its wire form computed at most once, however many watchers send it
 * (kube-apiserver's {@code cachingObject} serves the same purpose): with a thousand watchers, one
 * change would otherwise be serialized a thousand times.
 *
 * <p>The wire form is one line: {@code {"type":"ADDED","object":{...}}} and a newline, as Go's
 * {@code json.Encoder} writes each event of a watch stream.
 */
public final class EncodedEvent {

    private final WatchEvent event;
    private volatile byte[] line;

    public EncodedEvent(WatchEvent event) {
        this.event = event;
    }

    public WatchEvent event() {
        return event;
    }

    /** The event as one JSON line, computed on first use; the event's object must not change after. */
    public byte[] line() {
        byte[] encoded = line;
        if (encoded == null) {
            encoded = encode(event);
            line = encoded; // a race computes the same bytes twice, which is harmless
        }
        return encoded;
    }

    // tag::encode[]
    /** {@code {"type":...,"object":...}} and "\n": type first, then the object, compact, as Go encodes it. */
    public static byte[] encode(WatchEvent event) {
        String json = "{\"type\":\"" + event.type() + "\",\"object\":" + GoJson.compact(event.object()) + "}\n";
        return json.getBytes(StandardCharsets.UTF_8);
    }
    // end::encode[]

    @Override
    public String toString() {
        return event.toString();
    }
}

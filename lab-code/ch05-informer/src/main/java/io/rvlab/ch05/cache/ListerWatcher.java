package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.StreamWatcher;
import java.io.IOException;

/**
 * What a {@link Reflector} lists and watches (client-go's {@code ListerWatcher}): one collection,
 * over HTTP in {@code io.rvlab.ch05.client.ResourceListerWatcher}, or anything a test scripts.
 */
public interface ListerWatcher {

    /**
     * A List object ({@code metadata.resourceVersion}, {@code metadata.continue}, {@code items[]});
     * a refusal is the chapter-3/4 {@code StatusException} family (a 410 is an {@code
     * ExpiredException}), a broken connection an {@link IOException}.
     */
    ObjectNode list(ListOptions options) throws IOException;

    /** An open watch stream; refused as {@link #list} is (before any event). */
    StreamWatcher watch(WatchListOptions options) throws IOException;
}

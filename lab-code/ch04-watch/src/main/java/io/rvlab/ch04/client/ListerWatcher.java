package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * How a watcher lists and watches one collection, always with the same selectors, so a relist
 * shows exactly the objects the watch shows (client-go's {@code cache.ListerWatcher}). {@link
 * ListWatch} does it over HTTP; a test can wrap one to see every call.
 *
 * <p>Both methods throw the server's refusal as a {@link io.rvlab.ch02.api.StatusException} and
 * a broken connection as an {@link IOException}.
 */
public interface ListerWatcher {

    /**
     * A list of the collection as it is now (no resourceVersion: a consistent read), returned as
     * the server sent it: {@code items} and the list's {@code metadata.resourceVersion}.
     */
    ObjectNode list() throws IOException;

    /** A watch as {@code request} asks, with this ListerWatcher's selectors in place of the request's. */
    StreamWatcher watch(WatchRequest request) throws IOException;
}

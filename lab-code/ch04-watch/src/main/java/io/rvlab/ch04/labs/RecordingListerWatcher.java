package io.rvlab.ch04.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.ListerWatcher;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.client.WatchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ListerWatcher} that remembers the requests the client made (for the lab to print once
 * the client's thread is done with them) and lets the lab cut the open watch stream, as a network
 * failure would.
 */
final class RecordingListerWatcher implements ListerWatcher {

    private final ListerWatcher delegate;
    private final List<String> requests = new ArrayList<>();
    private StreamWatcher current;

    RecordingListerWatcher(ListerWatcher delegate) {
        this.delegate = delegate;
    }

    @Override
    public synchronized ObjectNode list() throws IOException {
        requests.add("list");
        return delegate.list();
    }

    @Override
    public StreamWatcher watch(WatchRequest request) throws IOException {
        synchronized (this) {
            requests.add(request.query());
        }
        StreamWatcher stream = delegate.watch(request);
        synchronized (this) {
            current = stream;
        }
        return stream;
    }

    /** Drops the connection of the watch now open. */
    synchronized void dropConnection() {
        if (current != null) {
            current.close();
        }
    }

    /** "list", or a watch's query string, for each request so far. */
    synchronized List<String> requests() {
        return List.copyOf(requests);
    }
}

package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Wraps a {@link ListerWatcher} and writes down each call: {@code list}, or {@code watch <resourceVersion>}. */
final class RecordingListerWatcher implements ListerWatcher {

    private final ListerWatcher delegate;
    private final List<String> calls = new CopyOnWriteArrayList<>();

    RecordingListerWatcher(ListerWatcher delegate) {
        this.delegate = delegate;
    }

    @Override
    public ObjectNode list() throws IOException {
        calls.add("list");
        return delegate.list();
    }

    @Override
    public StreamWatcher watch(WatchRequest request) throws IOException {
        calls.add("watch " + request.resourceVersion());
        return delegate.watch(request);
    }

    List<String> calls() {
        return List.copyOf(calls);
    }

    /** The resourceVersion of each watch request, in order. */
    List<String> watchedFrom() {
        return calls.stream().filter(c -> c.startsWith("watch ")).map(c -> c.substring("watch ".length())).toList();
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}

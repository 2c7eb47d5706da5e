package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Store} put between a reflector and the store it fills, handing every call on to that store;
 * a subclass overrides the one call it watches or changes. The reflector's plugged loop uses one to
 * report a LIST's replace to the listener; chapter 5's resync bug lab uses one to turn a resync into a
 * LIST. (client-go needs no such class: a Go struct that embeds the {@code Store} interface gets the
 * forwarding for free.)
 */
public abstract class ForwardingStore implements Store {

    private final Store delegate;

    protected ForwardingStore(Store delegate) {
        this.delegate = delegate;
    }

    @Override
    public void add(ObjectNode object) {
        delegate.add(object);
    }

    @Override
    public void update(ObjectNode object) {
        delegate.update(object);
    }

    @Override
    public void delete(ObjectNode object) {
        delegate.delete(object);
    }

    @Override
    public List<ObjectNode> list() {
        return delegate.list();
    }

    @Override
    public List<String> listKeys() {
        return delegate.listKeys();
    }

    @Override
    public Optional<ObjectNode> getByKey(String key) {
        return delegate.getByKey(key);
    }

    @Override
    public void replace(List<ObjectNode> items, String resourceVersion) {
        delegate.replace(items, resourceVersion);
    }

    @Override
    public void resync() {
        delegate.resync();
    }
}

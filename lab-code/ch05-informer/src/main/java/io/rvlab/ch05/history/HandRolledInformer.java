package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.Delta;
import io.rvlab.ch05.cache.DeltaFIFO;
import io.rvlab.ch05.cache.DeltaType;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.Reflector;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.ResourceEventHandler;
import io.rvlab.ch05.cache.Store;
import io.rvlab.ch05.cache.ThreadSafeIndexer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The informer's pieces put together by hand, so a bug lab can slip a store of its own between the
 * reflector and the queue (where {@link io.rvlab.ch05.cache.SharedInformer} rightly allows nothing):
 * reflector, then {@code storeAround(queue, listerWatcher)}, then a {@link DeltaFIFO}, popped into an
 * indexer with one handler told on this informer's own thread, the way the shared informer processes
 * deltas (an object the indexer has is an update, else an add).
 */
public final class HandRolledInformer implements AutoCloseable {

    private final ThreadSafeIndexer indexer = new ThreadSafeIndexer(Map.of());
    private final DeltaFIFO fifo = new DeltaFIFO(indexer);
    private final Reflector reflector;
    private final ResourceEventHandler handler;
    private final Thread processor;
    private volatile boolean closed;

    public HandRolledInformer(String name, ListerWatcher listerWatcher, ReflectorOptions options,
            BiFunction<Store, ListerWatcher, Store> storeAround, ResourceEventHandler handler, ReflectorListener listener) {
        this.handler = handler;
        this.reflector = new Reflector(name, listerWatcher, storeAround.apply(fifo, listerWatcher), options, listener);
        this.processor = new Thread(this::process, "hand-rolled-informer-" + name);
        this.processor.setDaemon(true);
    }

    public HandRolledInformer start() {
        processor.start();
        reflector.start();
        return this;
    }

    public boolean hasSynced() {
        return fifo.hasSynced();
    }

    public ThreadSafeIndexer indexer() {
        return indexer;
    }

    public Reflector reflector() {
        return reflector;
    }

    private void process() {
        while (!closed) {
            try {
                fifo.pop(Duration.ofMillis(200), this::apply);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void apply(List<Delta> deltas) {
        for (Delta delta : deltas) {
            if (delta.type() == DeltaType.DELETED) {
                indexer.deleteByKey(ObjectKeys.of(delta.object()));
                handler.onDelete(delta.object());
                continue;
            }
            ObjectNode object = (ObjectNode) delta.object();
            Optional<ObjectNode> old = indexer.getByKey(ObjectKeys.of(object));
            if (old.isPresent()) {
                indexer.update(object);
                handler.onUpdate(old.get(), object);
            } else {
                indexer.add(object);
                handler.onAdd(object, false);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        reflector.close();
        fifo.close();
        processor.interrupt();
    }
}

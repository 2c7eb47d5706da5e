package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One collection's local cache, kept up to date for any number of handlers (client-go's {@code
 * sharedIndexInformer}): a {@link Reflector} fills a {@link DeltaFIFO}; one processor thread pops
 * it, applies each delta to the {@link Indexer} first and then tells every handler. Each handler
 * has a queue and a thread of its own (client-go's {@code processorListener}), so a slow handler
 * delays only itself, and sees its calls in order.
 */
public final class SharedInformer implements AutoCloseable {

    private static final Duration POP_WAIT = Duration.ofMillis(200);

    private final String name;
    private final ThreadSafeIndexer indexer;
    private final DeltaFIFO fifo;
    private final Reflector reflector;
    private final List<ReflectorListener> listeners = new CopyOnWriteArrayList<>();
    private final List<HandlerThread> handlers = new CopyOnWriteArrayList<>();
    /** Held while deltas are applied and while a late handler is given the store: no event slips between. */
    private final Object blockDeltas = new Object();
    private volatile boolean started;
    private volatile boolean closed;
    private Thread processor;

    public SharedInformer(String name, ListerWatcher listerWatcher, ReflectorOptions options, Map<String, IndexFunc> indexers) {
        this.name = name;
        this.indexer = new ThreadSafeIndexer(indexers);
        this.fifo = new DeltaFIFO(indexer);
        this.reflector = new Reflector(name, listerWatcher, fifo, options, new Fanout());
    }

    /** Before or after start; a handler added after start first gets the store's content as adds. */
    public SharedInformer addEventHandler(ResourceEventHandler handler) {
        HandlerThread thread = new HandlerThread(handler, name + "-handler-" + handlers.size());
        synchronized (blockDeltas) {
            handlers.add(thread);
            if (started) {
                for (ObjectNode object : indexer.list()) {
                    thread.enqueue(() -> handler.onAdd(object, true));
                }
            }
            thread.start();
        }
        return this;
    }

    /** Before start: what the reflector does, step by step. */
    public SharedInformer addListener(ReflectorListener listener) {
        listeners.add(listener);
        return this;
    }

    public synchronized SharedInformer start() {
        if (started) {
            throw new IllegalStateException("informer " + name + " already started");
        }
        synchronized (blockDeltas) {
            started = true;
        }
        processor = new Thread(this::processLoop, "informer-" + name);
        processor.setDaemon(true);
        processor.start();
        reflector.start();
        return this;
    }

    private void processLoop() {
        while (!closed) {
            try {
                fifo.pop(POP_WAIT, this::handleDeltas);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    // tag::handle-deltas[]
    /**
     * client-go's {@code processDeltas}: an object the indexer already has is an update (also for a
     * relist's REPLACED and a resync's SYNC, old == new then), otherwise an add; a DELETED removes
     * it. The indexer changes first, so a handler reading it sees at least this state.
     */
    private void handleDeltas(List<Delta> deltas, boolean isInInitialList) {
        synchronized (blockDeltas) {
            for (Delta delta : deltas) {
                if (delta.type() == DeltaType.DELETED) {
                    indexer.deleteByKey(ObjectKeys.of(delta.object()));
                    Object gone = delta.object();
                    distribute(h -> h.onDelete(gone));
                    continue;
                }
                ObjectNode object = (ObjectNode) delta.object();
                var old = indexer.getByKey(ObjectKeys.of(object));
                if (old.isPresent()) {
                    indexer.update(object);
                    ObjectNode previous = old.get();
                    distribute(h -> h.onUpdate(previous, object));
                } else {
                    indexer.add(object);
                    distribute(h -> h.onAdd(object, isInInitialList));
                }
            }
        }
    }
    // end::handle-deltas[]

    private void distribute(java.util.function.Consumer<ResourceEventHandler> call) {
        for (HandlerThread handler : handlers) {
            handler.enqueue(() -> call.accept(handler.handler));
        }
    }

    /** The first list has been popped and applied to the indexer. */
    public boolean hasSynced() {
        return fifo.hasSynced();
    }

    /** Waits until {@link #hasSynced()} (client-go's {@code WaitForCacheSync}); false after {@code timeout}. */
    public boolean waitForSync(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!hasSynced()) {
            if (closed || System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    public Indexer indexer() {
        return indexer;
    }

    public Reflector reflector() {
        return reflector;
    }

    @Override
    public void close() {
        closed = true;
        reflector.close();
        fifo.close();
        if (processor != null) {
            processor.interrupt();
        }
        handlers.forEach(HandlerThread::shutDown);
    }

    /** One handler's queue and thread: unbounded, so the processor never waits for a slow handler. */
    private static final class HandlerThread {
        private static final Runnable STOP = () -> { };
        private final ResourceEventHandler handler;
        private final LinkedBlockingQueue<Runnable> calls = new LinkedBlockingQueue<>();
        private final Thread thread;

        HandlerThread(ResourceEventHandler handler, String name) {
            this.handler = handler;
            this.thread = new Thread(this::loop, name);
            this.thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        void enqueue(Runnable call) {
            calls.add(call);
        }

        void shutDown() {
            calls.add(STOP);
        }

        private void loop() {
            while (true) {
                Runnable call;
                try {
                    call = calls.take();
                } catch (InterruptedException e) {
                    return;
                }
                if (call == STOP) {
                    return;
                }
                try {
                    call.run();
                } catch (RuntimeException e) {
                    // a handler's bug must not stop its later notifications (client-go recovers and logs)
                    System.err.println("informer handler failed: " + e);
                }
            }
        }
    }

    /** Hands the reflector's steps to every listener added. */
    private final class Fanout implements ReflectorListener {
        @Override
        public void listed(ListOptions options, String resourceVersion, int items) {
            listeners.forEach(l -> l.listed(options, resourceVersion, items));
        }

        @Override
        public void listFailed(ListOptions options, Throwable cause) {
            listeners.forEach(l -> l.listFailed(options, cause));
        }

        @Override
        public void initialEventsEnded(String resourceVersion, int items) {
            listeners.forEach(l -> l.initialEventsEnded(resourceVersion, items));
        }

        @Override
        public void watchStarted(WatchListOptions options) {
            listeners.forEach(l -> l.watchStarted(options));
        }

        @Override
        public void event(WatchEvent event, String lastSyncResourceVersion) {
            listeners.forEach(l -> l.event(event, lastSyncResourceVersion));
        }

        @Override
        public void watchEnded(String reason) {
            listeners.forEach(l -> l.watchEnded(reason));
        }

        @Override
        public void backoff(Duration pause, Throwable cause) {
            listeners.forEach(l -> l.backoff(pause, cause));
        }

        @Override
        public void resynced() {
            listeners.forEach(l -> l.resynced());
        }
    }
}

package io.rvlab.ch04.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch02.server.handlers.Verb;
import io.rvlab.ch03.registry.ServedTypes;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch04.cache.UncachedWatches;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch04.server.handlers.ListFromCache;
import io.rvlab.ch04.server.handlers.WatchResource;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Chapter 3's server, plus watch: every served resource has a {@link WatchCache} (or, started
 * without one, watches straight from etcd), and {@code GET ...?watch=1} (or the older
 * {@code /api/v1/watch/...} paths) streams its events ({@link WatchResource}, registered as each
 * resource's WATCH verb).
 *
 * <p>A watch holds no thread: once its headers are sent, its request's thread goes back to the
 * pool, and its events are written on its connection's event loop as they come
 * ({@code WatchStream}). A watch lasts up to an hour, and a thousand of them must not starve
 * ordinary requests (kube-apiserver likewise does not count watches against its in-flight request
 * limit). A client may ask for its watch over a WebSocket instead of a chunked response: each
 * event is then one text message.
 */
public class WatchApiServer extends ConcurrencyApiServer {

    private final Map<ResourceType, WatchSource> sources;

    /** Serves {@code handlers}, whose watches come from {@code sources}, one per served resource. */
    protected WatchApiServer(List<ResourceHandler> handlers, Map<ResourceType, WatchSource> sources,
            InetSocketAddress address) {
        super(handlers, address);
        this.sources = new LinkedHashMap<>(sources);
    }

    // tag::start[]
    /** The server kube-apiserver runs by default: a watch cache per resource, one etcd watch each. */
    public static WatchApiServer start(Client etcd, String bindAddress, int port, WatchCache.Options options) {
        return start(etcd, bindAddress, port, type -> WatchCache.start(etcd, type, options));
    }
    // end::start[]

    /** kube-apiserver with {@code --watch-cache=false}: every watch is an etcd watch of its own. */
    public static WatchApiServer startWithoutCache(Client etcd, String bindAddress, int port) {
        return start(etcd, bindAddress, port, type -> new UncachedWatches(etcd, type));
    }

    /**
     * A server whose watches come from {@code watches}, one source per served resource (for example
     * a {@link WatchCache} with a window of exercise 4.5's making).
     */
    public static WatchApiServer start(Client etcd, String bindAddress, int port,
            Function<ResourceType, WatchSource> watches) {
        Served served = served(etcd, watches, WatchApiServer::resourceHandler);
        return new WatchApiServer(served.handlers(), served.sources(), new InetSocketAddress(bindAddress, port));
    }

    /** Each served resource's table of verbs, and the source its watches come from. */
    protected record Served(List<ResourceHandler> handlers, Map<ResourceType, WatchSource> sources) {
    }

    /**
     * What a watching server is built from (this chapter's and the next's, which differ only in
     * {@code verbs}): chapter 3's storage over {@code etcd} with the system namespaces in it, and for
     * each served resource one watch source from {@code watches} and the verbs {@code verbs} makes of
     * its store and that source.
     */
    protected static Served served(Client etcd, Function<ResourceType, WatchSource> watches,
            BiFunction<UpdatingRegistryStore, WatchSource, ResourceHandler> verbs) {
        EtcdUpdatableStorage storage = new EtcdUpdatableStorage(etcd);
        NamespaceBootstrap.ensure(new UpdatingRegistryStore(ResourceTypes.NAMESPACES, storage),
                NamespaceBootstrap.SYSTEM_NAMESPACES);
        Map<ResourceType, WatchSource> sources = new LinkedHashMap<>();
        List<ResourceHandler> handlers = new ArrayList<>();
        for (ResourceType type : ServedTypes.ALL) {
            sources.put(type, watches.apply(type));
            handlers.add(verbs.apply(new UpdatingRegistryStore(type, storage), sources.get(type)));
        }
        return new Served(handlers, sources);
    }

    // tag::verbs[]
    /**
     * Chapter 3's verbs of {@code store}'s resource, with WATCH registered, and LIST wrapped so that
     * {@code resourceVersion=0} is answered from {@code watches} when it is a cache.
     */
    public static ResourceHandler resourceHandler(UpdatingRegistryStore store, WatchSource watches) {
        ResourceHandler chapter3 = ConcurrencyApiServer.resourceHandler(store);
        return chapter3
                .with(Verb.LIST, new ListFromCache(watches, chapter3.handler(Verb.LIST)))
                .with(Verb.WATCH, new WatchResource(store.type(), watches));
    }
    // end::verbs[]

    /**
     * The watch cache of {@code type}, such as {@link ResourceTypes#CONFIGMAPS}.
     *
     * @throws IllegalStateException if this server was started without watch caches
     */
    public WatchCache cache(ResourceType type) {
        WatchSource source = sources.get(type);
        if (source == null) {
            throw new IllegalArgumentException("not served: " + type.resource());
        }
        if (!(source instanceof WatchCache cache)) {
            throw new IllegalStateException("this server runs without a watch cache");
        }
        return cache;
    }

    /** How many etcd watches the server holds: with caches, one per resource however many clients watch. */
    public int etcdWatches() {
        return sources.values().stream().mapToInt(WatchSource::etcdWatches).sum();
    }

    /** Ends every watch (each stream finishes cleanly), then stops serving. */
    @Override
    public void close() {
        sources.values().forEach(WatchSource::close);
        super.close();
    }
}

package io.rvlab.ch04.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.ResponseStream;
import io.rvlab.ch02.server.TableConvertor;
import io.rvlab.ch03.registry.ServedTypes;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.server.UpdatingResourceHandler;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch04.cache.CacheWatcher;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.cache.UncachedWatches;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchSource;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Chapter 3's server, plus watch: every served resource has a {@link WatchCache} (or, started
 * without one, watches straight from etcd), and {@code GET ...?watch=1} (or the older
 * {@code /api/v1/watch/...} paths) streams its events.
 *
 * <p>Each watch runs on a thread of its own, outside the request pool: a watch lasts up to an
 * hour, and a thousand of them must not starve ordinary requests (kube-apiserver likewise does
 * not count watches against its in-flight request limit). A client may ask for its watch over a
 * WebSocket instead of a chunked response: each event is then one text message.
 */
public class WatchApiServer extends ConcurrencyApiServer {

    private final Map<String, WatchingResourceHandler> byPath = new LinkedHashMap<>();
    private final Map<ResourceType, WatchSource> sources = new LinkedHashMap<>();
    private final ExecutorService streams;

    protected WatchApiServer(List<WatchingResourceHandler> handlers, InetSocketAddress address) {
        super(List.<UpdatingResourceHandler>copyOf(handlers), address);
        AtomicInteger count = new AtomicInteger();
        this.streams = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "rvlab-watch-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        for (WatchingResourceHandler handler : handlers) {
            byPath.put(handler.type().groupVersion() + "/" + handler.type().resource(), handler);
            sources.put(handler.type(), handler.watches());
        }
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
        EtcdUpdatableStorage storage = new EtcdUpdatableStorage(etcd);
        NamespaceBootstrap.ensure(new UpdatingRegistryStore(ResourceTypes.NAMESPACES, storage),
                NamespaceBootstrap.SYSTEM_NAMESPACES);
        List<WatchingResourceHandler> handlers = ServedTypes.ALL.stream()
                .map(type -> new WatchingResourceHandler(new UpdatingRegistryStore(type, storage), watches.apply(type)))
                .toList();
        return new WatchApiServer(handlers, new InetSocketAddress(bindAddress, port));
    }

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

    // tag::take-over[]
    /** A watch request is answered by a {@link WatchStream} on a thread of its own; anything else as before. */
    @Override
    protected boolean takeOver(ResponseStream response, ApiRequest request) {
        List<String> s = request.segments();
        int resourceStart;
        String groupVersion;
        if (s.size() > 2 && s.get(0).equals("api") && s.get(1).equals("v1")) {
            groupVersion = "v1";
            resourceStart = 2;
        } else if (s.size() > 3 && s.get(0).equals("apis")) {
            groupVersion = s.get(1) + "/" + s.get(2);
            resourceStart = 3;
        } else {
            return false;
        }
        boolean legacyPath = s.get(resourceStart).equals("watch"); // /api/v1/watch/namespaces/...
        if (!request.method().equals("GET") || !(legacyPath || WatchingResourceHandler.isTrue(request.param("watch")))) {
            return false;
        }
        List<String> rest = s.subList(resourceStart + (legacyPath ? 1 : 0), s.size());
        ResourcePath path = ResourcePath.parse(rest).orElseThrow(() -> Status.pathNotFound().exception());
        WatchingResourceHandler handler = byPath.get(groupVersion + "/" + path.resource());
        boolean shapeFits = handler != null && path.subresource().isEmpty()
                && (handler.type().namespaced() ? path.namespacedPath() || path.isCollection() : !path.namespacedPath());
        if (!shapeFits) {
            throw Status.pathNotFound().exception();
        }
        startWatch(response, request, path, handler);
        return true;
    }
    // end::take-over[]

    /**
     * Starts one watch of {@code handler}'s resource: its options are checked (a mistake is thrown as
     * a 4xx Status, before any stream begins), its watcher registered, and its stream started.
     * Chapter 5 overrides this for streaming lists.
     */
    protected void startWatch(ResponseStream response, ApiRequest request, ResourcePath path,
            WatchingResourceHandler handler) {
        CacheWatcher watcher = handler.watches().watch(handler.watchOptions(request, path));
        stream(response, request, handler.type(), watcher);
    }

    /**
     * Streams {@code feed} to the client on a thread of its own, as Table rows if the client asked
     * for them: over the HTTP response, or over a WebSocket if the request asked for an upgrade
     * (apiserver's {@code endpoints/handlers/watch.go} serves a watch either way, the same events).
     */
    protected void stream(ResponseStream response, ApiRequest request, ResourceType type, EventFeed feed) {
        String table = TableConvertor.requestedVersion(request.header("Accept"));
        ResponseStream out = wantsWebSocket(request) ? response.upgradeToWebSocket() : response;
        streams.execute(new WatchStream(out, feed, type, table));
    }

    /**
     * Whether the client asks for its watch over a WebSocket: {@code Upgrade: websocket}, with
     * {@code Connection} naming upgrade (apimachinery's {@code util/wsstream/conn.go} IsWebSocketRequest).
     */
    static boolean wantsWebSocket(ApiRequest request) {
        return request.header("Upgrade").equalsIgnoreCase("websocket")
                && request.header("Connection").toLowerCase(java.util.Locale.ROOT).contains("upgrade");
    }

    /** Ends every watch (each stream finishes cleanly), then stops serving. */
    @Override
    public void close() {
        sources.values().forEach(WatchSource::close);
        streams.shutdown();
        super.close();
        streams.shutdownNow();
    }
}

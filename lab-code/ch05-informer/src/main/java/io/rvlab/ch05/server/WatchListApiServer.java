package io.rvlab.ch05.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.ResponseStream;
import io.rvlab.ch03.registry.ServedTypes;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.cache.UncachedWatches;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchOptions;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch04.server.WatchingResourceHandler;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Function;

/**
 * Chapter 4's server plus streaming lists (KEP-3157), with the watch rules of current Kubernetes
 * (the WatchList feature gate on): {@code ?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true}
 * streams the state as ADDED events, then a BOOKMARK annotated {@code k8s.io/initial-events-end},
 * then the changes. A plain watch from "" or "0" is defaulted to the same (so with bookmarks it
 * ends its initial events with the annotated bookmark too); a watch from N is chapter 4's.
 */
public class WatchListApiServer extends WatchApiServer {

    private final WatchListStarter starter;

    protected WatchListApiServer(List<WatchingResourceHandler> handlers, InetSocketAddress address, Client etcd) {
        super(handlers, address);
        this.starter = new WatchListStarter(etcd);
    }

    /** Chapter 4's server plus streaming lists, with current Kubernetes' watch validation (WatchList gate on). */
    public static WatchListApiServer start(Client etcd, String bindAddress, int port, WatchCache.Options options) {
        return start(etcd, bindAddress, port, type -> WatchCache.start(etcd, type, options));
    }

    /** Without watch caches ({@code --watch-cache=false}): a streaming list is an etcd list, its bookmark, then an etcd watch. */
    public static WatchListApiServer startWithoutCache(Client etcd, String bindAddress, int port) {
        return start(etcd, bindAddress, port, type -> new UncachedWatches(etcd, type));
    }

    public static WatchListApiServer start(Client etcd, String bindAddress, int port,
            Function<ResourceType, WatchSource> watches) {
        EtcdUpdatableStorage storage = new EtcdUpdatableStorage(etcd);
        NamespaceBootstrap.ensure(new UpdatingRegistryStore(ResourceTypes.NAMESPACES, storage),
                NamespaceBootstrap.SYSTEM_NAMESPACES);
        List<WatchingResourceHandler> handlers = ServedTypes.ALL.stream()
                .<WatchingResourceHandler>map(type -> new WatchListResourceHandler(new UpdatingRegistryStore(type, storage),
                        watches.apply(type)))
                .toList();
        return new WatchListApiServer(handlers, new InetSocketAddress(bindAddress, port), etcd);
    }

    // tag::start-watch[]
    /**
     * A watch that names sendInitialEvents (or is defaulted to it) starts as {@link WatchListStarter}
     * says; a watch from N, without it, is chapter 4's. The options are checked first, so a mistake
     * is a 422 before any stream begins.
     */
    @Override
    protected void startWatch(ResponseStream response, ApiRequest request, ResourcePath path,
            WatchingResourceHandler handler) {
        WatchListRequest watchList = WatchListRequest.of(request);
        if (watchList.sendInitialEvents() == null) {
            super.startWatch(response, request, path, handler);
            return;
        }
        WatchOptions options = handler.watchOptions(request, path); // validates: 422, 400
        EventFeed feed;
        try {
            feed = starter.start(handler.watches(), handler.type(), options, watchList);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Status.internalError("interrupted while starting a watch").exception();
        }
        stream(response, request, handler.type(), feed);
    }
    // end::start-watch[]
}

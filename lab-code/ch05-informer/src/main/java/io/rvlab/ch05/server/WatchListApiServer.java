package io.rvlab.ch05.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch02.server.handlers.Verb;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch04.cache.UncachedWatches;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch04.server.handlers.WatchResource;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Chapter 4's server plus streaming lists (KEP-3157), with the watch rules of current Kubernetes
 * (the WatchList feature gate on): {@code ?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true}
 * streams the state as ADDED events, then a BOOKMARK annotated {@code k8s.io/initial-events-end},
 * then the changes. A plain watch from "" or "0" is defaulted to the same (so with bookmarks it
 * ends its initial events with the annotated bookmark too); a watch from N is chapter 4's.
 */
public class WatchListApiServer extends WatchApiServer {

    protected WatchListApiServer(List<ResourceHandler> handlers, Map<ResourceType, WatchSource> sources,
            InetSocketAddress address) {
        super(handlers, sources, address);
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
        Served served = served(etcd, watches, (store, source) -> resourceHandler(store, source, etcd));
        return new WatchListApiServer(served.handlers(), served.sources(), new InetSocketAddress(bindAddress, port));
    }

    // tag::verbs[]
    /**
     * Chapter 4's verbs of {@code store}'s resource, with its WATCH given the rules of current
     * Kubernetes (the WatchList feature gate on): {@code resourceVersionMatch=NotOlderThan} is allowed
     * on a watch, together with {@code sendInitialEvents}, checked after the defaulting
     * {@link WatchListRequest} describes; and the start of a streaming list ({@code WatchListStart},
     * which reads etcd's current revision from {@code etcd}).
     * Lists are unchanged: {@code sendInitialEvents} on a list is still 422 "forbidden for list".
     */
    public static ResourceHandler resourceHandler(UpdatingRegistryStore store, WatchSource watches, Client etcd) {
        WatchResource watch = new WatchResource(store.type(), request -> WatchListRequest.of(request).errors(),
                new WatchListStart(store.type(), watches, new WatchListStarter(etcd)));
        return WatchApiServer.resourceHandler(store, watches).with(Verb.WATCH, watch);
    }
    // end::verbs[]
}

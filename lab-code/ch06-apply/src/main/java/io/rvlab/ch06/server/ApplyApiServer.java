package io.rvlab.ch06.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch02.server.handlers.Verb;
import io.rvlab.ch03.registry.ServedTypes;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch04.cache.UncachedWatches;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch05.server.WatchListApiServer;
import io.rvlab.ch06.registry.ApplyRegistryStore;
import io.rvlab.ch06.server.handlers.CreateResource;
import io.rvlab.ch06.server.handlers.PatchResource;
import io.rvlab.ch06.server.handlers.UpdateResource;
import io.rvlab.ch06.structured.ListMerge;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Chapter 5's server with field management and server-side apply: every write records its manager
 * in {@code metadata.managedFields}, and {@code PATCH} with {@code application/apply-patch+yaml}
 * applies a manager's configuration ({@link PatchResource}), which is what
 * {@code kubectl apply --server-side} sends.
 */
public class ApplyApiServer extends WatchListApiServer {

    protected ApplyApiServer(List<ResourceHandler> handlers, Map<ResourceType, WatchSource> sources,
            InetSocketAddress address) {
        super(handlers, sources, address);
    }

    // tag::start[]
    public static ApplyApiServer start(Client etcd, String bindAddress, int port, WatchCache.Options options) {
        return start(etcd, bindAddress, port, options, Clock.systemUTC());
    }

    /** With the clock that stamps {@code managedFields[].time} (tests and labs replay transcripts with it). */
    public static ApplyApiServer start(Client etcd, String bindAddress, int port, WatchCache.Options options, Clock clock) {
        return start(etcd, bindAddress, port, options, clock, ListMerge.BUILT_IN);
    }

    /**
     * With {@code lists} merging the sets and associative lists of every apply, in place of the
     * server's own ({@link ListMerge#BUILT_IN}): how exercise 6.3 runs the learner's merge inside this server.
     */
    public static ApplyApiServer start(Client etcd, String bindAddress, int port, WatchCache.Options options, Clock clock,
            ListMerge lists) {
        return start(etcd, bindAddress, port, type -> WatchCache.start(etcd, type, options), clock, lists);
    }

    /** Without watch caches ({@code --watch-cache=false}), as chapter 5's. */
    public static ApplyApiServer startWithoutCache(Client etcd, String bindAddress, int port) {
        return start(etcd, bindAddress, port, type -> new UncachedWatches(etcd, type), Clock.systemUTC(), ListMerge.BUILT_IN);
    }

    private static ApplyApiServer start(Client etcd, String bindAddress, int port,
            Function<ResourceType, WatchSource> watches, Clock clock, ListMerge lists) {
        EtcdUpdatableStorage storage = new EtcdUpdatableStorage(etcd);
        NamespaceBootstrap.ensure(new ApplyRegistryStore(ResourceTypes.NAMESPACES, storage),
                NamespaceBootstrap.SYSTEM_NAMESPACES);
        Map<ResourceType, WatchSource> sources = new LinkedHashMap<>();
        List<ResourceHandler> handlers = new ArrayList<>();
        for (ResourceType type : ServedTypes.ALL) {
            sources.put(type, watches.apply(type));
            handlers.add(resourceHandler(new ApplyRegistryStore(type, storage, clock, lists), sources.get(type), etcd));
        }
        return new ApplyApiServer(handlers, sources, new InetSocketAddress(bindAddress, port));
    }
    // end::start[]

    // tag::verbs[]
    /**
     * Chapter 5's verbs of {@code store}'s resource, with this chapter's writes registered in place of
     * chapter 3's: create, update and patch record their manager in managedFields, and PATCH also
     * applies. DELETE, and the 405s, are still chapter 3's.
     */
    public static ResourceHandler resourceHandler(ApplyRegistryStore store, WatchSource watches, Client etcd) {
        return WatchListApiServer.resourceHandler(store, watches, etcd)
                .with(Verb.CREATE, new CreateResource(store))
                .with(Verb.UPDATE, new UpdateResource(store))
                .with(Verb.PATCH, new PatchResource(store));
    }
    // end::verbs[]
}

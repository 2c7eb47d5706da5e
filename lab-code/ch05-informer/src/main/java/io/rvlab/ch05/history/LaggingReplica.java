package io.rvlab.ch05.history;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.Selection;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.Verb;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch02.storage.DnsNames;
import io.rvlab.ch03.registry.ServedTypes;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchSource;
import io.rvlab.ch04.server.WatchApiServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A second API server on the same etcd whose watch cache can be made to stop following etcd: the
 * replica an HA control plane can send a client's LIST to while its cache is behind (its etcd watch
 * stuck, or it just restarted). It serves lists as current kube-apiserver does:
 * <ul>
 *   <li>{@code resourceVersion=""}: from etcd (consistent, never stale);</li>
 *   <li>{@code resourceVersion="0"} ("any"): from its cache, however far behind (chapter 4);</li>
 *   <li>{@code resourceVersion=N} (not older than N, unpaged): from its cache once the cache has
 *       reached N, after waiting up to {@code wait} (kube-apiserver: 3 s); else 504 "Too large resource
 *       version: N, current: C" with Retry-After 1, the cacher's answer.</li>
 * </ul>
 * {@link #stall()} stops its configmaps cache where it is, deterministically: what a stuck etcd watch
 * does slowly and by chance. The client's reflector then sees, on this replica only, an older past.
 */
public final class LaggingReplica extends WatchApiServer {

    private LaggingReplica(List<ResourceHandler> handlers, Map<ResourceType, WatchSource> sources, InetSocketAddress address) {
        super(handlers, sources, address);
    }

    /** A replica on {@code etcd}, its caches following etcd until {@link #stall()}. */
    public static LaggingReplica start(Client etcd, String bindAddress, int port, WatchCache.Options options, Duration wait) {
        EtcdUpdatableStorage storage = new EtcdUpdatableStorage(etcd);
        NamespaceBootstrap.ensure(new UpdatingRegistryStore(ResourceTypes.NAMESPACES, storage),
                NamespaceBootstrap.SYSTEM_NAMESPACES);
        Map<ResourceType, WatchSource> sources = new LinkedHashMap<>();
        List<ResourceHandler> handlers = new ArrayList<>();
        for (ResourceType type : ServedTypes.ALL) {
            WatchCache cache = WatchCache.start(etcd, type, options);
            sources.put(type, cache);
            ResourceHandler chapter4 = WatchApiServer.resourceHandler(new UpdatingRegistryStore(type, storage), cache);
            handlers.add(chapter4.with(Verb.LIST, new CacheList(cache, wait, chapter4.handler(Verb.LIST))));
        }
        return new LaggingReplica(handlers, sources, new InetSocketAddress(bindAddress, port));
    }

    /** Stops the configmaps cache where it is: its lists at "0" and at N keep answering from that past. */
    public LaggingReplica stall() {
        cache(ResourceTypes.CONFIGMAPS).close();
        return this;
    }

    /** The resourceVersion the configmaps cache is at (frozen after {@link #stall()}). */
    public long cachedResourceVersion() {
        return cache(ResourceTypes.CONFIGMAPS).resourceVersion();
    }

    // tag::cache-list[]
    /** Chapter 4's list, plus "not older than N" lists from the cache, as kube-apiserver's cacher serves them. */
    private static final class CacheList implements VerbHandler {

        private final WatchCache cache;
        private final Duration wait;
        private final VerbHandler chapter4;

        CacheList(WatchCache cache, Duration wait, VerbHandler chapter4) {
            this.cache = cache;
            this.wait = wait;
            this.chapter4 = chapter4;
        }

        @Override
        public ApiResponse handle(ApiRequest request, ResourcePath path) {
            long wanted = positive(request.param("resourceVersion"));
            String match = request.param("resourceVersionMatch");
            boolean notOlderThan = match.equals("NotOlderThan") || (match.isEmpty() && request.param("limit").isEmpty());
            boolean fromCache = wanted > 0 && notOlderThan && request.param("continue").isEmpty()
                    && !request.hasParam("sendInitialEvents")
                    && (path.namespace().isEmpty() || DnsNames.labelErrors(path.namespace()).isEmpty());
            if (!fromCache) {
                return chapter4.handle(request, path); // "", "0", Exact, pages, bad namespaces: as chapter 4 answers them
            }
            long deadline = System.nanoTime() + wait.toNanos();
            while (cache.resourceVersion() < wanted && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            if (cache.resourceVersion() < wanted) {
                throw Status.tooLargeResourceVersion(wanted, cache.resourceVersion(), 1).exception();
            }
            Selection selection = Selection.parse(request.param("labelSelector"), request.param("fieldSelector"));
            return ApiResponse.ok(cache.list(path.namespace(), selection));
        }
        // end::cache-list[]

        private static long positive(String rv) {
            try {
                return rv.isEmpty() ? 0 : Long.parseLong(rv);
            } catch (NumberFormatException e) {
                return 0; // chapter 4 answers a bad resourceVersion with its 400
            }
        }
    }
}

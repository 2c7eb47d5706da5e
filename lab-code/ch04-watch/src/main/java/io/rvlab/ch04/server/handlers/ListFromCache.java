package io.rvlab.ch04.server.handlers;

import io.rvlab.ch02.api.Selection;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ApiResponse;
import io.rvlab.ch02.server.ResourcePath;
import io.rvlab.ch02.server.handlers.VerbHandler;
import io.rvlab.ch02.storage.ResourceVersionMatch;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchSource;

/**
 * LIST with {@code resourceVersion=0} answered from the {@link WatchCache} instead of etcd, wrapped
 * around the list that reads etcd (apiserver's cacher sits between the registry and etcd for exactly
 * these reads). Without a watch cache every list goes to etcd, as in chapter 3.
 */
public final class ListFromCache implements VerbHandler {

    private final WatchSource watches;
    private final VerbHandler fromEtcd;

    /** @param fromEtcd the list this one falls back on (chapter 2's, reading etcd) */
    public ListFromCache(WatchSource watches, VerbHandler fromEtcd) {
        this.watches = watches;
        this.fromEtcd = fromEtcd;
    }

    // tag::list-from-cache[]
    /** resourceVersion=0 ("any"): from the cache, limit ignored; every other list as before, from etcd. */
    @Override
    public ApiResponse handle(ApiRequest request, ResourcePath path) {
        String match = request.param("resourceVersionMatch");
        boolean fromCache = watches instanceof WatchCache && request.param("resourceVersion").equals("0") && request.param("continue").isEmpty()
                && (match.isEmpty() || match.equals(ResourceVersionMatch.NOT_OLDER_THAN.wire()))
                && !request.hasParam("sendInitialEvents");
        if (!fromCache) {
            return fromEtcd.handle(request, path);
        }
        NamespaceParam.requireValid(path.namespace());
        Selection selection = Selection.parse(request.param("labelSelector"), request.param("fieldSelector"));
        return ApiResponse.ok(((WatchCache) watches).list(path.namespace(), selection));
    }
    // end::list-from-cache[]
}

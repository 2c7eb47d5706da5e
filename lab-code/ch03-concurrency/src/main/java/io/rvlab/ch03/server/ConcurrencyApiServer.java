package io.rvlab.ch03.server;

import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.server.ResourceHandler;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.storage.UpdatableStorage;
import java.net.InetSocketAddress;
import java.util.List;

/** Chapter 2's {@link ApiServer}, serving handlers that also update, patch and delete. */
public final class ConcurrencyApiServer {

    private ConcurrencyApiServer() {
    }

    // tag::start[]
    public static ApiServer start(UpdatableStorage storage, String bindAddress, int port) {
        List<UpdatingResourceHandler> handlers = ResourceTypes.ALL.stream()
                .map(type -> new UpdatingResourceHandler(new UpdatingRegistryStore(type, storage)))
                .toList();
        NamespaceBootstrap.ensure(new UpdatingRegistryStore(ResourceTypes.NAMESPACES, storage),
                NamespaceBootstrap.SYSTEM_NAMESPACES);
        return new ApiServer(List.<ResourceHandler>copyOf(handlers), new InetSocketAddress(bindAddress, port));
    }
    // end::start[]
}

package io.rvlab.ch03.support;

import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.support.etcd.EtcdExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class's chapter 3 server on the real etcd of {@link EtcdExtension}: started once before the
 * class's tests, closed after them. Tests talk to it through {@link #http} (codes, headers and bytes as
 * sent) or {@link #api} (chapter 3's typed client); {@link #client} reaches etcd itself.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ServerOnEtcd {

    protected final Client client;
    protected ConcurrencyApiServer server;
    protected Http http;
    protected ApiClient api;

    protected ServerOnEtcd(Client client) {
        this.client = client;
    }

    @BeforeAll
    protected final void startServer() {
        server = ConcurrencyApiServer.start(new EtcdUpdatableStorage(client), "127.0.0.1", 0);
        http = new Http(server.url());
        api = new ApiClient(server.url());
    }

    @AfterAll
    protected final void stopServer() {
        if (server != null) {
            server.close();
        }
    }
}

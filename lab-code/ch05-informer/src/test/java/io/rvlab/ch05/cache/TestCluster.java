package io.rvlab.ch05.cache;

import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.client.Cluster;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;

/**
 * Chapter 4's test cluster (its API server on the test's etcd, a chapter-3 client to write with, a
 * namespace per test, the ConfigMap helpers), with what an informer needs: a ListerWatcher.
 */
final class TestCluster extends Cluster {

    TestCluster(WatchApiServer server) {
        super(server);
    }

    static TestCluster start(Client etcd, WatchCache.Options options) {
        return new TestCluster(WatchApiServer.start(etcd, "127.0.0.1", 0, options));
    }

    static TestCluster startWithoutCache(Client etcd) {
        return new TestCluster(WatchApiServer.startWithoutCache(etcd, "127.0.0.1", 0));
    }

    ResourceListerWatcher listerWatcher(ConfigMapClient configMaps) {
        return new ResourceListerWatcher(RestConfig.forUrl(server.url()), configMaps.collection());
    }

    /** The namespace a ConfigMapClient writes to (from its collection path). */
    static String namespaceOf(ConfigMapClient configMaps) {
        return configMaps.collection().replaceAll(".*/namespaces/([^/]+)/.*", "$1");
    }
}

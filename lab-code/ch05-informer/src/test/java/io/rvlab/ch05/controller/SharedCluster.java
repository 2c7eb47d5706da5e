package io.rvlab.ch05.controller;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class whose tests share one {@link Cluster} on the real etcd of {@link EtcdExtension}:
 * started before the first test, closed after the last. Each test takes a namespace of its own.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SharedCluster {

    protected final Client etcd;
    protected Cluster cluster;

    protected SharedCluster(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    protected final void startCluster() {
        cluster = Cluster.start(etcd);
    }

    @AfterAll
    protected final void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }
}

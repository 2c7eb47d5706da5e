package io.rvlab.ch03.server;

import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import java.util.List;

/**
 * {@code ./course serve}: etcd plus chapter 3's API server, which also updates, patches and deletes.
 * Options, start-up and shutdown are chapter 2's ({@link io.rvlab.ch02.server.ApiServerMain}); only
 * the server differs.
 */
public final class ApiServerMain {

    private ApiServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                (etcd, bind, port) -> ConcurrencyApiServer.start(new EtcdUpdatableStorage(etcd), bind, port),
                List.of("kubectl --server {url} patch configmap demo --type merge -p '{\"data\":{\"greeting\":\"hi\"}}'",
                        "kubectl --server {url} delete configmap demo"));
    }
}

package io.rvlab.ch06.server;

import java.util.List;

/**
 * {@code ./course serve}: etcd plus chapter 6's API server, which also does server-side apply. The
 * same switches as chapter 5's ({@link io.rvlab.ch05.server.ApiServerMain}): {@code RVLAB_WATCH_CACHE_SIZE}
 * changes per resource in the watch cache's window (default 1000), and {@code RVLAB_WATCH_CACHE=false}
 * serves every watch straight from etcd.
 */
public final class ApiServerMain {

    private ApiServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                io.rvlab.ch04.server.ApiServerMain.fromEnvironment(ApplyApiServer::start, ApplyApiServer::startWithoutCache),
                List.of("kubectl --server {url} apply --server-side -f cm.yaml          (then again with --field-manager=other)",
                        "curl -s -X PATCH -H 'Content-Type: application/apply-patch+yaml' --data-binary @cm.yaml "
                                + "'{url}/api/v1/namespaces/default/configmaps/NAME?fieldManager=me'"));
    }
}

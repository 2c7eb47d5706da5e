package io.rvlab.exercises.ch02.capstone;

import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.server.ApiServerMain;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.storage.Versioner;
import java.util.List;

/**
 * {@code ./course serve --exercise 2.7}: chapter 2's API server, over a fresh etcd, with your
 * {@link ResourceVersionReads} deciding where every GET and LIST reads. Given, not an exercise.
 * It takes the options of {@code ./course serve} ({@code --port}, {@code --bind}, {@code --quiet})
 * and prints the server's URL; point kubectl or curl at it.
 */
public final class ServeReadDecision {

    private ServeReadDecision() {
    }

    public static void main(String[] args) throws InterruptedException {
        ApiServerMain.serve(args, (client, bind, port) -> {
            Versioner versioner = new Versioner();
            EtcdStorage storage = new EtcdStorage(client, versioner, EtcdStorage.TOO_LARGE_WAIT,
                    new ResourceVersionReads(versioner));
            return ApiServer.start(storage, bind, port);
        }, List.of(
                "kubectl --server {url} get configmaps -A --chunk-size=1 -v=6      # pages: limit and continue",
                "kubectl --server {url} get --raw '/api/v1/namespaces/default/configmaps?resourceVersion=1&resourceVersionMatch=Exact'",
                "kubectl --server {url} get --raw '/api/v1/namespaces/default/configmaps?resourceVersion=999999'   # waits, then 504"));
    }
}

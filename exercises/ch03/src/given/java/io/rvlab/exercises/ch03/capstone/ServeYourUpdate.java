package io.rvlab.exercises.ch03.capstone;

import io.rvlab.ch03.server.ConcurrencyApiServer;
import java.util.List;

/**
 * Given, not an exercise: {@code ./course serve --exercise 3.1}. Starts etcd and chapter 3's API
 * server with your guaranteed update in it ({@link YourStorage}), prints its URL, and runs until
 * Ctrl-C. Options as {@code ./course serve}: {@code --port N} (default 8080), {@code --bind ADDRESS},
 * {@code --quiet}.
 */
public final class ServeYourUpdate {

    private ServeYourUpdate() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("Chapter 3's API server with YOUR GuaranteedUpdate (exercise 3.1) in every PUT and PATCH.");
        io.rvlab.ch02.server.ApiServerMain.serve(args,
                (etcd, bind, port) -> ConcurrencyApiServer.start(new YourStorage(etcd), bind, port),
                List.of("kubectl --server {url} get configmap demo -o yaml > /tmp/stale.yaml",
                        "kubectl --server {url} patch configmap demo --type merge -p '{\"data\":{\"greeting\":\"hi\"}}'",
                        "kubectl --server {url} replace -f /tmp/stale.yaml      # a stale copy: expect the Conflict"));
    }
}

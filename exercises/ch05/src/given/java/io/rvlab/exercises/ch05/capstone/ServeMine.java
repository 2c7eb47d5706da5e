package io.rvlab.exercises.ch05.capstone;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.history.Partition;
import io.rvlab.ch05.server.WatchListApiServer;
import io.rvlab.exercises.ch05.ReflectorLoop;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code ./course serve --exercise 5.1}: etcd, chapter 5's API server, and an informer on the
 * ConfigMaps of namespace {@code default} whose reflector is YOUR {@link ReflectorLoop}. Every LIST
 * and WATCH it asks, every event it reads and every watch that ends is printed, so you can watch
 * your loop work while you write with kubectl in another terminal. Given, not part of the exercise.
 *
 * <p>The watch cache window is small ({@code RVLAB_WATCH_CACHE_SIZE}, default 10 here) so that a 410
 * is easy to meet: type {@code cut} (the network to the server drops, your loop's requests wait), make
 * more than 10 changes with kubectl, type {@code heal}. {@code store} prints what the informer holds.
 */
public final class ServeMine {

    private ServeMine() {
    }

    public static void main(String[] args) throws InterruptedException {
        String size = System.getenv("RVLAB_WATCH_CACHE_SIZE");
        int window = io.rvlab.ch04.server.ApiServerMain.windowSize(size == null || size.isBlank() ? "10" : size);
        io.rvlab.ch02.server.ApiServerMain.serve(args, (etcd, bind, port) -> {
            WatchListApiServer server = WatchListApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT.withCapacity(window));
            startInformer(server);
            return server;
        }, List.of("kubectl --server {url} create configmap a --from-literal=k=v      (your loop prints the event)",
                "kubectl --server {url} delete configmap a",
                "then type here: cut, make more than " + window + " changes, heal    (a 410: does your loop relist?)",
                "             or: store                                   (what the informer holds)"));
    }

    private static void startInformer(WatchListApiServer server) {
        String collection = "/api/v1/namespaces/default/configmaps";
        Partition network = new Partition(new ResourceListerWatcher(RestConfig.forUrl(server.url()), collection));
        ReflectorOptions options = ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick())
                .withMinWatchTimeout(Duration.ofSeconds(60)).withLoop(new ReflectorLoop());
        SharedInformer informer = new SharedInformer("yours", network, options, Map.of());
        informer.addListener(new Printer()).start();
        Thread console = new Thread(() -> console(informer, network), "serve-console");
        console.setDaemon(true);
        console.start();
        Thread watchdog = new Thread(() -> {
            while (informer.reflector().loopEnded() == null) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
            say("YOUR LOOP ENDED while the informer was running: " + informer.reflector().loopEnded());
        }, "serve-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private static void console(SharedInformer informer, Partition network) {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            String line;
            while ((line = in.readLine()) != null) {
                switch (line.trim()) {
                    case "cut" -> {
                        network.cut();
                        say("network to the API server CUT: open watches dropped, new requests wait");
                    }
                    case "heal" -> {
                        network.heal();
                        say("network HEALED");
                    }
                    case "store" -> {
                        List<ObjectNode> objects = informer.indexer().list();
                        say("the informer's store: " + objects.size() + " objects");
                        objects.forEach(o -> say("  " + ObjectKeys.of(o) + " rv "
                                + o.path("metadata").path("resourceVersion").asText()));
                    }
                    case "" -> { }
                    default -> say("commands: cut, heal, store");
                }
            }
        } catch (java.io.IOException e) {
            // no console: nothing to read
        }
    }

    private static void say(String line) {
        System.out.println("[your reflector] " + line);
    }

    /** Prints what your loop does, as the reflector reports it. */
    private static final class Printer implements ReflectorListener {
        @Override
        public void listed(ListOptions options, String resourceVersion, int items) {
            say("LIST " + options + " -> " + items + " items at rv " + resourceVersion + "; store replaced");
        }

        @Override
        public void listFailed(ListOptions options, Throwable cause) {
            say("LIST " + options + " failed: " + cause);
        }

        @Override
        public void watchStarted(io.rvlab.ch05.cache.WatchListOptions options) {
            say("WATCH " + options);
        }

        @Override
        public void event(WatchEvent event, String lastSyncResourceVersion) {
            String key = event.type() == WatchEvent.Type.BOOKMARK ? "" : " " + ObjectKeys.of(event.object());
            say("  " + event.type() + key + " rv " + event.resourceVersion());
        }

        @Override
        public void watchEnded(String reason) {
            say("watch ended: " + reason);
        }

        @Override
        public void backoff(Duration pause, Throwable cause) {
            say("pause " + pause.toMillis() + " ms after " + cause);
        }
    }
}

package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The relist bug labs' stage, on one real etcd, the same every run: two API servers, a watch that must
 * end in 410, and a relist that lands on the replica that is behind.
 * <ol>
 *   <li>Replica A (chapter 4's server, a watch cache window of {@value #WINDOW} changes) serves the
 *       watches; replica B ({@link LaggingReplica}) serves the lists ({@link TwoReplicas}).</li>
 *   <li>Three ConfigMaps; an informer syncs; then B's cache stalls, at rv R0.</li>
 *   <li>Through A: cm-0 updated, cm-1 deleted, cm-3 created. The informer sees them: its store is now
 *       newer than B's past.</li>
 *   <li>The network to A is cut ({@link Partition}); cm-3 is updated {@value #WINDOW}+1 times, more than A's
 *       window holds; the network heals. The watch resumes from a resourceVersion A no longer has:
 *       ERROR 410, and the reflector relists, on B.</li>
 *   <li>The informer is given a while to reach etcd's state; then the {@link InformerChecker} judges.</li>
 * </ol>
 * What B answers the relist decides everything: at "0" its stalled past (time travel); at the last
 * synced resourceVersion a 504 "too large" after {@code lagWait}; at "" etcd's present.
 */
public final class ReplicaScenario {

    /** Replica A's watch cache window: the writes made during the cut exceed it. */
    public static final int WINDOW = 5;

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    /** What happened and what the checker says. */
    public record Result(InformerChecker.Report report, InformerHistory history, long stalledAt, int lists,
            List<String> timeline) {
    }

    private final Client etcd;
    private final Duration converge;
    private final List<String> timeline = new ArrayList<>();
    private Consumer<String> narrator = line -> { };

    /** @param converge how long the informer gets, after the cut heals, to reach etcd's state */
    public ReplicaScenario(Client etcd, Duration converge) {
        this.etcd = etcd;
        this.converge = converge;
    }

    /** Each step's line also goes here (a lab prints them). */
    public ReplicaScenario narrating(Consumer<String> narrator) {
        this.narrator = narrator;
        return this;
    }

    /** Quick backoff, 30 s watches, no paging surprises: client-go's numbers made test-sized. */
    public static ReflectorOptions options() {
        return ReflectorOptions.CLIENT_GO.withBackoff(ReflectorBackoff.quick()).withMinWatchTimeout(Duration.ofSeconds(30));
    }

    /** Runs the stage with a reflector of these options, its lister-watcher optionally wrapped (e.g. {@link GiveUpOn410}). */
    public Result run(ReflectorOptions options, UnaryOperator<ListerWatcher> wrap, ReflectorListener extraListener)
            throws InterruptedException {
        // tag::scenario[]
        try (WatchApiServer a = WatchApiServer.start(etcd, "127.0.0.1", 0,
                     WatchCache.Options.DEFAULT.withCapacity(WINDOW).withBookmarkFrequency(Duration.ofMillis(500)));
             LaggingReplica b = LaggingReplica.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT,
                     Duration.ofMillis(300))) {
            ApiClient api = new ApiClient(a.url());
            String namespace = "replicas-" + UUID.randomUUID().toString().substring(0, 8);
            ObjectNode ns = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
            ns.putObject("metadata").put("name", namespace);
            api.create("/api/v1/namespaces", ns);
            ConfigMapClient configMaps = new ConfigMapClient(api, namespace);
            long last = 0;
            for (int i = 0; i < 3; i++) {
                last = rv(configMaps.create(configMap("cm-" + i, "v0")));
            }
            await("replica B's cache has the three ConfigMaps", rvAtLeast(b, last));

            InformerHistory history = new InformerHistory();
            Partition toA = new Partition(new ResourceListerWatcher(RestConfig.forUrl(a.url()), configMaps.collection()));
            ListerWatcher replicas = new TwoReplicas(
                    new ResourceListerWatcher(RestConfig.forUrl(b.url()), configMaps.collection()), toA);
            try (SharedInformer informer = new SharedInformer("replicas", wrap.apply(history.recording(replicas)),
                    options, Map.of())) {
                informer.addEventHandler(history).addListener(history);
                if (extraListener != null) {
                    informer.addListener(extraListener);
                }
                informer.start();
                await("the informer has synced", () -> informer.hasSynced() && informer.indexer().list().size() == 3,
                        history);

                b.stall();
                long stalledAt = b.cachedResourceVersion();
                note("replica B's cache stalls at rv %d; lists go to B, watches to A", stalledAt);
                configMaps.patch("cm-0", "{\"data\":{\"k\":\"v1\"}}");
                configMaps.delete("cm-1");
                long newest = rv(configMaps.create(configMap("cm-3", "v0")));
                await("the informer has seen the writes through A", () -> synced(informer) >= newest, history);
                note("through A: cm-0 updated, cm-1 deleted, cm-3 created; the informer is at rv %s",
                        informer.reflector().lastSyncResourceVersion());

                toA.cut();
                await("the reflector waits at the cut", toA::holding, history);
                long lastWrite = 0;
                for (int i = 1; i <= WINDOW + 1; i++) {
                    lastWrite = rv(configMaps.patch("cm-3", "{\"data\":{\"k\":\"v" + i + "\"}}"));
                }
                // A's cache must hold every write before the reflector comes back: else it could resume
                // from the window it has so far, and no 410 would come.
                await("replica A's cache has every write", rvAtLeast(a, lastWrite));
                note("network to A cut; cm-3 updated %d times (A's window holds %d); network healed", WINDOW + 1, WINDOW);
                toA.heal();
                // end::scenario[]

                long deadline = System.nanoTime() + converge.toNanos();
                EtcdState truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix(namespace));
                while (System.nanoTime() < deadline && !converged(informer, history, truth)) {
                    Thread.sleep(50);
                }
                Thread.sleep(300); // a healthy reflector is quiet now; a looping one goes on listing
                int lists = informer.reflector().lists();
                truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix(namespace));
                InformerChecker.Report report = new InformerChecker(truth).check(history, informer.indexer().list());
                note("%d LISTs; checker: %s", lists, report);
                return new Result(report, history, stalledAt, lists, List.copyOf(timeline));
            }
        }
    }

    static boolean converged(SharedInformer informer, InformerHistory history, EtcdState truth) {
        Map<String, ObjectNode> store = new java.util.TreeMap<>();
        informer.indexer().list().forEach(o -> store.put(io.rvlab.ch05.cache.ObjectKeys.of(o), o));
        return same(store, truth.objects()) && same(history.handlerView(), truth.objects());
    }

    private static boolean same(Map<String, ObjectNode> a, Map<String, ObjectNode> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        return a.keySet().stream().allMatch(k -> InformerChecker.same(a.get(k), b.get(k)));
    }

    private static long synced(SharedInformer informer) {
        String rv = informer.reflector().lastSyncResourceVersion();
        return rv.isEmpty() ? 0 : Long.parseLong(rv);
    }

    private static BooleanSupplier rvAtLeast(WatchApiServer replica, long rv) {
        return () -> replica.cache(ResourceTypes.CONFIGMAPS).resourceVersion() >= rv;
    }

    private void await(String what, BooleanSupplier condition) throws InterruptedException {
        await(what, condition, null);
    }

    /**
     * Waits up to {@link #PATIENCE} (generous: a loaded CI machine runs this beside other JVMs); if
     * it runs out, the message carries what the informer last did, so a failure can be read.
     */
    private void await(String what, BooleanSupplier condition, InformerHistory history) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("waited " + PATIENCE.toSeconds() + " s for: " + what
                        + (history == null ? "" : "; the informer's last steps:" + history.tail(20)));
            }
            Thread.sleep(10);
        }
    }

    private void note(String format, Object... args) {
        String line = String.format(format, args);
        timeline.add(line);
        narrator.accept(line);
    }

    static ObjectNode configMap(String name, String value) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name);
        cm.putObject("data").put("k", value);
        return cm;
    }

    static long rv(ObjectNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }
}

package io.rvlab.ch05.labs;

import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.Store;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.history.EtcdState;
import io.rvlab.ch05.history.HandRolledInformer;
import io.rvlab.ch05.history.InformerChecker;
import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.ch05.history.InformerHistory;
import io.rvlab.ch05.history.ResyncAsRelist;
import io.rvlab.ch05.labs.ReflectorLog.Kind;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.LabFailure;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.EnumSet;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;

/**
 * Lab 5.9, a bug lab: resync implemented as a relist (client-java #725, fabric8 #2397 show the
 * confusion). client-go's resync re-delivers what the informer has, as updates whose old and new
 * objects are the same version, and asks the server nothing; the buggy one LISTs the whole collection
 * every period. The checker says RESYNC_LISTED; client-go's resync, on the same informer, is clean.
 */
public final class ResyncAsRelistLab implements Lab {

    static final String NS = "lab-5-9";
    static final Duration RESYNC = Duration.ofSeconds(1);
    static final Duration MIN_WATCH_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String id() {
        return "5.9";
    }

    @Override
    public String title() {
        return "Bug lab: resync is not a relist";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String collection = "/api/v1/namespaces/" + NS + "/configmaps";
        try (LabCluster cluster = new LabCluster(lab, WatchCache.Options.DEFAULT)) {
            out.step("Start the API server, start clean, and create three ConfigMaps");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);
            for (int i = 0; i < 3; i++) {
                cluster.api().create(collection, LabObjects.configMap("cm-" + i, "v0"));
            }
            cluster.awaitCaches();

            out.step("The buggy informer: ResyncAsRelist, between the reflector and its queue, answers each resync with a LIST");
            out.say("Options.withResync(" + RESYNC.toSeconds() + " s)   // the store's resync(): LIST \"\", then replace");
            InformerChecker.Report bug = run(lab, cluster, collection, ResyncAsRelist::new, true);
            out.check(bug.has(Check.RESYNC_LISTED),
                    "the checker caught RESYNC_LISTED: every resync period, a LIST of the whole collection");

            out.step("client-go's resync on the same informer: the store re-delivers what it has");
            out.say("Options.withResync(" + RESYNC.toSeconds() + " s)   // DeltaFIFO.resync(): a SYNC delta per object it knows");
            InformerChecker.Report fixed = run(lab, cluster, collection, (queue, server) -> queue, false);
            out.check(fixed.ok() && fixed.lists() == 1,
                    "every check held: one LIST in all (the first), and each resync reached the handlers as updates "
                            + "whose old and new objects have the same resourceVersion");
        }
        out.say("Exercise 5.2 (DeltaQueue) writes resync, DeltaFIFO's Store#resync. Exercise 5.4 (the reconcile,");
        out.say("StatusReconciler) is what keeps a controller's answer to those periodic updates a no-op.");
        out.conclude("resync and relist are different things: a resync re-delivers the informer's own cache to its "
                + "handlers, so a controller gets a periodic chance to reconcile, and costs the server nothing; a relist "
                + "fetches the state again, and belongs only where the watch cannot resume (a 410).");
    }

    private static InformerChecker.Report run(LabContext lab, LabCluster cluster, String collection,
            BiFunction<Store, ListerWatcher, Store> storeAround, boolean buggy) throws Exception {
        Narrator out = lab.out();
        ReflectorLog log = new ReflectorLog(MIN_WATCH_TIMEOUT);
        InformerHistory history = new InformerHistory();
        ListerWatcher lw = history.recording(log.around(new ResourceListerWatcher(cluster.config(), collection), collection));
        ReflectorOptions options = ReflectorOptions.CLIENT_GO.withMinWatchTimeout(MIN_WATCH_TIMEOUT)
                .withBackoff(ReflectorBackoff.quick()).withResync(RESYNC);
        InformerChecker.Report report;
        try (HandRolledInformer informer = new HandRolledInformer("resync", lw, options, storeAround, history,
                new io.rvlab.ch05.cache.ReflectorListener() {
                    @Override
                    public void listed(io.rvlab.ch05.cache.ListOptions o, String rv, int items) {
                        history.listed(o, rv, items);
                        log.listed(o, rv, items);
                    }

                    @Override
                    public void watchStarted(io.rvlab.ch05.cache.WatchListOptions o) {
                        history.watchStarted(o);
                        log.watchStarted(o);
                    }

                    @Override
                    public void event(io.rvlab.ch04.watch.WatchEvent e, String lastSync) {
                        history.event(e, lastSync);
                        log.event(e, lastSync);
                    }

                    @Override
                    public void watchEnded(String reason) {
                        history.watchEnded(reason);
                        log.watchEnded(reason);
                    }

                    @Override
                    public void resynced() {
                        history.resynced();
                        log.resynced();
                    }
                }).start()) {
            log.printUntil(out, "the first resync", line -> line.is(Kind.RESYNC));
            await(() -> history.count(InformerHistory.Kind.RESYNC) >= 3);
            out.say("(" + (buggy ? "and so on, every " : "again every ") + RESYNC.toSeconds() + " s; the lab waits for 3 resyncs)");
            await(() -> informer.hasSynced() && !history.handlerView().isEmpty());
            EtcdState truth = EtcdState.read(lab.client(), ResourceTypes.CONFIGMAPS.prefix(NS));
            await(() -> history.handlerView().size() == truth.objects().size());
            report = new InformerChecker(truth).check(history, informer.indexer().list());
        }
        log.discard();
        out.say("new InformerChecker(EtcdState.read(etcd, prefix)).check(history, informer.indexer().list())");
        BugLab.printViolations(out, report, EnumSet.of(Check.RESYNC_LISTED, Check.RESYNC_SILENT));
        return report;
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new LabFailure("waited 30 s");
            }
            Thread.sleep(10);
        }
    }
}

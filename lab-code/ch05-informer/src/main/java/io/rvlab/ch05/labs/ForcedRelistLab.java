package io.rvlab.ch05.labs;

import io.rvlab.ch01.Compactor;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.history.EtcdState;
import io.rvlab.ch05.history.InformerChecker;
import io.rvlab.ch05.history.InformerHistory;
import io.rvlab.ch05.labs.ReflectorLog.Kind;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Lab 5.3: a 410 forced on an informer. The API server's watch cache keeps only the last
 * {@value #WINDOW} changes; the informer's watch connection is cut while more changes than that are
 * made, and etcd is compacted. Its new WATCH gets ERROR 410 Expired; the reflector backs off and
 * relists at lastSyncResourceVersion (not at ""), the store equals the server again, and the history
 * checker finds nothing wrong. The run is drawn as the reflector's state machine
 * ({@value #DIAGRAM}).
 */
public final class ForcedRelistLab implements Lab {

    static final String NS = "lab-5-3";
    static final String DIAGRAM = "reflector-state-machine.svg";
    static final int WINDOW = 5;
    static final Duration MIN_WATCH_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String id() {
        return "5.3";
    }

    @Override
    public String title() {
        return "A forced 410: the watch cache's window is outrun, and the reflector relists";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String collection = "/api/v1/namespaces/" + NS + "/configmaps";
        String item = collection + "/settings";
        StateMachineRecorder machine = new StateMachineRecorder();
        try (LabCluster cluster = new LabCluster(lab, WatchCache.Options.DEFAULT.withCapacity(WINDOW));
             TcpRelay network = TcpRelay.to(cluster.url())) {
            out.step("Start an API server whose watch cache keeps only the last " + WINDOW + " changes; start clean");
            out.say("(kube-apiserver keeps at least 100; " + WINDOW + " is easy to outrun.) The informer reaches it through a");
            out.say("TCP relay, as in lab 5.2; the writer calls it directly.");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);
            cluster.api().create(collection, LabObjects.configMap("settings", "v0"));
            cluster.awaitCaches();

            out.step("An informer lists and watches; the history checker records what it does");
            out.say("new SharedInformer(\"configmaps\", history.recording(listerWatcher), options, indexers)");
            out.say("    .addEventHandler(history).addListener(history).start()");
            ReflectorLog log = new ReflectorLog(MIN_WATCH_TIMEOUT);
            InformerHistory history = new InformerHistory();
            ReflectorOptions options = ReflectorOptions.CLIENT_GO.withMinWatchTimeout(MIN_WATCH_TIMEOUT)
                    .withBackoff(ReflectorBackoff.quick());
            ResourceListerWatcher viaRelay = new ResourceListerWatcher(RestConfig.forUrl(network.url()), collection);
            try (SharedInformer informer = new SharedInformer("configmaps",
                    history.recording(log.around(viaRelay, collection)), options, Map.of())) {
                informer.addEventHandler(history).addListener(history).addListener(log).addListener(machine).start();
                log.printUntil(out, "the first WATCH", line -> line.is(Kind.WATCH_ANSWER));
                cluster.api().patch(item, "{\"data\":{\"k\":\"v1\"}}");
                log.printUntil(out, "the MODIFIED event", line -> line.is(Kind.EVENT));
                String lastSync = informer.reflector().lastSyncResourceVersion();

                out.step("The connection is cut; " + (WINDOW + 1) + " updates while the informer is away; etcd is compacted");
                network.cut();
                log.printUntil(out, "the end of the watch", line -> line.is(Kind.WATCH_ENDED));
                log.printUntil(out, "the next WATCH request", line -> line.is(Kind.WATCH_SENT));
                out.say("(the request waits at the relay)");
                long first = 0;
                long newest = 0;
                for (int i = 2; i < 2 + WINDOW + 1; i++) {
                    newest = LabObjects.rv(cluster.quietApi().patch(item, "{\"data\":{\"k\":\"v" + i + "\"}}"));
                    first = first == 0 ? newest : first;
                }
                out.say(CurlLine.of("PATCH", item, "application/merge-patch+json", "{\"data\":{\"k\":\"v2\"}}")
                        + "   (and so on, to v" + (1 + WINDOW + 1) + ")");
                out.show("resourceVersions %d to %d", first, newest);
                cluster.awaitConfigMaps(newest);
                out.etcdctl(Etcdctl.compact(newest));
                new Compactor(lab.client()).compact(newest);
                out.show("compacted revision %d", newest);
                out.say("The window's last " + WINDOW + " changes no longer reach back to " + lastSync
                        + ", and etcd's history now starts at " + newest + ".");

                out.step("The network is back: the WATCH from " + lastSync + " gets ERROR 410, and the reflector relists");
                network.heal();
                log.printUntil(out, "the 410", line -> line.is(Kind.WATCH_ENDED));
                log.printUntil(out, "the relist", line -> line.is(Kind.REPLACED));
                log.printUntil(out, "the WATCH after the relist", line -> line.is(Kind.WATCH_ANSWER));
                ReflectorLog.Line ended = log.all().stream().filter(line -> line.is(Kind.WATCH_ENDED)).reduce((a, b) -> b)
                        .orElseThrow();
                out.check(ended.text().contains("410 Expired: too old resource version: " + lastSync),
                        "the watch from " + lastSync + " ended with 410 Expired: too old for the window");
                ReflectorLog.Line relist = log.all().stream().filter(line -> line.is(Kind.LIST_SENT)).reduce((a, b) -> b)
                        .orElseThrow();
                out.check(relist.text().endsWith("?resourceVersion=" + lastSync + "\""),
                        "the relist asked resourceVersion=" + lastSync + ", lastSyncResourceVersion: not older than what the "
                                + "store has (not \"0\", which could go back in time; not \"\", which always costs an etcd read)");
                out.check(informer.reflector().lastSyncResourceVersion().equals(Long.toString(newest)),
                        "the list came back at " + newest + ", from the watch cache: etcd's compaction did not matter");
                out.check(ListThenWatchLab.lastWatch(log).contains("?watch=1&resourceVersion=" + newest + "&"),
                        "and the new WATCH starts from it, " + newest);
                String server = GoJsonText.objects(ListThenWatchLab.items(cluster.quietApi().get(collection)));
                out.say("store: " + GoJsonText.objects(informer.indexer().list()));
                out.check(GoJsonText.objects(informer.indexer().list()).equals(server), "the store equals a fresh list: " + server);

                out.step("One more update reaches the informer; then the history checker judges the run against etcd");
                long last = LabObjects.rv(cluster.api().patch(item, "{\"data\":{\"k\":\"v9\"}}"));
                log.printUntil(out, "the last event", line -> line.is(Kind.EVENT)
                        && line.event().type() == WatchEvent.Type.MODIFIED);
                EtcdState truth = EtcdState.read(lab.client(), ResourceTypes.CONFIGMAPS.prefix(NS));
                awaitHandlers(history, NS + "/settings", Long.toString(last));
                InformerChecker.Report report = new InformerChecker(truth).check(history, informer.indexer().list());
                out.say("new InformerChecker(EtcdState.read(etcd, prefix)).check(history, informer.indexer().list())");
                out.show("%s", report.ok() ? "every check held" : report.toString());
                out.check(report.ok(), "no time travel, the 410 answered by a relist, no list storm, and the store and the "
                        + "handlers end where etcd is (rv " + truth.revision() + ")");
            }
            log.discard();

            Path file = lab.artifacts().resolve(DIAGRAM);
            new StateMachineDiagram("The reflector's state machine, as lab 5.3 ran it",
                    "Drawn from the run of lab 5.3: the transitions the reflector took are bold and numbered in the order "
                            + "it first took them (red: the 410). Dashed ones it did not take here: the watch timeout is in "
                            + "lab 5.1, resync in lab 5.9, a LIST refused with 410 or \"too large\" in labs 5.7 and 5.8.",
                    machine.taken()).write(file);
            out.check(machine.taken().equals(java.util.List.of(StateMachineRecorder.Transition.START_LIST,
                            StateMachineRecorder.Transition.LIST_WATCH, StateMachineRecorder.Transition.WATCH_EVENT,
                            StateMachineRecorder.Transition.WATCH_CUT, StateMachineRecorder.Transition.WATCH_BACKOFF,
                            StateMachineRecorder.Transition.BACKOFF_RELIST, StateMachineRecorder.Transition.RELIST_WATCH))
                            && Files.size(file) > 0,
                    "the run drawn as " + DIAGRAM + ": LIST, WATCH, events, connection cut, 410, BACKOFF, RELIST, WATCH");
        }
        out.conclude("a 410 is ordinary control flow for a reflector: the server can no longer resume its watch, so "
                + "it lists again, at lastSyncResourceVersion (not older than what it has), replaces its store, and "
                + "watches from the new list. Nothing is lost, nothing goes back in time.");
    }

    private static void awaitHandlers(InformerHistory history, String key, String rv) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            var object = history.handlerView().get(key);
            if (object != null && rv.equals(object.path("metadata").path("resourceVersion").asText())) {
                return;
            }
            Thread.sleep(10);
        }
    }
}

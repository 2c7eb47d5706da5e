package io.rvlab.ch04.labs;

import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Lab 4.5: one hundred clients watch the same namespace through the API server, and every one
 * gets every event, while etcd holds one watch per resource: the watch cache's. Then one hundred
 * direct jetcd watches on the same prefix, for comparison: etcd then holds one hundred more.
 * The counts are etcd's own, read from its metrics.
 */
public final class HundredWatchersLab implements Lab {

    static final String NS = "lab-4-5";
    static final int WATCHERS = 100;
    static final int CHANGES = 10;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private Narrator out;

    @Override
    public String id() {
        return "4.5";
    }

    @Override
    public String title() {
        return "One hundred watchers, one etcd watch";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        out = lab.out();
        String collection = "/api/v1/namespaces/" + NS + "/configmaps";
        String prefix = Keys.collection("configmaps", NS).path();
        EtcdMetrics metrics = new EtcdMetrics(lab.etcd().endpoints());

        out.step("Count etcd's watchers before the API server starts");
        out.say("etcd serves its metrics on its client URL ($ETCD below); the gauge " + EtcdMetrics.WATCHERS);
        out.say("counts the watchers it holds.");
        OptionalLong before = watchers(metrics);
        boolean counted = before.isPresent();
        if (!counted) {
            out.say("etcd's metrics cannot be read here: the lab counts the watches it opens instead.");
        }

        try (LabServer api = new LabServer(lab, WatchCache.Options.DEFAULT)) {
            out.step("Start the API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            api.startClean(NS);
            api.createNamespaces(NS);
            int serverWatches = api.server().etcdWatches();
            OptionalLong withServer = counted ? metrics.await(EtcdMetrics.WATCHERS, before.getAsLong() + serverWatches)
                    : OptionalLong.empty();
            if (counted) {
                out.say("$ curl -s \"$ETCD/metrics\" | grep '^" + EtcdMetrics.WATCHERS + "'");
                out.show("%s %d", EtcdMetrics.WATCHERS, withServer.orElse(-1));
            }
            out.check(serverWatches == 4 && (!counted || withServer.getAsLong() - before.getAsLong() == serverWatches),
                    "the server opened " + serverWatches + " etcd watches, one per resource it serves (namespaces, "
                            + "configmaps, deployments, foos), before anyone watched");

            out.step(WATCHERS + " clients list the namespace and watch it through the API server");
            long listed = LabObjects.rv(api.api().get(collection));
            out.say(CurlLine.of("GET", collection + "?watch=1&resourceVersion=" + listed, null, null).replace("-s ", "-sN ")
                    + "   (" + WATCHERS + " times)");
            List<WatchConnection> clients = new ArrayList<>();
            try {
                for (int i = 0; i < WATCHERS; i++) {
                    clients.add(api.quietWatch(collection + "?watch=1&resourceVersion=" + listed));
                }
                out.check(clients.stream().allMatch(c -> c.status() == 200)
                                && api.configMaps().watcherCount() == WATCHERS,
                        "all " + WATCHERS + " streams are open: the ConfigMap watch cache feeds " + WATCHERS + " watchers");

                out.step("A writer makes " + CHANGES + " changes: creates cm-0 to cm-" + (CHANGES - 1));
                ApiClient quiet = api.quietApi();
                long newest = 0;
                for (int i = 0; i < CHANGES; i++) {
                    newest = LabObjects.rv(quiet.create(collection, LabObjects.configMap("cm-" + i, "v" + i)));
                }
                out.say(CurlLine.of("POST", collection, "application/json",
                        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-0\"},\"data\":{\"k\":\"v0\"}}")
                        + "   (and so on, to cm-" + (CHANGES - 1) + ")");
                out.show("resourceVersions %d to %d", listed + 1, newest);

                out.step("Every client reads its stream");
                List<String> expected = new ArrayList<>();
                for (int i = 0; i < CHANGES; i++) {
                    expected.add("ADDED cm-" + i + "@" + (listed + 1 + i));
                }
                int whole = 0;
                int delivered = 0;
                List<String> firstClient = null;
                for (WatchConnection client : clients) {
                    List<String> got = client.next(CHANGES, WAIT).stream().map(StreamEvent::parse)
                            .map(e -> e.type() + " " + e.name() + "@" + e.resourceVersion()).toList();
                    firstClient = firstClient == null ? got : firstClient;
                    delivered += got.size();
                    whole += got.equals(expected) ? 1 : 0;
                }
                out.show("client 1 of %d: %s", WATCHERS, firstClient);
                out.check(whole == WATCHERS, "each of the " + WATCHERS + " clients got all " + CHANGES
                        + " events, in order: " + delivered + " events delivered");
                OptionalLong withClients = counted ? watchers(metrics) : OptionalLong.empty();
                out.check(api.server().etcdWatches() == serverWatches
                                && (!counted || withClients.getAsLong() == withServer.getAsLong()),
                        "etcd still holds the server's " + serverWatches + " watches, not one more: the ConfigMap "
                                + "cache read each change from etcd once and handed it to " + WATCHERS + " watchers");
            } finally {
                clients.forEach(WatchConnection::close);
            }

            out.step("For comparison: " + WATCHERS + " watches straight on etcd, on the same prefix, with jetcd");
            out.etcdctl(Etcdctl.watchPrefix(prefix, listed + 1) + "   (" + WATCHERS + " times)");
            OptionalLong base = counted ? watchers(metrics) : OptionalLong.empty();
            List<EtcdWatchRecorder> direct = new ArrayList<>();
            try {
                for (int i = 0; i < WATCHERS; i++) {
                    direct.add(new EtcdWatchRecorder(lab.client(), prefix, listed + 1));
                }
                int whole = 0;
                for (EtcdWatchRecorder watch : direct) {
                    whole += watch.await(CHANGES).size() == CHANGES ? 1 : 0;
                }
                out.check(whole == WATCHERS, "each direct watch replayed the " + CHANGES + " changes");
                if (counted) {
                    OptionalLong withDirect = metrics.await(EtcdMetrics.WATCHERS, base.getAsLong() + WATCHERS);
                    out.say("$ curl -s \"$ETCD/metrics\" | grep '^" + EtcdMetrics.WATCHERS + "'");
                    out.show("%s %d", EtcdMetrics.WATCHERS, withDirect.orElse(-1));
                    out.check(withDirect.getAsLong() - base.getAsLong() == WATCHERS,
                            "etcd now holds " + WATCHERS + " more watchers, one per client, each sent its own copy of "
                                    + "every event");
                } else {
                    out.check(direct.size() == WATCHERS, "this program opened " + WATCHERS + " etcd watches, one per client");
                }
            } finally {
                direct.forEach(EtcdWatchRecorder::close);
            }
            if (counted) {
                OptionalLong after = metrics.await(EtcdMetrics.WATCHERS, base.getAsLong());
                out.check(after.getAsLong() == base.getAsLong(), "closed again, etcd is back to "
                        + "the server's watches alone");
            }
        }
        out.conclude("the watch cache turns any number of watchers into one etcd watch per resource: etcd matches "
                + "each write against one watcher and sends it once, and the API server copies it to every client whose "
                + "namespace and selectors match. Watching etcd directly, every client costs etcd a watcher of its own, "
                + "and etcd sends each of them its own copy of every event: the fan-out moved from etcd into the API server.");
    }

    private OptionalLong watchers(EtcdMetrics metrics) {
        out.say("$ curl -s \"$ETCD/metrics\" | grep '^" + EtcdMetrics.WATCHERS + "'");
        OptionalLong value = metrics.read(EtcdMetrics.WATCHERS);
        value.ifPresent(v -> out.show("%s %d", EtcdMetrics.WATCHERS, v));
        return value;
    }
}

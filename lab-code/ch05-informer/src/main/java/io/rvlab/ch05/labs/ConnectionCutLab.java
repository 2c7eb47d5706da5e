package io.rvlab.ch05.labs;

import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.Reflector;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ReflectorBackoff;
import io.rvlab.ch05.cache.ThreadSafeIndexer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.labs.ReflectorLog.Kind;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.Map;

/**
 * Lab 5.2: the network under a reflector's watch fails (a TCP relay resets the connection and holds
 * new ones). Writes go on meanwhile. When the network is back, the reflector's new WATCH, from
 * lastSyncResourceVersion, delivers exactly the changes it missed: no LIST, nothing lost.
 */
public final class ConnectionCutLab implements Lab {

    static final String NS = "lab-5-2";
    static final Duration MIN_WATCH_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String id() {
        return "5.2";
    }

    @Override
    public String title() {
        return "The watch connection is cut: the reflector resumes without a relist";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String collection = "/api/v1/namespaces/" + NS + "/configmaps";
        try (LabCluster cluster = new LabCluster(lab, WatchCache.Options.DEFAULT);
             TcpRelay network = TcpRelay.to(cluster.url())) {
            out.step("Start the API server, start clean, and put a TCP relay (the network) between it and the reflector");
            out.say("The writer below calls the server directly; only the reflector goes through the relay.");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);
            cluster.api().create(collection, LabObjects.configMap("a", "a1"));
            cluster.awaitCaches();

            out.step("The reflector lists and watches (through the relay)");
            ReflectorLog log = new ReflectorLog(MIN_WATCH_TIMEOUT);
            ThreadSafeIndexer store = new ThreadSafeIndexer(Map.of());
            ReflectorOptions options = ReflectorOptions.CLIENT_GO.withMinWatchTimeout(MIN_WATCH_TIMEOUT)
                    .withBackoff(ReflectorBackoff.quick());
            ResourceListerWatcher viaRelay = new ResourceListerWatcher(RestConfig.forUrl(network.url()), collection);
            try (Reflector reflector = new Reflector("configmaps", log.around(viaRelay, collection), store, options, log)) {
                reflector.start();
                log.printUntil(out, "the first WATCH", line -> line.is(Kind.WATCH_ANSWER));
                cluster.api().patch(collection + "/a", "{\"data\":{\"k\":\"a2\"}}");
                log.printUntil(out, "the MODIFIED event", line -> line.is(Kind.EVENT));
                String before = reflector.lastSyncResourceVersion();
                out.check(store.getByKey(NS + "/a").map(o -> LabObjects.data(o).get("k").equals("a2")).orElse(false),
                        "the store has a=a2; lastSyncResourceVersion is " + before);

                out.step("The network fails: the relay resets the watch connection and holds new connections");
                network.cut();
                log.printUntil(out, "the end of the watch", line -> line.is(Kind.WATCH_ENDED));
                log.printUntil(out, "the next WATCH request", line -> line.is(Kind.WATCH_SENT));
                out.say("(the request waits at the relay: the network is still down)");

                out.step("Meanwhile, writes go on: update a, create b, delete a");
                cluster.api().patch(collection + "/a", "{\"data\":{\"k\":\"a3\"}}");
                cluster.api().create(collection, LabObjects.configMap("b", "b1"));
                cluster.api().delete(collection + "/a");
                long last = cluster.etcdRevision();
                cluster.awaitConfigMaps(last);

                out.step("The network is back: the held WATCH reaches the server, from lastSyncResourceVersion " + before);
                network.heal();
                log.printUntil(out, "the last missed event", line -> line.is(Kind.EVENT)
                        && line.event().type() == WatchEvent.Type.DELETED);
                out.check(ListThenWatchLab.lastWatch(log).contains("?watch=1&resourceVersion=" + before + "&"),
                        "the new WATCH asked for the changes after " + before + ", the last one the reflector had");
                out.check(log.all().stream().filter(line -> line.is(Kind.EVENT)).count() == 4,
                        "it got the three changes made while it was cut off, in order: MODIFIED a, ADDED b, DELETED a");
                String server = GoJsonText.objects(ListThenWatchLab.items(cluster.quietApi().get(collection)));
                out.say("store: " + GoJsonText.objects(store.list()));
                out.check(GoJsonText.objects(store.list()).equals(server), "the store equals a fresh list: " + server);
                out.check(reflector.lists() == 1 && reflector.lastSyncResourceVersion().equals(Long.toString(last)),
                        "one LIST in all (no relist), and lastSyncResourceVersion is " + last + ", etcd's revision");
            }
            log.discard();
        }
        out.conclude("a dropped watch costs a reflector nothing but a new WATCH from lastSyncResourceVersion: the watch "
                + "cache still holds the changes after it and sends them, so nothing is missed and nothing is listed again.");
    }
}

package io.rvlab.ch04.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Lab 4.1: one ConfigMap is created, updated twice and deleted through the API server, while two
 * watchers follow the namespace: a plain jetcd watch on the etcd prefix, and a {@code ?watch=1}
 * stream from the API server. Printed side by side, the two show how etcd's PUT and DELETE
 * become Kubernetes' ADDED, MODIFIED and DELETED, and where each resourceVersion comes from.
 */
public final class WatchSideBySideLab implements Lab {

    static final String NS = "lab-4-1";
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Override
    public String id() {
        return "4.1";
    }

    @Override
    public String title() {
        return "Watching a prefix in etcd and through the API server, side by side";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String prefix = Keys.collection("configmaps", NS).path();
        try (LabServer api = new LabServer(lab, WatchCache.Options.DEFAULT)) {
            out.step("Start the API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            api.startClean(NS);
            api.createNamespaces(NS);

            out.step("Watch the namespace's ConfigMaps twice: in etcd, and through the API server");
            long start = api.etcdRevision();
            out.say("Kubernetes' \"watch from resourceVersion " + start + "\" means every change after " + start
                    + "; etcd's start revision is inclusive, so the etcd watch starts at " + (start + 1) + ".");
            out.etcdctl(Etcdctl.watchPrefix(prefix, start + 1) + " --prev-kv -w json");
            out.jetcd("client.getWatchClient().watch(bytes(\"" + prefix + "\"), WatchOption.builder().isPrefix(true)"
                    + ".withRevision(" + (start + 1) + ").withPrevKV(true).build(), listener)");
            try (EtcdWatchRecorder etcd = new EtcdWatchRecorder(lab.client(), prefix, start + 1);
                 WatchConnection stream = api.watch("/api/v1/namespaces/" + NS + "/configmaps?watch=1&resourceVersion="
                         + start)) {
                out.show("%d, Content-Type: %s, chunked: one JSON event per line, as long as the watch lasts",
                        stream.status(), stream.contentType());

                out.step("Create demo, update it twice, delete it, through the API server");
                String path = "/api/v1/namespaces/" + NS + "/configmaps/demo";
                ObjectNode created = api.api().create("/api/v1/namespaces/" + NS + "/configmaps",
                        LabObjects.configMap("demo", "v1"));
                ObjectNode v2 = api.api().patch(path, "{\"data\":{\"k\":\"v2\"}}");
                ObjectNode v3 = api.api().patch(path, "{\"data\":{\"k\":\"v3\"}}");
                api.api().delete(path);
                out.say("(A DELETE answers with a Success Status, as kube-apiserver does for ConfigMaps: no resourceVersion.)");

                out.step("What etcd sent: four events, PUT or DELETE, with the key's revisions and prev_kv");
                List<EtcdWatchRecorder.Event> raw = etcd.await(4);
                raw.forEach(event -> out.show("%s", event.describe()));
                long[] rvs = {LabObjects.rv(created), LabObjects.rv(v2), LabObjects.rv(v3),
                        raw.size() == 4 ? raw.get(3).modRevision() : -1};
                out.check(raw.size() == 4 && raw.stream().map(EtcdWatchRecorder.Event::type).toList()
                                .equals(List.of("PUT", "PUT", "PUT", "DELETE")),
                        "etcd knows only two kinds of event: three PUTs, then a DELETE");
                EtcdWatchRecorder.Event delete = raw.get(3);
                out.check(delete.createRevision() == 0 && delete.version() == 0 && delete.modRevision() == rvs[3],
                        "the DELETE's key-value is a tombstone: create_revision 0, version 0, only its mod_revision "
                                + rvs[3] + " (the delete's revision)");

                out.step("What the API server streamed: the raw lines (uid and creationTimestamp shown as ...)");
                List<StreamEvent> events = stream.next(4, WAIT).stream().map(StreamEvent::parse).toList();
                events.forEach(event -> out.show("%s", event.redacted()));

                out.step("The mapping, event by event");
                for (int i = 0; i < events.size() && i < raw.size(); i++) {
                    out.show("%-44s ->  %s", raw.get(i).type() + " create_revision=" + raw.get(i).createRevision()
                            + " mod_revision=" + raw.get(i).modRevision(), events.get(i).summary());
                }
                out.check(events.size() == 4, "four events in the stream for the four writes, in the same order");
                EtcdWatchRecorder.Event put = raw.get(0);
                out.check(put.createRevision() == put.modRevision() && put.version() == 1 && put.prev() == null
                                && events.get(0).type().equals("ADDED"),
                        "a PUT whose create_revision equals its mod_revision (version 1, no prev_kv) is a creation: ADDED");
                out.check(raw.get(1).createRevision() < raw.get(1).modRevision() && raw.get(2).version() == 3
                                && events.get(1).type().equals("MODIFIED") && events.get(2).type().equals("MODIFIED"),
                        "a PUT of a key created earlier (create_revision " + put.createRevision()
                                + " < mod_revision) is an update: MODIFIED");
                boolean sameRvs = true;
                for (int i = 0; i < 4; i++) {
                    sameRvs &= events.get(i).resourceVersion() == raw.get(i).modRevision()
                            && events.get(i).resourceVersion() == rvs[i];
                }
                out.check(sameRvs, "each event's resourceVersion is its etcd event's mod_revision: "
                        + rvs[0] + ", " + rvs[1] + ", " + rvs[2] + ", " + rvs[3]);
                StreamEvent gone = events.get(3);
                out.check(gone.type().equals("DELETED") && gone.data().equals(Map.of("k", "v3"))
                                && delete.prev() != null && delete.prev().data().equals(Map.of("k", "v3")),
                        "the DELETE became DELETED carrying prev_kv's object, the last state (k=v3)");
                out.check(gone.resourceVersion() == rvs[3] && delete.prev().modRevision() == rvs[2],
                        "...with resourceVersion " + rvs[3] + ", the delete's revision, not prev_kv's mod_revision "
                                + rvs[2] + ": a client resuming after it will not see the delete again");
                out.check(events.stream().allMatch(e -> e.line().startsWith("{\"type\":\"" + e.type()
                                + "\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":")),
                        "each line is {\"type\":...,\"object\":...}, the object with its own kind and apiVersion");
            }
        }
        out.conclude("etcd has only PUT and DELETE; the API server tells a creation from an update by the key's "
                + "revisions (create_revision = mod_revision), decodes the value into an object, and stamps each event "
                + "with its mod_revision as resourceVersion. A DELETED event needs prev_kv: the tombstone carries no "
                + "value, so the object is the last state before the delete, with the delete's own revision.");
    }
}

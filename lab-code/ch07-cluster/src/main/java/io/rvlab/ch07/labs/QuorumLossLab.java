package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch07.controlplane.ControlPlane;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.lab.ClusterLab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Lab 7.4: two of three etcd members stopped, so no quorum. Writes and consistent reads through
 * the API server fail in bounded time with a Status; a read at resourceVersion "0" is served from the
 * watch cache while the cache re-watches (30 s, as kube-apiserver's cacher), then refused with 429
 * while it waits to relist; when the members return, the same server recovers without a restart and
 * a watch opened before the outage either resumes with no gap or ends.
 */
public final class QuorumLossLab implements ClusterLab {

    static final String DIAGRAM = "quorum-loss.svg";

    static final Duration DEADLINE = Duration.ofSeconds(40);

    /** A dead connection found by jetcd's keepalive (30 s + 10 s), then the cache's 30 s of re-watching, with room to spare. */
    static final Duration GIVE_UP_BOUND = Duration.ofSeconds(120);
    static final String PREFIX = "/registry/configmaps/default/";

    @Override
    public String id() {
        return "7.4";
    }

    @Override
    public String title() {
        return "Quorum lost";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        List<Timeline.Mark> marks = new ArrayList<>();
        List<Timeline.Band> bands = new ArrayList<>();
        out.step("Start three etcd members and one API server; create ConfigMap before; open a watch from its resourceVersion");
        try (EtcdCluster cluster = EtcdCluster.start(3);
                ControlPlane plane = ControlPlane.over(cluster, 1, LabClusters.SERVER)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(30));
            LabRequests.Answer before = record(marks, "create before", LabRequests.send(plane.url(), "POST",
                    LabRequests.CONFIGMAPS, LabRequests.configMap("before", "1"), DEADLINE));
            String startRv = before.resourceVersion();
            out.show("POST before -> %d, resourceVersion %s", before.code(), startRv);
            try (WatchStream watch = WatchStream.open(plane.url(), LabRequests.CONFIGMAPS, startRv)) {
                LeaderLossLab.sleep(500);

                out.step("Stop two of the three members: one member alone is no quorum");
                int kept = leader;
                for (int m = 0; m < 3; m++) {
                    if (m != kept) {
                        cluster.killMember(m);
                    }
                }
                long outageBegan = System.nanoTime();
                bands.add(new Timeline.Band(0, marks.size(), "quorum", "#dcfce7"));
                int outageStart = marks.size();
                out.say("two members killed; the API server's etcd client still knows all three addresses");

                out.step("Read at resourceVersion \"0\" (Any) at once: the watch cache answers");
                LabRequests.Answer early = record(marks, "list rv=0", LabRequests.send(plane.url(), "GET",
                        LabRequests.CONFIGMAPS + "?resourceVersion=0", null, DEADLINE));
                out.show("GET ...configmaps?resourceVersion=0 -> %d, took %s", early.code(), early.took());
                out.show("  %s", early.ok() ? "items: " + names(early) : early.status());
                out.check(early.ok() && names(early).equals(List.of("before")),
                        "resourceVersion \"0\" is answered from the watch cache, without etcd: the state before the outage");

                out.step("Write through the API server");
                LabRequests.Answer write = record(marks, "create during", LabRequests.send(plane.url(), "POST",
                        LabRequests.CONFIGMAPS, LabRequests.configMap("during", "1"), DEADLINE));
                out.show("POST during -> %s (took %s)", write.status(), write.took());
                out.check(write.code() >= 500, "a write without quorum fails with a 5xx Status, in bounded time,"
                        + " before the client's " + DEADLINE.toSeconds() + " s deadline: it did not hang");

                out.step("Read at resourceVersion \"\" (Most Recent): a quorum read from etcd");
                LabRequests.Answer consistent = record(marks, "list rv=\"\"", LabRequests.send(plane.url(), "GET",
                        LabRequests.CONFIGMAPS, null, DEADLINE));
                out.show("GET ...configmaps -> %s (took %s)", consistent.status(), consistent.took());
                out.check(consistent.code() >= 500,
                        "a consistent list (resourceVersion \"\") fails in bounded time with a 5xx Status");

                out.step("Read at resourceVersion \"0\" again, once a second, until the cache gives up");
                out.say("the cache's etcd watch breaks when its member dies (at once, or when a keepalive finds the connection");
                out.say("dead: up to 40 s) or when the member left has no leader; then it re-watches for 30 s");
                LabRequests.Answer late;
                do {
                    late = LabRequests.send(plane.url(), "GET", LabRequests.CONFIGMAPS + "?resourceVersion=0", null, DEADLINE);
                    if (late.code() != 429) {
                        LeaderLossLab.sleep(1000);
                    }
                } while (late.code() != 429 && System.nanoTime() - outageBegan < GIVE_UP_BOUND.toNanos());
                record(marks, "list rv=0, later", late);
                out.show("GET ...configmaps?resourceVersion=0 -> %s (took %s; about %d s into the outage)", late.status(),
                        late.took(), Duration.ofNanos(System.nanoTime() - outageBegan).toSeconds());
                out.check(late.code() == 429 && late.status().contains("storage is (re)initializing"),
                        "within " + GIVE_UP_BOUND.toSeconds() + " s of the outage the cache gave up re-watching, ended its watchers"
                        + " and relists; until a relist succeeds it answers 429 at once, and never a state it no longer follows");
                out.show("the watch opened before the outage has seen %d event(s) and %s", watch.events().size(),
                        watch.ended() ? "has ended" : "is still open");

                out.step("Start the two members again; the same API server, not restarted, writes again");
                for (int m = 0; m < 3; m++) {
                    if (m != kept) {
                        cluster.startMember(m);
                    }
                }
                cluster.awaitLeader(Duration.ofSeconds(30));
                bands.add(new Timeline.Band(outageStart, marks.size(), "no quorum", "#fecaca"));
                int recovered = marks.size();
                LabRequests.Answer after = null;
                for (int attempt = 1; attempt <= 10; attempt++) {
                    after = record(marks, "create after", LabRequests.send(plane.url(), "POST", LabRequests.CONFIGMAPS,
                            LabRequests.configMap("after", "1"), DEADLINE));
                    if (after.ok() || after.code() == 409) {
                        break;
                    }
                    LeaderLossLab.sleep(500);
                }
                out.show("POST after -> %d", after.code());
                out.check(after.ok() || after.code() == 409, "writes succeed again once the members are back, without restarting the server");
                LabClusters.awaitCacheList(plane.url(), LabRequests.CONFIGMAPS, after.ok() ? Long.parseLong(after.resourceVersion()) : 0);
                LabRequests.Answer cachedAgain = record(marks, "list rv=0, after", LabRequests.send(plane.url(), "GET",
                        LabRequests.CONFIGMAPS + "?resourceVersion=0", null, DEADLINE));
                out.show("GET ...configmaps?resourceVersion=0 -> %d, items: %s", cachedAgain.code(), names(cachedAgain));
                out.check(cachedAgain.ok() && names(cachedAgain).contains("after"),
                        "the cache relisted and watches again: resourceVersion \"0\" answers, with the new object");
                bands.add(new Timeline.Band(recovered, marks.size(), "quorum again", "#dcfce7"));

                out.step("What the watch opened before the outage saw, against etcd's own history");
                List<KeyValue> history = cluster.clientOf(kept).getKVClient().get(LeaderLossLab.bytes(PREFIX),
                        GetOption.builder().isPrefix(true).build()).get(10, TimeUnit.SECONDS).getKvs().stream()
                        .filter(kv -> kv.getModRevision() > Long.parseLong(startRv))
                        .sorted(Comparator.comparingLong(KeyValue::getModRevision)).toList();
                List<Long> expected = history.stream().map(KeyValue::getModRevision).toList();
                List<Long> seen = new ArrayList<>();
                JsonNode error = null;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (System.nanoTime() < deadline) {
                    seen.clear();
                    error = null;
                    for (JsonNode event : watch.events()) {
                        if ("ERROR".equals(event.path("type").asText())) {
                            error = event.path("object");
                        } else {
                            seen.add(Long.parseLong(event.path("object").path("metadata").path("resourceVersion").asText()));
                        }
                    }
                    if (seen.equals(expected) || error != null || watch.ended()) {
                        break;
                    }
                    LeaderLossLab.sleep(200);
                }
                out.show("etcd's history after before: revisions %s; the watch delivered %s%s", expected, seen,
                        error != null ? ", then ERROR " + error.path("code").asInt() + " " + error.path("reason").asText()
                                : watch.ended() ? ", then its stream ended" : "");
                boolean resumed = seen.equals(expected);
                boolean prefix = seen.size() <= expected.size() && expected.subList(0, seen.size()).equals(seen);
                out.check(prefix, "what the watch delivered is the start of etcd's history: in order, no gap, no duplicate");
                out.check(resumed || error != null || watch.ended(),
                        "the watch either went on with every revision etcd has, or ended, so its client re-watches or relists");
                out.say(resumed ? "here the watch went on across the outage"
                        : "here the watch ended" + (error != null ? " with a Status" : " without a Status: the client re-watches"
                        + " from the last resourceVersion it saw, or relists on 410"));
            }
            Files.writeString(lab.artifacts().resolve(DIAGRAM), Timeline.svg(
                    "Lab 7.4: requests before, during and after a quorum loss", bands, marks,
                    "During the outage writes and consistent reads fail with a Status in bounded time; the cached read answers until the cache gives up."),
                    StandardCharsets.UTF_8);
            out.say("diagram: " + DIAGRAM);
        }
        out.conclude("without quorum the API server refuses writes and consistent reads with a Status in bounded time"
                + " (its own 30 s bound on etcd calls); it answers resourceVersion \"0\" from its watch cache while the"
                + " cache re-watches, 30 s at most, then 429 until the cache can relist; and it recovers on its own when"
                + " quorum returns.");
    }

    private static LabRequests.Answer record(List<Timeline.Mark> marks, String what, LabRequests.Answer answer) {
        marks.add(new Timeline.Mark(answer.ok(), what + ": " + answer.status()));
        return answer;
    }

    private static List<String> names(LabRequests.Answer list) {
        List<String> names = new ArrayList<>();
        list.body().path("items").forEach(item -> names.add(item.path("metadata").path("name").asText()));
        return names;
    }
}

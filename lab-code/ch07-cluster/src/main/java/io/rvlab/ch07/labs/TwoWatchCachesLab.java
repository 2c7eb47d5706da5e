package io.rvlab.ch07.labs;

import static io.rvlab.ch07.labs.LabRequests.CONFIGMAPS;
import static io.rvlab.ch07.labs.WatchListRead.cachedList;
import static io.rvlab.ch07.labs.LabRequests.configMap;

import io.etcd.jetcd.ByteSequence;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch07.controlplane.ApiServerReplica;
import io.rvlab.ch07.labs.LabRequests.Answer;
import io.rvlab.ch07.labs.WatchListRead.CachedList;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import java.util.concurrent.TimeUnit;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.lab.ClusterLab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Lab 7.3: two API server replicas, two watch caches, one revision sequence. The same
 * resourceVersion is the same state on both; but each cache is at its own point of the sequence,
 * so a client that moves between replicas and lists at "0" can see time go backwards (chapter 5's
 * kubernetes #83520, here on real members); a list at "not older than what I saw" cannot. Then a
 * consistent read from the cache, as 1.31's ConsistentListFromCache serves it.
 */
public final class TwoWatchCachesLab implements ClusterLab {

    public static final String DIAGRAM = "two-watch-caches.svg";

    @Override
    public String id() {
        return "7.3";
    }

    @Override
    public String title() {
        return "Two replicas, two watch caches";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        TwoCachesDiagram diagram = new TwoCachesDiagram();
        try (EtcdCluster cluster = EtcdCluster.start(3)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(30));
            int lagging = (leader + 1) % cluster.size();
            out.step("Three etcd members; replica-1's etcd client talks to the leader, replica-2's to a follower only");
            out.say("(kube-apiserver's --etcd-servers lists every member; one member per replica lets the lab stall one cache)");
            try (ApiServerReplica one = ApiServerReplica.start("replica-1", cluster.clientOf(leader), LabClusters.SERVER);
                    ApiServerReplica two = ApiServerReplica.start("replica-2", cluster.clientOf(lagging), LabClusters.SERVER)) {
                WatchCache cache1 = ((WatchApiServer) one.server()).cache(ResourceTypes.CONFIGMAPS);
                WatchCache cache2 = ((WatchApiServer) two.server()).cache(ResourceTypes.CONFIGMAPS);

                out.step("Write through replica-1, read the same resourceVersion on both replicas");
                Answer created = LabRequests.send(one.url(), "POST", CONFIGMAPS, configMap("clock", "1"), LabRequests.DEADLINE);
                String rv1 = created.resourceVersion();
                out.show("POST configmaps/clock data.v=1 -> %d, resourceVersion %s", created.code(), rv1);
                String exact = CONFIGMAPS + "?resourceVersion=" + rv1 + "&resourceVersionMatch=NotOlderThan";
                Answer list1 = LabRequests.send(one.url(), "GET", exact, null, LabRequests.DEADLINE);
                Answer list2 = LabRequests.send(two.url(), "GET", exact, null, LabRequests.DEADLINE);
                Answer get1 = LabRequests.send(one.url(), "GET", CONFIGMAPS + "/clock", null, LabRequests.DEADLINE);
                Answer get2 = LabRequests.send(two.url(), "GET", CONFIGMAPS + "/clock", null, LabRequests.DEADLINE);
                out.show("GET configmaps/clock on replica-1: resourceVersion %s, data.v=%s", get1.resourceVersion(), get1.value());
                out.show("GET configmaps/clock on replica-2: resourceVersion %s, data.v=%s", get2.resourceVersion(), get2.value());
                out.check(get1.body().equals(get2.body()) && list1.body().path("items").equals(list2.body().path("items")),
                        "both replicas answer the same object for the same resourceVersion: one etcd, one revision sequence");
                diagram.sample("created", cache1.resourceVersion(), cache2.resourceVersion());

                out.step("Freeze replica-2's etcd member: its watch stream stops, replica-1's goes on");
                cluster.freezeMember(lagging);
                String newest = rv1;
                for (int v = 2; v <= 4; v++) {
                    Answer update = LabRequests.send(one.url(), "PUT", CONFIGMAPS + "/clock", configMap("clock", String.valueOf(v)), LabRequests.DEADLINE);
                    newest = update.resourceVersion();
                    out.show("PUT configmaps/clock data.v=%d through replica-1 -> %d, resourceVersion %s", v,
                            update.code(), newest);
                }
                awaitFresh(cache1, Long.parseLong(newest));
                diagram.sample("member frozen", cache1.resourceVersion(), cache2.resourceVersion());
                out.show("replica-1's cache is at %d, replica-2's at %d", cache1.resourceVersion(), cache2.resourceVersion());

                // tag::time-travel[]
                out.step("A client moves between replicas and reads from each cache at resourceVersion \"0\" (\"any state\")");
                out.say("Each read is chapter 5's watch-list (sendInitialEvents=true), which this server answers from its watch");
                out.say("cache at every resourceVersion, as kube-apiserver 1.26's cacher answered a LIST at \"0\" or at N.");
                CachedList at0on1 = cachedList(one.url(), "0");
                diagram.read("read at \"0\" on replica-1", at0on1.revision(), true);
                CachedList at0on2 = cachedList(two.url(), "0");
                diagram.read("read at \"0\" on replica-2", at0on2.revision(), false);
                out.show("replica-1: state at resourceVersion %s, data.v=%s", at0on1.resourceVersion(), at0on1.value());
                out.show("replica-2: state at resourceVersion %s, data.v=%s", at0on2.resourceVersion(), at0on2.value());
                out.check(at0on2.revision() < at0on1.revision() && at0on2.value().equals("1") && at0on1.value().equals("4"),
                        "the second read is older than the first: the client saw time go backwards (chapter 5's time travel)");

                out.step("Chapter 5's fix: read at the resourceVersion last seen, resourceVersionMatch=NotOlderThan");
                CachedList waited = cachedList(two.url(), at0on1.resourceVersion());
                out.show("replica-2: ERROR %d %s", waited.error().path("code").asInt(), waited.error().path("message").asText());
                out.check(waited.error().path("code").asInt() == 504
                                && waited.error().path("message").asText().contains("Too large resource version"),
                        "the lagging replica waited, then answered 504 \"Too large resource version\", never older data");
                // end::time-travel[]

                out.step("Thaw the member: replica-2's watch resumes and its cache catches up");
                cluster.thawMember(lagging);
                awaitFresh(cache2, at0on1.revision());
                CachedList caughtUp = cachedList(two.url(), at0on1.resourceVersion());
                diagram.sample("member thawed", cache1.resourceVersion(), cache2.resourceVersion());
                diagram.read("not older than 4 on replica-2", caughtUp.revision(), true);
                out.show("replica-2: state at resourceVersion %s, data.v=%s", caughtUp.resourceVersion(), caughtUp.value());
                out.check(caughtUp.error() == null && caughtUp.value().equals("4"),
                        "the same read on replica-2 now answers the newest state: its cache caught up");

                out.step("A consistent read from the cache (kube-apiserver 1.31+, ConsistentListFromCache, KEP-2340)");
                out.say("A write to a key no cache watches moves etcd's revision on; the configmaps cache sees no event for it.");
                try (var leaderClient = cluster.clientOf(leader)) {
                    leaderClient.getKVClient().put(ByteSequence.from("/rvlab/unwatched", StandardCharsets.UTF_8),
                            ByteSequence.from("x", StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
                }
                long current = currentRevision(one.etcd());
                out.show("etcd's current revision (a quorum read's header): %d; replica-2's configmaps cache: %d", current,
                        cache2.resourceVersion());
                out.say("resourceVersion \"\": the server reads etcd's current revision with a quorum read, waits until its");
                out.say("cache has reached it (an idle cache moves on through etcd's progress notifications), then serves the cache.");
                CachedList consistent = cachedList(two.url(), "");
                diagram.sample("idle cache", cache1.resourceVersion(), cache2.resourceVersion());
                diagram.read("consistent read on replica-2", consistent.revision(), true);
                out.show("replica-2, served from its cache: state at resourceVersion %s, data.v=%s",
                        consistent.resourceVersion(), consistent.value());
                out.check(consistent.error() == null && consistent.revision() >= current && consistent.value().equals("4"),
                        "served from the cache, the read is as new as a quorum read of etcd: a consistent read without a range read");
                out.say("In 1.26 a LIST at resourceVersion \"\" went to etcd (a range read of every object); 1.31+ serves it");
                out.say("from the cache this way, and falls back to etcd if the cache does not catch up in time.");
            }
        }
        diagram.write(lab.artifacts().resolve(DIAGRAM));
        out.conclude("two replicas share one revision sequence but not one point in it: a resourceVersion names the same "
                + "state everywhere, \"0\" names whatever a replica has, and \"not older than\" keeps a moving client from "
                + "going back in time.");
    }

    /** etcd's current revision: the header of a quorum (linearizable) read of one key, count only. */
    static long currentRevision(Client etcd) throws Exception {
        return etcd.getKVClient().get(ByteSequence.from("/registry/", StandardCharsets.UTF_8),
                GetOption.builder().withCountOnly(true).build()).get(10, TimeUnit.SECONDS).getHeader().getRevision();
    }

    /** Waits (up to 30 s) for {@code cache} to have processed {@code revision}. */
    static void awaitFresh(WatchCache cache, long revision) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (cache.resourceVersion() < revision && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}

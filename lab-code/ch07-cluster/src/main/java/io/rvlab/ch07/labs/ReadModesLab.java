package io.rvlab.ch07.labs;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch07.controlplane.ApiServerReplica;
import io.rvlab.ch07.labs.LabRequests.Answer;
import io.rvlab.ch07.labs.OutcomeGrid.Outcome;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.lab.ClusterLab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Lab 7.2: a follower cut off from the other members. Read from it directly, a serializable read
 * answers from the old revision and a linearizable one cannot complete; read through an API server
 * replica that talks only to it (kubeadm's stacked control plane gives each kube-apiserver its local
 * member only), resourceVersion "0" is answered from the replica's watch cache, stale, while "" and
 * "N" need etcd's confirmation and fail. Healed, everything converges on one revision.
 */
public final class ReadModesLab implements ClusterLab {

    static final String DIAGRAM = "read-modes.svg";
    private static final String NS = "default";
    private static final String COLLECTION = "/api/v1/namespaces/" + NS + "/configmaps";
    private static final String KEY = "/registry/configmaps/" + NS + "/a";
    private static final Duration LINEARIZABLE_WAIT = Duration.ofSeconds(10);

    @Override
    public String id() {
        return "7.2";
    }

    @Override
    public String title() {
        return "Linearizable and serializable reads: a member cut off from the others";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        OutcomeGrid grid = new OutcomeGrid("Lab 7.2: who can answer a read while a member is cut off",
                "replica-1 talks only to the cut member; the same reads before the cut, during it, and healed",
                List.of("before the cut", "cut off", "healed"));
        out.step("Three etcd members; replica-1 talks only to a follower, replica-2 only to the leader");
        try (EtcdCluster cluster = LabClusters.start(out, 3)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(30));
            int cut = (leader + 1) % cluster.size();
            out.say("In kubeadm's stacked control plane each kube-apiserver's --etcd-servers names only the etcd member on");
            out.say("its own machine; the two replicas here are set up the same way.");
            try (ApiServerReplica one = ApiServerReplica.start("replica-1", cluster.clientOf(cut), LabClusters.SERVER);
                 ApiServerReplica two = ApiServerReplica.start("replica-2", cluster.clientOf(leader), LabClusters.SERVER)) {
                LabRequests.printed(out, "REPLICA_1", one.url(), "DELETE", COLLECTION + "/a", null); // left by an earlier run, if any
                Answer created = LabRequests.printed(out, "REPLICA_1", one.url(), "POST", COLLECTION,
                        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"a\"},\"data\":{\"v\":\"1\"}}");
                out.show("%s  ConfigMap a  v=1  resourceVersion %s", created.summary(), created.resourceVersion());
                long first = Long.parseLong(created.resourceVersion());
                LabClusters.awaitCacheList(one.url(), COLLECTION, first);
                LabClusters.awaitCacheList(two.url(), COLLECTION, first);
                Answer cached = LabRequests.send(one.url(), "GET", COLLECTION + "?resourceVersion=0", null, LabRequests.DEADLINE);
                Answer quorum = LabRequests.send(one.url(), "GET", COLLECTION, null, LabRequests.DEADLINE);
                out.check(LabClusters.listHolds(cached, "a", "1") && LabClusters.listHolds(quorum, "a", "1"),
                        "through replica-1, resourceVersion \"0\" (its watch cache) and \"\" (etcd) both show a with v=1");
                grid.record("LIST rv=\"0\" on replica-1 (watch cache)", "before the cut", "v=1 at " + cached.resourceVersion(), Outcome.CURRENT);
                grid.record("LIST rv=\"\" on replica-1 (quorum read)", "before the cut", "v=1 at " + quorum.resourceVersion(), Outcome.CURRENT);

                // tag::direct-reads[]
                out.step("Cut the follower off from its peers: it keeps its clients, it loses the other members");
                cluster.partition(cut);
                out.say("(podman network disconnect of the peer network: the member still listens on its client address)");
                Answer updated = LabRequests.printed(out, "REPLICA_2", two.url(), "PATCH", COLLECTION + "/a", "{\"data\":{\"v\":\"2\"}}");
                long second = Long.parseLong(updated.resourceVersion());
                out.show("%s  ConfigMap a  v=2  resourceVersion %s", updated.summary(), updated.resourceVersion());
                out.check(updated.code() == 200 && second > first,
                        "the two members left are a quorum: the write through replica-2 is committed, at resourceVersion " + second);

                out.step("Ask the cut member directly, as etcdctl would (its endpoint as $MEMBER)");
                out.etcdctl("--endpoints=$MEMBER get " + KEY + " --consistency=s -w json     (serializable)");
                KeyValue local = serializable(cluster, cut);
                out.show("mod_revision %d, value v=%s", local.getModRevision(), local.getValue().toString(StandardCharsets.UTF_8)
                        .replaceAll(".*\"v\":\"(\\w+)\".*", "$1"));
                out.check(local.getModRevision() == first,
                        "a serializable read answers from the member's own store: the old revision " + first + ", not " + second);
                out.etcdctl("--endpoints=$MEMBER get " + KEY + " -w json     (linearizable, the default)");
                String linearizable = linearizable(cluster, cut);
                out.show("%s", linearizable);
                out.check(!linearizable.startsWith("mod_revision"), "a linearizable read there does not complete: the member"
                        + " cannot confirm with a quorum that it is current, so it does not answer at all");
                // end::direct-reads[]
                grid.record("etcd serializable read on the cut member", "cut off", "old: rev " + local.getModRevision(), Outcome.STALE);
                grid.record("etcd linearizable read on the cut member", "cut off", "no answer", Outcome.FAILED);

                out.step("Ask replica-1, which talks only to the cut member, with each resourceVersion");
                CompletableFuture<Answer> mostRecent = CompletableFuture.supplyAsync(() -> LabRequests.send(one.url(), "GET", COLLECTION, null, LabRequests.DEADLINE));
                CompletableFuture<Answer> notOlder = CompletableFuture.supplyAsync(
                        () -> LabRequests.send(one.url(), "GET", COLLECTION + "?resourceVersion=" + second, null, LabRequests.DEADLINE));
                out.say("$ curl -s \"$REPLICA_1" + COLLECTION + "?resourceVersion=0\"          (Any: the watch cache)");
                Answer any = LabRequests.send(one.url(), "GET", COLLECTION + "?resourceVersion=0", null, LabRequests.DEADLINE);
                out.show("%s  list resourceVersion %s, a has v=%s", any.summary(), any.resourceVersion(), LabClusters.value(any, "a"));
                out.check(LabClusters.listHolds(any, "a", "1"), "resourceVersion \"0\" is answered at once, from the watch cache,"
                        + " and it is stale: v=1, not the committed v=2");
                out.say("$ curl -s \"$REPLICA_1" + COLLECTION + "\"          (Most Recent: a quorum read from etcd)");
                Answer recent = mostRecent.get(60, TimeUnit.SECONDS);
                out.show("%s   (after %s)", recent.summary(), recent.took());
                out.check(recent.code() >= 500, "resourceVersion \"\" must be current, so it needs a linearizable read: it"
                        + " fails with a 5xx Status once the server stops waiting for etcd, and never answers old data");
                out.say("$ curl -s \"$REPLICA_1" + COLLECTION + "?resourceVersion=" + second + "\"          (Not older than " + second + ")");
                Answer older = notOlder.get(60, TimeUnit.SECONDS);
                out.show("%s   (after %s)", older.summary(), older.took());
                out.check(older.code() >= 500 || older.code() < 0, "resourceVersion \"" + second + "\" must not be older than "
                        + second + ": the replica cannot get there, so it fails instead of answering v=1");
                grid.record("LIST rv=\"0\" on replica-1 (watch cache)", "cut off", "stale: v=1 at " + any.resourceVersion(), Outcome.STALE);
                grid.record("LIST rv=\"\" on replica-1 (quorum read)", "cut off", recent.code() + " after " + recent.took(), Outcome.FAILED);
                grid.record("LIST rv=\"" + second + "\" on replica-1", "cut off", older.code() + " after " + older.took(), Outcome.FAILED);

                out.step("Heal the cut: the member rejoins, catches up, and replica-1's watch cache with it");
                cluster.heal(cut);
                LabClusters.awaitCacheList(one.url(), COLLECTION, second);
                Answer healedAny = LabRequests.send(one.url(), "GET", COLLECTION + "?resourceVersion=0", null, LabRequests.DEADLINE);
                Answer healedRecent = LabRequests.send(one.url(), "GET", COLLECTION, null, LabRequests.DEADLINE);
                KeyValue caughtUp = serializable(cluster, cut);
                out.show("\"0\": a has v=%s; \"\": a has v=%s; the member's own copy: mod_revision %d",
                        LabClusters.value(healedAny, "a"), LabClusters.value(healedRecent, "a"), caughtUp.getModRevision());
                out.check(LabClusters.listHolds(healedAny, "a", "2") && LabClusters.listHolds(healedRecent, "a", "2")
                        && caughtUp.getModRevision() == second, "every read agrees again: v=2 at resourceVersion " + second
                        + ", on the member and through both of replica-1's read paths");
                grid.record("etcd serializable read on the cut member", "healed", "rev " + caughtUp.getModRevision(), Outcome.CURRENT);
                grid.record("etcd linearizable read on the cut member", "healed", "rev " + caughtUp.getModRevision(), Outcome.CURRENT);
                grid.record("LIST rv=\"0\" on replica-1 (watch cache)", "healed", "v=2 at " + healedAny.resourceVersion(), Outcome.CURRENT);
                grid.record("LIST rv=\"\" on replica-1 (quorum read)", "healed", "v=2 at " + healedRecent.resourceVersion(), Outcome.CURRENT);
                grid.record("LIST rv=\"" + second + "\" on replica-1", "healed", "v=2", Outcome.CURRENT);
                grid.write(lab.artifacts().resolve(DIAGRAM));
            }
        }
        out.say("");
        out.say("resourceVersion    promise (kube-apiserver)      on a replica whose member is cut off");
        out.say("\"0\"                Any: the watch cache          answers at once, possibly stale");
        out.say("\"\" (unset)         Most Recent: a quorum read    fails once the server stops waiting (here 30 s)");
        out.say("\"N\"                Not older than N              fails unless the replica already reached N");
        out.conclude("a member only knows it is current by asking a quorum. A serializable read and a watch-cache read"
                + " (resourceVersion \"0\") skip that question and stay available, at the price of old data; a linearizable"
                + " read and resourceVersion \"\" ask it, and fail rather than answer from the past.");
    }

    /** The key as member {@code member} alone has it: a serializable read, no quorum asked. */
    private static KeyValue serializable(EtcdCluster cluster, int member) throws Exception {
        try (Client client = cluster.clientOf(member)) {
            GetResponse response = client.getKVClient().get(bytes(KEY), GetOption.builder().withSerializable(true).build())
                    .get(10, TimeUnit.SECONDS);
            return response.getKvs().get(0);
        }
    }

    /** The same read, linearizable, given {@link #LINEARIZABLE_WAIT}: what it answered, or why it did not. */
    private static String linearizable(EtcdCluster cluster, int member) throws InterruptedException {
        try (Client client = cluster.clientOf(member)) {
            GetResponse response = client.getKVClient().get(bytes(KEY)).get(LINEARIZABLE_WAIT.toSeconds(), TimeUnit.SECONDS);
            return "mod_revision " + response.getKvs().get(0).getModRevision();
        } catch (TimeoutException e) {
            return "no answer within " + LINEARIZABLE_WAIT.toSeconds() + " s (etcdctl would wait, then print: etcdserver: request timed out)";
        } catch (ExecutionException e) {
            return "Error: " + e.getCause().getMessage();
        }
    }

    private static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }
}

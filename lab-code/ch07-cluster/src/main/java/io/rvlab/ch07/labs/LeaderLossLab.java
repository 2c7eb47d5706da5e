package io.rvlab.ch07.labs;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.maintenance.StatusResponse;
import io.rvlab.ch07.controlplane.ControlPlane;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.lab.ClusterLab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Lab 7.1: the etcd leader lost while a client writes through the API server. The leader first
 * hangs (frozen, as a stalled disk or a paused VM leaves it), the others elect a new leader in a
 * higher term, then the hung one is killed. Writes it had taken in fail with a Status (etcd's
 * "request timed out", or the server's own bound; kube-apiserver 1.26 passes etcd's error on as a
 * 500, see kubernetes/kubernetes#112152); writes sent while there is no leader wait for the new
 * one; no write that was acknowledged is lost, and acknowledged resourceVersions only grow.
 */
public final class LeaderLossLab implements ClusterLab {

    static final String DIAGRAM = "leader-loss.svg";

    static final Duration DEADLINE = Duration.ofSeconds(40);

    /** How many clients send one create each once the new leader is elected, while the old one still hangs. */
    static final int BURST = 24;

    @Override
    public String id() {
        return "7.1";
    }

    @Override
    public String title() {
        return "The leader killed during writes";
    }

    /** One create the writer sent, and what came back. */
    record Write(String name, LabRequests.Answer answer, int period) {
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        out.step("Start three etcd members and one API server (chapter 6's) on a client that knows all three");
        try (EtcdCluster cluster = EtcdCluster.start(3);
                ControlPlane plane = ControlPlane.over(cluster, 1, LabClusters.SERVER)) {
            int oldLeader = cluster.awaitLeader(Duration.ofSeconds(30));
            long oldTerm = term(cluster, oldLeader);
            out.say("etcd-" + oldLeader + " leads, in raft term " + oldTerm);

            out.step("A writer creates ConfigMaps w-1, w-2, ... one after another; meanwhile the leader hangs, then is killed");
            out.say("each request has a client deadline of " + DEADLINE.toSeconds() + " s, above the server's own 30 s bound;");
            out.say("once a new leader is elected, and while the old one still hangs, " + BURST + " other clients send one create");
            out.say("each (b-1, b-2, ...), all at once; two seconds later the hung member is killed");
            List<Write> writes = new ArrayList<>();
            int[] period = {0};
            AtomicBoolean writing = new AtomicBoolean(true);
            Thread writer = new Thread(() -> {
                for (int i = 1; writing.get(); i++) {
                    create(plane, "w-" + i, String.valueOf(i), period, writes);
                    sleep(50);
                }
            }, "lab-7.1-writer");
            writer.start();
            sleep(1500);
            period[0] = 1;
            cluster.freezeMember(oldLeader); // hung: its connections stay open, nothing answers on them
            long hung = System.nanoTime();
            int newLeader = awaitOtherLeader(cluster, oldLeader);
            long electedMillis = (System.nanoTime() - hung) / 1_000_000;
            List<Thread> burst = new ArrayList<>();
            for (int b = 1; b <= BURST; b++) { // the server's etcd client still spreads calls over all three: some reach the hung one
                String name = "b-" + b;
                Thread client = new Thread(() -> create(plane, name, "burst", period, writes), "lab-7.1-" + name);
                client.start();
                burst.add(client);
            }
            sleep(2000);
            cluster.killMember(oldLeader); // still frozen: it never serves again
            period[0] = 2;
            sleep(2500);
            writing.set(false);
            writer.join();
            for (Thread client : burst) {
                client.join();
            }
            long newTerm = term(cluster, newLeader);
            out.say("etcd-" + oldLeader + " frozen (SIGSTOP); a new leader was known about " + Math.max(1, Math.round(electedMillis / 1000.0))
                    + " s later, in raft term " + newTerm + "; then etcd-" + oldLeader + " was killed (SIGKILL)");
            out.check(newLeader != oldLeader, "another member leads after the old leader hung");
            out.check(newTerm > oldTerm, "the new leader's raft term is higher than the old leader's");

            out.step("What the clients were told");
            List<Write> done;
            synchronized (writes) {
                done = List.copyOf(writes);
            }
            List<Write> failed = done.stream().filter(w -> !w.answer().ok()).toList();
            Map<String, Integer> byStatus = new TreeMap<>();
            failed.forEach(w -> byStatus.merge(w.answer().status(), 1, Integer::sum));
            out.show("%d creates sent, %d answered 201, %d failed", done.size(), done.size() - failed.size(), failed.size());
            byStatus.forEach((status, count) -> out.show("failed with %s: %d time(s)", status, count));
            long slowest = done.stream().mapToLong(w -> w.answer().millis()).max().orElse(0);
            out.check(done.stream().allMatch(w -> w.answer().code() > 0),
                    "every request was answered, 201 or a Status, before the client's deadline: none hung");
            out.check(!failed.isEmpty() && failed.stream().allMatch(w -> w.answer().code() >= 500),
                    "the creates the hung leader had taken in failed, each with a 5xx Status");
            out.check(failed.stream().allMatch(w -> w.period() >= 1), "no create sent before the leader hung failed");
            out.say("(the slowest request took " + new LabRequests.Answer(0, null, slowest).took() + ")");
            out.say("The API server's etcd client went on sending the hung member its share of calls: nothing told it the");
            out.say("member was gone. A create sent there got no answer; when the member died its connection was reset, and");
            out.say("this server answered 500 (UNAVAILABLE); had it stayed hung, the server would have stopped waiting after");
            out.say("30 s. The creates sent to the other members during the election waited (the slowest request above)");
            out.say("and the new leader committed them: a member without a leader holds proposals until there is one.");
            out.say("etcd fails a write it cannot commit within its request timeout (7 s here) with \"etcdserver: request");
            out.say("timed out\", and a linearizable read caught in an election with \"etcdserver: leader changed\", which");
            out.say("clients retry, since a read is safe to repeat. kube-apiserver 1.26 passes such errors on as a 500");
            out.say("carrying etcd's message (kubernetes/kubernetes#112152, #106491).");

            // tag::acknowledged[]
            out.step("Read every acknowledged write straight from etcd, through the new leader");
            Client etcd = cluster.clientOf(newLeader);
            List<Write> acked = done.stream().filter(w -> w.answer().ok()).toList();
            int same = 0;
            long previous = 0;
            boolean increasing = true;
            for (Write w : acked) {
                String key = "/registry/configmaps/default/" + w.name();
                List<KeyValue> kvs = etcd.getKVClient().get(bytes(key)).get(10, TimeUnit.SECONDS).getKvs();
                long rv = Long.parseLong(w.answer().resourceVersion());
                if (!kvs.isEmpty() && kvs.get(0).getModRevision() == rv) {
                    same++;
                }
                if (w.name().startsWith("w-")) { // the writer's, sent one after another (the others went at once)
                    increasing &= rv > previous;
                    previous = rv;
                }
            }
            out.etcdctl("get /registry/configmaps/default/w-1 -w json   (and so on for each 201)");
            out.show("%d of %d acknowledged creates found at the resourceVersion they were answered with", same, acked.size());
            out.check(same == acked.size(), "no acknowledged write was lost: each is in etcd at the modRevision its 201 named");
            out.check(increasing, "the resourceVersions of the writer's acknowledged creates, in the order it sent them, strictly increase");
            // end::acknowledged[]

            out.step("Retry every failed create, as a client should");
            {
                Map<String, Integer> retried = new TreeMap<>();
                for (Write w : failed) {
                    LabRequests.Answer again = LabRequests.send(plane.url(), "POST", LabRequests.CONFIGMAPS,
                            LabRequests.configMap(w.name(), "retry"), DEADLINE);
                    retried.merge(again.code() + (again.reason().isEmpty() ? "" : " " + again.reason()), 1, Integer::sum);
                    if (again.code() == 409) {
                        out.show("%s: 409 AlreadyExists - the failed create had reached etcd after all", w.name());
                    }
                }
                retried.forEach((answer, count) -> out.show("retry answered %s: %d time(s)", answer, count));
                out.check(retried.keySet().stream().allMatch(a -> a.startsWith("201") || a.startsWith("409 AlreadyExists")),
                        "each retried create answered 201 Created or 409 AlreadyExists: the outcome is now known");
            }
            out.say("A 500 from an election leaves the outcome unknown: retry. An update carries its resourceVersion,");
            out.say("so a retry of one that did land answers 409 Conflict instead of writing twice; a create that did");
            out.say("land answers 409 AlreadyExists.");

            out.step("Restart the killed member and wait for it to catch up");
            cluster.startMember(oldLeader);
            long leaderRevision = revision(cluster, newLeader);
            boolean caughtUp = false;
            for (int i = 0; i < 100 && !caughtUp; i++) {
                caughtUp = revision(cluster, oldLeader) >= leaderRevision;
                if (!caughtUp) {
                    sleep(200);
                }
            }
            out.check(caughtUp, "the old leader, restarted, has every revision the new leader had when it came back");
            out.check(cluster.leader() != oldLeader || term(cluster, oldLeader) > oldTerm,
                    "the old leader does not resume its old term: it rejoins the term the cluster moved to");

            List<Timeline.Band> bands = new ArrayList<>();
            int firstAfterKill = firstIndex(done, 1);
            int firstAfterElection = firstIndex(done, 2);
            bands.add(new Timeline.Band(0, firstAfterKill, "etcd-" + oldLeader + " leads (term " + oldTerm + ")", "#dbeafe"));
            bands.add(new Timeline.Band(firstAfterKill, firstAfterElection, "hung; election", "#fde68a"));
            bands.add(new Timeline.Band(firstAfterElection, done.size(), "etcd-" + newLeader + " leads (term " + newTerm + ")", "#dcfce7"));
            List<Timeline.Mark> marks = done.stream().map(w -> new Timeline.Mark(w.answer().ok(),
                    w.name() + ": " + w.answer().status())).toList();
            Files.writeString(lab.artifacts().resolve(DIAGRAM), Timeline.svg(
                    "Lab 7.1: creates while the etcd leader hangs and is killed", bands, marks,
                    "Failed requests fall in or next to the election; every green one is in etcd afterwards."),
                    StandardCharsets.UTF_8);
            out.say("diagram: " + DIAGRAM);
        }
        out.conclude("a leader's loss costs an election, not data: the requests it had taken in fail with a Status"
                + " (etcd's timeout, or the server's), the ones sent meanwhile wait for the new leader, every acknowledged"
                + " write survives with its resourceVersion, and a retry settles the rest.");
    }

    /** One create, recorded with the period it was sent in (or, if that ended meanwhile, the later one). */
    private static void create(ControlPlane plane, String name, String value, int[] period, List<Write> writes) {
        int during = period[0];
        LabRequests.Answer answer = LabRequests.send(plane.url(), "POST", LabRequests.CONFIGMAPS,
                LabRequests.configMap(name, value), DEADLINE);
        synchronized (writes) {
            writes.add(new Write(name, answer, Math.max(during, period[0])));
        }
    }

    private static int firstIndex(List<Write> writes, int period) {
        for (int i = 0; i < writes.size(); i++) {
            if (writes.get(i).period() >= period) {
                return i;
            }
        }
        return writes.size();
    }

    private static int awaitOtherLeader(EtcdCluster cluster, int old) {
        for (int i = 0; i < 300; i++) {
            int leader = cluster.leader();
            if (leader >= 0 && leader != old) {
                return leader;
            }
            sleep(100);
        }
        throw new IllegalStateException("no new leader within 30 s of the kill");
    }

    static StatusResponse status(EtcdCluster cluster, int member) throws Exception {
        return cluster.client().getMaintenanceClient().statusMember(cluster.endpoint(member)).get(5, TimeUnit.SECONDS);
    }

    static long term(EtcdCluster cluster, int member) throws Exception {
        return status(cluster, member).getRaftTerm();
    }

    static long revision(EtcdCluster cluster, int member) {
        try {
            return status(cluster, member).getHeader().getRevision();
        } catch (Exception notYet) {
            return -1;
        }
    }

    static ByteSequence bytes(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

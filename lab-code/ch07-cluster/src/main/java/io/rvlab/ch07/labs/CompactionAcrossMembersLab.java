package io.rvlab.ch07.labs;

import static io.rvlab.ch07.labs.LabRequests.CONFIGMAPS;
import static io.rvlab.ch07.labs.LabRequests.configMap;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.maintenance.StatusResponse;
import io.etcd.jetcd.options.CompactOption;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch07.controlplane.ApiServerReplica;
import io.rvlab.ch07.labs.LabRequests.Answer;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.lab.ClusterLab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Lab 7.5: compaction is a request raft replicates, so one compact removes the old revisions on
 * every member; defragmentation is maintenance of one member's bbolt file, not replicated, so each
 * member is defragmented on its own (etcd's docs: one member at a time, it blocks the member while
 * it runs). And what a watch through the API server sees when the revision it resumes from is gone.
 */
public final class CompactionAcrossMembersLab implements ClusterLab {

    public static final String DIAGRAM = "compaction-across-members.svg";
    private static final String KEY = "/rvlab/compaction/blob";
    private static final int WRITES = 300;
    private static final int VALUE_BYTES = 4096;

    @Override
    public String id() {
        return "7.5";
    }

    @Override
    public String title() {
        return "Compaction and defragmentation across members";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        MemberSizesDiagram diagram = new MemberSizesDiagram();
        try (EtcdCluster cluster = EtcdCluster.start(3)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(30));
            List<Client> members = new ArrayList<>();
            for (int i = 0; i < cluster.size(); i++) {
                members.add(cluster.clientOf(i));
            }
            try {
                Client writer = members.get(leader);
                out.step("Write " + WRITES + " versions of one " + VALUE_BYTES / 1024 + " KiB key: history every member keeps");
                out.etcdctl("put " + KEY + " <4 KiB>   # " + WRITES + " times");
                long first = put(writer, 0);
                for (int i = 1; i < WRITES; i++) {
                    put(writer, i);
                }
                long last = put(writer, WRITES);
                out.show("revisions %d to %d", first, last);

                List<StatusResponse> beforeCompaction = statuses(cluster, members);
                out.step("Compact once, through one member, to the newest revision");
                out.etcdctl("compaction " + "<newest revision>");
                writer.getKVClient().compact(last, CompactOption.builder().withCompactPhysical(true).build())
                        .get(30, TimeUnit.SECONDS);
                out.say("Each member now answers a serializable read (its own state, no quorum) at the first revision:");
                out.etcdctl("--endpoints=<member> get " + KEY + " --rev=<first revision> --consistency=s");
                int compactedEverywhere = 0;
                for (int i = 0; i < members.size(); i++) {
                    String answer = readAt(members.get(i), first);
                    out.show("etcd-%d: %s", i, answer);
                    if (answer.contains("required revision has been compacted")) {
                        compactedEverywhere++;
                    }
                }
                out.check(compactedEverywhere == members.size(), "every member answers \"mvcc: required revision has been "
                        + "compacted\": one compact request, applied by every member through raft");

                out.step("Database size per member from the maintenance status, before defragmenting");
                out.etcdctl("endpoint status --cluster -w table");
                List<StatusResponse> before = statuses(cluster, members);
                boolean noneShrank = true;
                for (int i = 0; i < before.size(); i++) {
                    out.show("etcd-%d: dbSize %s (before the compaction: %s), dbSizeInUse %s", i, kib(before.get(i).getDbSize()),
                            kib(beforeCompaction.get(i).getDbSize()), kib(before.get(i).getDbSizeInUse()));
                    noneShrank &= before.get(i).getDbSize() >= beforeCompaction.get(i).getDbSize();
                }
                out.check(noneShrank, "compaction made no member's file smaller: the pages it frees stay in the file,"
                        + " for new writes");

                int target = (leader + 1) % cluster.size();
                out.step("Defragment one member (a follower): its file shrinks, the others' do not");
                out.etcdctl("--endpoints=<one member> defrag");
                out.say("Defragmentation rewrites the member's bbolt file and blocks that member while it runs; it is not a");
                out.say("raft request, so etcd's maintenance guide says to defragment members one at a time.");
                members.get(target).getMaintenanceClient().defragmentMember(cluster.endpoint(target)).get(60, TimeUnit.SECONDS);
                List<StatusResponse> after = statuses(cluster, members);
                boolean othersSame = true;
                for (int i = 0; i < after.size(); i++) {
                    out.show("etcd-%d%s: dbSize %s, dbSizeInUse %s", i, i == target ? " (defragmented)" : "",
                            kib(after.get(i).getDbSize()), kib(after.get(i).getDbSizeInUse()));
                    diagram.member("etcd-" + i, before.get(i).getDbSize(), after.get(i).getDbSize(), last, i == target);
                    if (i != target) {
                        othersSame &= after.get(i).getDbSize() == before.get(i).getDbSize();
                    }
                }
                out.check(after.get(target).getDbSize() < before.get(target).getDbSize(),
                        "the defragmented member's file shrank");
                out.check(othersSame, "the other members' files kept their size: defragmentation is per member, not replicated");

                out.step("A watch through the API server from a compacted resourceVersion");
                try (ApiServerReplica server = ApiServerReplica.start("replica-1", cluster.clientOf(leader),
                        LabClusters.SERVER)) {
                    Answer created = LabRequests.send(server.url(), "POST", CONFIGMAPS, configMap("old", "1"), LabRequests.DEADLINE);
                    long stale = first; // a resourceVersion an informer saw before the compaction
                    out.say("An informer that last saw resourceVersion " + stale + " resumes its watch there:");
                    WatchStart resumed = WatchStart.open(server.url(), CONFIGMAPS + "?watch=1&resourceVersion=" + stale);
                    out.show("%s", resumed);
                    out.check(resumed.code() == 410, "the watch ends with 410 Gone (reason Expired): the revision it "
                            + "resumes from is no longer there");
                    Answer relist = LabRequests.send(server.url(), "GET", CONFIGMAPS, null, LabRequests.DEADLINE);
                    WatchStart rewatch = WatchStart.open(server.url(), CONFIGMAPS + "?watch=1&timeoutSeconds=1&resourceVersion="
                            + relist.resourceVersion());
                    out.show("relist: %d, resourceVersion %s; watch from there: %s", relist.code(),
                            relist.resourceVersion(), rewatch);
                    out.check(relist.code() == 200 && rewatch.code() == 200
                                    && Long.parseLong(relist.resourceVersion()) >= Long.parseLong(created.resourceVersion()),
                            "the relist gives a current resourceVersion, and the watch from it is accepted");
                }
                out.say("kube-apiserver compacts by itself: every 5 minutes (--etcd-compaction-interval) it compacts to the");
                out.say("revision it saw at the previous tick; the replicas agree through a compare-and-swap on the key");
                out.say("compact_rev_key, so one compaction per interval happens however many replicas run (storage/etcd3/compact.go).");
            } finally {
                members.forEach(Client::close);
            }
        }
        diagram.write(lab.artifacts().resolve(DIAGRAM));
        out.conclude("compaction is replicated (one request, gone on every member; a watch from before it gets 410 and "
                + "relists), defragmentation is not (each member's file, one member at a time).");
    }

    private static long put(Client etcd, int version) throws Exception {
        byte[] value = new byte[VALUE_BYTES];
        java.util.Arrays.fill(value, (byte) ('a' + version % 26));
        return etcd.getKVClient().put(ByteSequence.from(KEY, StandardCharsets.UTF_8), ByteSequence.from(value))
                .get(10, TimeUnit.SECONDS).getHeader().getRevision();
    }

    /** A serializable read at {@code revision} on the member this client talks to, waiting for its compaction. */
    private static String readAt(Client member, long revision) throws Exception {
        String last = "";
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                member.getKVClient().get(ByteSequence.from(KEY, StandardCharsets.UTF_8),
                        GetOption.builder().withRevision(revision).withSerializable(true).build()).get(10, TimeUnit.SECONDS);
                last = "still has revision " + revision;
            } catch (java.util.concurrent.ExecutionException e) {
                return "Error: " + e.getCause().getMessage().replaceFirst("^[A-Z_]+: ", "")
                        .replaceFirst("^.*?(mvcc:)", "$1");
            }
            Thread.sleep(100);
        }
        return last;
    }

    private static List<StatusResponse> statuses(EtcdCluster cluster, List<Client> members) throws Exception {
        List<CompletableFuture<StatusResponse>> asked = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            asked.add(members.get(i).getMaintenanceClient().statusMember(cluster.endpoint(i)));
        }
        List<StatusResponse> answers = new ArrayList<>();
        for (CompletableFuture<StatusResponse> answer : asked) {
            answers.add(answer.get(10, TimeUnit.SECONDS));
        }
        return answers;
    }

    private static String kib(long bytes) {
        return (bytes / 1024) + " KiB";
    }
}

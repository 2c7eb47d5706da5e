package io.rvlab.ch07.labs;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.controlplane.ApiServerReplica;
import io.rvlab.ch02.server.ApiServerMain.ServerFactory;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.lab.ClusterLab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import io.rvlab.support.svg.BarChart;
import io.rvlab.support.svg.SvgText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Lab 7.2: a follower cut off from its peers. etcd answers a serializable read there from the
 * member's own, old state; a linearizable read needs the leader and cannot complete. Through an
 * API server replica that knows only that member: resourceVersion "" (Most Recent) fails,
 * resourceVersion "0" (Any) answers stale from the watch cache, resourceVersion "N" (Not older
 * than) waits and answers 504 (fact sheet, "resourceVersion semantics" table).
 */
public final class ReadModesLab implements ClusterLab {

    static final Duration DEADLINE = Duration.ofSeconds(40);
    static final Duration ETCD_DEADLINE = Duration.ofSeconds(5);

    @Override
    public String id() {
        return "7.2";
    }

    @Override
    public String title() {
        return "Linearizable and serializable reads";
    }

    /** One row of the diagram: a read mode, where it was asked, and what came back. */
    record Row(String mode, String where, String outcome, boolean answered) {
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        List<Row> rows = new ArrayList<>();
        ServerFactory factory = (etcd, bind, port) -> ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT);
        out.step("Three members; replica-L on the leader's client, replica-F on a follower's client only");
        try (EtcdCluster cluster = EtcdCluster.start(3)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(30));
            int follower = (leader + 1) % 3;
            try (ApiServerReplica onLeader = ApiServerReplica.start("replica-L", cluster.clientOf(leader), factory);
                    ApiServerReplica onFollower = ApiServerReplica.start("replica-F", cluster.clientOf(follower), factory)) {
                LabRequests.Answer old = LabRequests.send(onLeader.url(), "POST", LabRequests.CONFIGMAPS,
                        LabRequests.configMap("old", "1"), DEADLINE);
                out.show("POST old through replica-L -> %d, resourceVersion %s", old.code(), old.resourceVersion());
                awaitListed(onFollower, "old");
                out.check(names(list(onFollower, "0")).contains("old"), "replica-F's watch cache has old");

                out.step("Cut the follower off from its peers (clients still reach it); write new through replica-L");
                cluster.partition(follower);
                LabRequests.Answer fresh = LabRequests.send(onLeader.url(), "POST", LabRequests.CONFIGMAPS,
                        LabRequests.configMap("new", "1"), DEADLINE);
                String n = fresh.resourceVersion();
                out.show("POST new through replica-L -> %d, resourceVersion %s", fresh.code(), n);
                out.check(fresh.ok(), "the majority (leader and the other follower) still accepts writes");

                out.step("Ask the cut-off follower directly, both ways");
                Client direct = cluster.clientOf(follower);
                String key = QuorumLossLab.PREFIX;
                out.etcdctl("get " + key + " --prefix --consistency=s   (at the cut-off member)");
                GetResponse serializable = direct.getKVClient().get(LeaderLossLab.bytes(key),
                        GetOption.builder().isPrefix(true).withSerializable(true).build()).get(10, TimeUnit.SECONDS);
                long staleRevision = serializable.getHeader().getRevision();
                out.show("serializable: %d key(s), revision %d", serializable.getKvs().size(), staleRevision);
                out.check(staleRevision < Long.parseLong(n), "a serializable read there answers, from a revision older than new's");
                rows.add(new Row("etcd serializable", "cut-off member", "answers, revision " + staleRevision + " (stale)", true));
                out.etcdctl("get " + key + " --prefix --consistency=l   (at the cut-off member, deadline "
                        + ETCD_DEADLINE.toSeconds() + " s)");
                String linear;
                try {
                    GetResponse r = direct.getKVClient().get(LeaderLossLab.bytes(key), GetOption.builder().isPrefix(true).build())
                            .get(ETCD_DEADLINE.toSeconds(), TimeUnit.SECONDS);
                    linear = "answered at revision " + r.getHeader().getRevision();
                } catch (java.util.concurrent.TimeoutException e) {
                    linear = "no answer within the " + ETCD_DEADLINE.toSeconds() + " s deadline";
                } catch (java.util.concurrent.ExecutionException e) {
                    linear = "failed: " + e.getCause().getMessage();
                }
                out.show("linearizable: %s", linear);
                out.check(!linear.startsWith("answered"), "a linearizable read there does not complete: it needs the leader");
                rows.add(new Row("etcd linearizable", "cut-off member", linear, false));

                out.step("The same through replica-F, whose etcd client knows only that member");
                LabRequests.Answer mostRecent = LabRequests.send(onFollower.url(), "GET", LabRequests.CONFIGMAPS, null, DEADLINE);
                out.show("GET configmaps (resourceVersion \"\", Most Recent) -> %s, took %s", mostRecent.status(), mostRecent.took());
                out.check(!mostRecent.ok() && mostRecent.code() > 0, "resourceVersion \"\" fails in bounded time with a Status");
                rows.add(new Row("rv \"\" (Most Recent)", "replica-F", "fails: " + mostRecent.code(), false));
                LabRequests.Answer any = list(onFollower, "0");
                out.show("GET configmaps?resourceVersion=0 (Any) -> %d, items %s, list resourceVersion %s", any.code(),
                        names(any), any.resourceVersion());
                out.check(any.ok() && names(any).contains("old") && !names(any).contains("new"),
                        "resourceVersion \"0\" answers from replica-F's watch cache, stale: old is there, new is missing");
                rows.add(new Row("rv \"0\" (Any)", "replica-F", "answers, stale (no new)", true));
                LabRequests.Answer notOlder = list(onFollower, n);
                out.show("GET configmaps?resourceVersion=%s (Not older than) -> %s, took %s", n, notOlder.status(), notOlder.took());
                out.check(!notOlder.ok() && notOlder.code() > 0, "resourceVersion \"N\" newer than the cache is not served stale: it fails in bounded time with a Status");
                rows.add(new Row("rv \"N\" (Not older than)", "replica-F", "waits, then " + notOlder.code(), false));
                LabRequests.Answer viaLeader = list(onLeader, "");
                out.check(viaLeader.ok() && names(viaLeader).contains("new"), "replica-L answers every mode, new included");
                rows.add(new Row("any mode", "replica-L", "answers, with new", true));

                out.step("Heal the partition: everything converges");
                cluster.heal(follower);
                awaitListed(onFollower, "new");
                GetResponse after = direct.getKVClient().get(LeaderLossLab.bytes(key),
                        GetOption.builder().isPrefix(true).withSerializable(true).build()).get(10, TimeUnit.SECONDS);
                out.check(after.getHeader().getRevision() >= Long.parseLong(n), "the follower's own state reaches new's revision");
                out.check(names(list(onFollower, "0")).contains("new"), "replica-F's watch cache now has new");
                out.check(list(onFollower, "").ok() && list(onFollower, n).ok(),
                        "replica-F answers resourceVersion \"\" and \"N\" again");
            }
        }
        Files.writeString(lab.artifacts().resolve("lab-7.2-read-modes.svg"), svg(rows), StandardCharsets.UTF_8);
        out.say("diagram: lab-7.2-read-modes.svg");
        out.conclude("only a read that may be stale can be served by a member cut off from the quorum: serializable in etcd,"
                + " resourceVersion \"0\" in the API server; Most Recent and Not-older-than need the leader's progress.");
    }

    private static LabRequests.Answer list(ApiServerReplica replica, String resourceVersion) {
        return LabRequests.send(replica.url(), "GET", LabRequests.CONFIGMAPS
                + (resourceVersion.isEmpty() ? "" : "?resourceVersion=" + resourceVersion), null, DEADLINE);
    }

    private static void awaitListed(ApiServerReplica replica, String name) {
        for (int i = 0; i < 150; i++) {
            LabRequests.Answer a = list(replica, "0");
            if (a.ok() && names(a).contains(name)) {
                return;
            }
            LeaderLossLab.sleep(200);
        }
        throw new IllegalStateException(replica.name() + " never listed " + name);
    }

    private static List<String> names(LabRequests.Answer list) {
        List<String> names = new ArrayList<>();
        list.body().path("items").forEach(item -> names.add(item.path("metadata").path("name").asText()));
        return names;
    }

    private static String svg(List<Row> rows) {
        int height = 60 + rows.size() * 28;
        StringBuilder svg = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\""
                + height + "\" viewBox=\"0 0 640 " + height + "\">\n");
        svg.append("<title>Lab 7.2: who can answer which read with a member cut off</title>\n");
        svg.append(BarChart.text(20, 22, 14, "bold", BarChart.INK, "start", "Lab 7.2: reads with a follower cut off"));
        int y = 50;
        for (Row row : rows) {
            svg.append("<rect x=\"16\" y=\"").append(y - 16).append("\" width=\"608\" height=\"24\" fill=\"")
                    .append(row.answered() ? "#dcfce7" : "#fecaca").append("\"/>\n");
            svg.append(BarChart.text(22, y, 12, "bold", BarChart.INK, "start", row.mode()));
            svg.append(BarChart.text(220, y, 12, "normal", BarChart.INK, "start", row.where()));
            String outcome = SvgText.wrap(row.outcome(), 40).get(0);
            svg.append(BarChart.text(350, y, 12, "normal", BarChart.INK, "start", outcome));
            y += 28;
        }
        svg.append("</svg>\n");
        return svg.toString();
    }
}

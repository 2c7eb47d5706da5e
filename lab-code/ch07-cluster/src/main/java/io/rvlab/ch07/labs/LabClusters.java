package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.server.ApiServerMain.ServerFactory;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.labs.LabRequests.Answer;
import io.rvlab.support.etcd.EtcdCluster;
import io.rvlab.support.lab.LabFailure;
import io.rvlab.support.lab.Narrator;
import java.net.URI;

/**
 * What chapter 7's labs share: a cluster they may break, chapter 6's server as every replica, and
 * waiting for a replica's watch cache to reach a revision (it follows etcd on its own clock).
 */
final class LabClusters {

    /** Every replica is chapter 6's server, with its watch caches. */
    static final ServerFactory SERVER = (etcd, bind, port) -> ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT);

    private LabClusters() {
    }

    /** Starts {@code members} members in containers; an external cluster cannot be broken by a lab, so it is refused. */
    static EtcdCluster start(Narrator out, int members) {
        EtcdCluster cluster = EtcdCluster.start(members);
        if (!cluster.canInjectFaults()) {
            cluster.close();
            throw new LabFailure("this lab stops, freezes or cuts off members, which it can only do to a cluster the course"
                    + " started: unset RVLAB_ETCD_ENDPOINTS to run it");
        }
        out.say("etcd-0, etcd-1 and etcd-2 started in containers, each on a client network and a peer network of its own.");
        return cluster;
    }

    /** Waits (30 s at most) until a LIST at resourceVersion "0" on {@code server} is at {@code revision} or later. */
    static void awaitCacheList(URI server, String collection, long revision) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            Answer list = LabRequests.send(server, "GET", collection + "?resourceVersion=0", null, LabRequests.DEADLINE);
            if (list.code() == 200 && Long.parseLong(list.resourceVersion()) >= revision) {
                return;
            }
            Thread.sleep(100);
        }
        throw new LabFailure("the watch cache at " + server.getPath() + " did not reach revision " + revision + " in 30 s");
    }

    /** The value of data.v of the item {@code name} in a list answer, or "(absent)". */
    static String value(Answer list, String name) {
        for (JsonNode item : list.body().path("items")) {
            if (item.path("metadata").path("name").asText().equals(name)) {
                return item.path("data").path("v").asText();
            }
        }
        return "(absent)";
    }

    /** Whether a 200 list answer has item {@code name} with data.v {@code v}. */
    static boolean listHolds(Answer list, String name, String v) {
        return list.code() == 200 && value(list, name).equals(v);
    }
}

package io.rvlab.ch02.labs;

import io.etcd.jetcd.Client;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch01.RevisionWriter;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.support.lab.Narrator;
import java.util.List;

/**
 * What every chapter's lab kit does straight in etcd, behind its API server: read etcd's revision,
 * and remove what an earlier run of a lab left. From chapter 2 on, every lab starts with the same
 * clean-up and prints it the same way, so the transcripts read alike and a learner's etcd (which
 * holds the previous run) gives the same claims as a fresh one.
 */
public final class LabEtcd {

    private LabEtcd() {
    }

    /** etcd's current revision, the header revision of any read: the etcdctl line, the jetcd call, the answer. */
    public static long revision(Narrator out, Client etcd) {
        out.etcdctl(Etcdctl.currentRevision());
        out.jetcd(JetcdCalls.currentRevision());
        long revision = new RevisionReader(etcd).currentRevision();
        out.show("header revision %d", revision);
        return revision;
    }

    /**
     * Removes what an earlier run left in each namespace (the given resources' keys, then the
     * namespace's own key), straight in etcd, because not every chapter's API can delete yet. On a
     * fresh etcd nothing is there and no revision is made.
     */
    public static void startClean(Narrator out, Client etcd, List<String> resources, String... namespaces) {
        long deleted = 0;
        RevisionWriter writer = new RevisionWriter(etcd);
        for (String namespace : namespaces) {
            for (String resource : resources) {
                String prefix = Keys.collection(resource, namespace).path();
                out.etcdctl(Etcdctl.deletePrefix(prefix));
                deleted += writer.deletePrefix(prefix);
            }
            String key = Keys.clusterObject("namespaces", namespace).path();
            out.etcdctl(Etcdctl.delete(key));
            deleted += Await.result(etcd.getKVClient().delete(Bytes.bytes(key))).getDeleted();
        }
        out.show("deleted %d key(s) left by an earlier run", deleted);
    }
}

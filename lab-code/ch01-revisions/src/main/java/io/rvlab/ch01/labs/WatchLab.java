package io.rvlab.ch01.labs;

import io.rvlab.ch01.Change;
import io.rvlab.ch01.CompactedRevisionException;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch01.PrefixWatch;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.List;

/**
 * Lab 1.5 (a preview of chapter 4): a watch on a prefix, started at an earlier revision, first
 * replays the history since that revision and then follows new writes; a watch from a compacted
 * revision is cancelled.
 */
public final class WatchLab implements Lab {

    static final String PREFIX = "/rvlab/lab-1.5/";
    static final String A = PREFIX + "a";
    static final String B = PREFIX + "b";
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @Override
    public String id() {
        return "1.5";
    }

    @Override
    public String title() {
        return "Watching a prefix from a revision";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        Narrated etcd = new Narrated(lab);

        out.step("Start clean");
        etcd.startClean(PREFIX);

        out.step("Four writes, before anyone watches");
        long first = etcd.put(A, "1");
        long second = etcd.put(B, "1");
        long third = etcd.put(A, "2");
        long fourth = etcd.delete(B);

        out.step("Watch the prefix from the first write's revision");
        out.say("The watch starts in the past: etcd replays every change from that revision on, in order.");
        out.etcdctl(Etcdctl.watchPrefix(PREFIX, first));
        out.jetcd(JetcdCalls.watchPrefix(PREFIX, first));
        try (PrefixWatch watch = new PrefixWatch(lab.client(), PREFIX, first)) {
            List<Change> replay = watch.awaitChanges(4, PATIENCE);
            replay.forEach(change -> out.show("%s", change.describe()));
            out.check(replay.size() == 4, "four changes replayed, one per write");
            out.check(replay.get(0).modRevision() == first,
                    "the start revision is included: the first change is revision " + first);
            out.check(revisionsOf(replay).equals(List.of(first, second, third, fourth)),
                    "in revision order: " + revisionsOf(replay));
            Change delete = replay.get(3);
            out.check(delete.type() == Change.Type.DELETE && delete.modRevision() == fourth && delete.version() == 0,
                    "a DELETE carries the revision of the delete (" + fourth + ") and version 0");

            out.step("A new write while the watch is open");
            long fifth = etcd.put(B, "2");
            List<Change> all = watch.awaitChanges(5, PATIENCE);
            out.show("%s", all.get(4).describe());
            out.check(all.size() == 5 && all.get(4).modRevision() == fifth,
                    "after the history, the same watch delivers the live change at revision " + fifth);
            out.check(all.get(4).createRevision() == fifth && all.get(4).version() == 1,
                    "b was deleted before, so this put starts a new life: create_revision " + fifth + ", version 1");
        }

        out.step("Start later to see less");
        out.etcdctl(Etcdctl.watchPrefix(PREFIX, fourth));
        out.jetcd(JetcdCalls.watchPrefix(PREFIX, fourth));
        try (PrefixWatch watch = new PrefixWatch(lab.client(), PREFIX, fourth)) {
            List<Change> tail = watch.awaitChanges(2, PATIENCE);
            tail.forEach(change -> out.show("%s", change.describe()));
            out.check(revisionsOf(tail).equals(List.of(fourth, fourth + 1)),
                    "from revision " + fourth + ": only the changes at " + fourth + " and after");
        }
        out.say("etcd's start revision is inclusive. A Kubernetes watch from resourceVersion N wants the changes");
        out.say("strictly after N, so the API server starts its etcd watch at N+1 (chapter 4).");

        out.step("Watch from a compacted revision");
        etcd.compact(fourth);
        out.etcdctl(Etcdctl.watchPrefix(PREFIX, first));
        out.jetcd(JetcdCalls.watchPrefix(PREFIX, first));
        try (PrefixWatch watch = new PrefixWatch(lab.client(), PREFIX, first)) {
            CompactedRevisionException cancelled = null;
            try {
                watch.awaitChanges(1, PATIENCE);
            } catch (CompactedRevisionException e) {
                cancelled = e;
                out.show("%s: %s", e.getClass().getSimpleName(), e.getMessage());
            }
            out.check(cancelled != null, "etcd cancels the watch instead of replaying history it no longer has");
            out.check(cancelled.compactRevision().orElse(-1) == fourth,
                    "and says where history starts now: compact_revision " + fourth);
        }
        out.say("etcdctl prints: watch was canceled (etcdserver: mvcc: required revision has been compacted)");
        out.say("A Kubernetes watch in this situation ends with an ERROR event, status 410 Expired: the client");
        out.say("must list again and watch from the list's resourceVersion (chapters 4 and 5).");

        out.conclude("a watch from revision R replays every change at R and after, in revision order, then "
                + "follows new writes with no gap between the two. That is only possible while R is not compacted.");
    }

    private static List<Long> revisionsOf(List<Change> changes) {
        return changes.stream().map(Change::modRevision).toList();
    }
}

package io.rvlab.ch01.labs;

import io.rvlab.ch01.Compactor;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.FourNumbers;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch01.RevisionWriter;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;

/**
 * The chapter's reference operations, each one printed the same way before it runs: the etcdctl
 * command a learner could type, the jetcd call the lab makes, then what etcd answered. The labs
 * stay short and every transcript has one shape.
 */
final class Narrated {

    private final Narrator out;
    private final RevisionReader reader;
    private final RevisionWriter writer;
    private final Compactor compactor;

    Narrated(LabContext lab) {
        this.out = lab.out();
        this.reader = new RevisionReader(lab.client());
        this.writer = new RevisionWriter(lab.client());
        this.compactor = new Compactor(lab.client());
    }

    RevisionReader reader() {
        return reader;
    }

    /** Removes what an earlier run of the lab left under its prefix and returns the revision to start from. */
    long startClean(String prefix) {
        out.etcdctl(Etcdctl.deletePrefix(prefix));
        out.jetcd(JetcdCalls.deletePrefix(prefix));
        long deleted = writer.deletePrefix(prefix);
        out.show("deleted %d key(s) left by an earlier run", deleted);
        return revision();
    }

    long revision() {
        out.etcdctl(Etcdctl.currentRevision());
        out.jetcd(JetcdCalls.currentRevision());
        long revision = reader.currentRevision();
        out.show("header revision %d", revision);
        return revision;
    }

    long put(String key, String value) {
        out.etcdctl(Etcdctl.put(key, value));
        out.jetcd(JetcdCalls.put(key, value));
        long revision = writer.put(key, value);
        out.show("OK, header revision %d", revision);
        return revision;
    }

    long delete(String key) {
        out.etcdctl(Etcdctl.delete(key));
        out.jetcd(JetcdCalls.delete(key));
        long revision = writer.delete(key);
        out.show("OK, header revision %d", revision);
        return revision;
    }

    FourNumbers get(String key) {
        out.etcdctl(Etcdctl.get(key));
        out.jetcd(JetcdCalls.get(key));
        FourNumbers numbers = reader.latest(key);
        out.show("%s", numbers.describe());
        return numbers;
    }

    FourNumbers getAt(String key, long revision) {
        out.etcdctl(Etcdctl.getAt(key, revision));
        out.jetcd(JetcdCalls.getAt(key, revision));
        FourNumbers numbers = reader.at(key, revision);
        out.show("%s", numbers.describe());
        return numbers;
    }

    /** A read that is expected to fail: prints the failure and returns it. */
    RuntimeException getAtFailing(String key, long revision) {
        out.etcdctl(Etcdctl.getAt(key, revision));
        out.jetcd(JetcdCalls.getAt(key, revision));
        try {
            FourNumbers numbers = reader.at(key, revision);
            out.show("%s", numbers.describe());
            return null;
        } catch (RuntimeException e) {
            out.show("%s: %s", e.getClass().getSimpleName(), e.getMessage());
            return e;
        }
    }

    void compact(long revision) {
        out.etcdctl(Etcdctl.compact(revision));
        out.jetcd(JetcdCalls.compact(revision));
        compactor.compact(revision);
        out.show("OK, compacted up to revision %d", revision);
    }

    /** A compaction that is expected to fail: prints the failure and returns it. */
    RuntimeException compactFailing(long revision) {
        out.etcdctl(Etcdctl.compact(revision));
        out.jetcd(JetcdCalls.compact(revision));
        try {
            compactor.compact(revision);
            out.show("OK, compacted up to revision %d", revision);
            return null;
        } catch (RuntimeException e) {
            out.show("%s: %s", e.getClass().getSimpleName(), e.getMessage());
            return e;
        }
    }
}

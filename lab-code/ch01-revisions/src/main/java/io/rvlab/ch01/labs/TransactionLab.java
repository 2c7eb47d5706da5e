package io.rvlab.ch01.labs;

import io.rvlab.ch01.AtomicPut;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.FourNumbers;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch01.RevisionTimeline;
import io.rvlab.ch01.TimelineSvg;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lab 1.4: one transaction writing three keys raises the revision once, and all three keys share
 * its mod_revision; three separate puts raise it three times. A transaction that writes nothing
 * raises it not at all.
 */
public final class TransactionLab implements Lab {

    static final String PREFIX = "/rvlab/lab-1.4/";
    static final String A = PREFIX + "a";
    static final String B = PREFIX + "b";
    static final String C = PREFIX + "c";
    static final List<String> KEYS = List.of(A, B, C);
    static final String DIAGRAM = "txn-timeline.svg";

    @Override
    public String id() {
        return "1.4";
    }

    @Override
    public String title() {
        return "One transaction, one revision";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        Narrated etcd = new Narrated(lab);
        AtomicPut atomic = new AtomicPut(lab.client());
        RevisionTimeline timeline = new RevisionTimeline("Lab 1.4: one transaction against three puts", PREFIX, KEYS);

        out.step("Start clean");
        long start = etcd.startClean(PREFIX);

        out.step("Write three keys in one transaction");
        out.say("etcdctl txn reads: compares, an empty line, the writes to do if they hold, an empty line,");
        out.say("the writes to do otherwise. No compares here, so the writes always run.");
        Map<String, String> ones = entries("1");
        out.etcdctl(Etcdctl.txnPut(ones));
        out.jetcd(JetcdCalls.txnPut(ones));
        long txn = atomic.putAll(ones);
        out.show("OK, header revision %d", txn);
        List<FourNumbers> afterTxn = readAll(etcd);
        out.check(txn == start + 1, "three keys written, and the revision rose by exactly one: " + start + " -> " + txn);
        out.check(afterTxn.stream().allMatch(k -> k.modRevision() == txn && k.createRevision() == txn),
                "all three keys have create_revision = mod_revision = " + txn);
        timeline.record(txn, "txn: put a, b, c", KEYS, etcd.reader());

        out.step("Now three separate puts");
        long a = etcd.put(A, "2");
        timeline.record(a, "put a=2", List.of(A), etcd.reader());
        long b = etcd.put(B, "2");
        timeline.record(b, "put b=2", List.of(B), etcd.reader());
        long c = etcd.put(C, "2");
        timeline.record(c, "put c=2", List.of(C), etcd.reader());
        List<FourNumbers> afterPuts = readAll(etcd);
        out.check(a == txn + 1 && b == txn + 2 && c == txn + 3,
                "three writes, three revisions: " + a + ", " + b + ", " + c);
        out.check(afterPuts.get(0).modRevision() == a && afterPuts.get(1).modRevision() == b
                && afterPuts.get(2).modRevision() == c, "and three different mod_revisions");

        out.step("Update all three in one transaction");
        Map<String, String> threes = entries("3");
        out.etcdctl(Etcdctl.txnPut(threes));
        out.jetcd(JetcdCalls.txnPut(threes));
        long update = atomic.putAll(threes);
        out.show("OK, header revision %d", update);
        List<FourNumbers> afterUpdate = readAll(etcd);
        out.check(update == c + 1, "one transaction, one revision: " + update);
        out.check(afterUpdate.stream().allMatch(k -> k.modRevision() == update && k.version() == 3
                        && k.createRevision() == txn),
                "every key: mod_revision " + update + ", version 3 (each key still counts its own writes), "
                        + "create_revision " + txn);
        timeline.record(update, "txn: put a, b, c", KEYS, etcd.reader());

        out.step("A transaction whose condition fails");
        out.say("Create all three only if none exists: compare each key's create_revision with 0.");
        Map<String, String> news = entries("new");
        out.etcdctl(Etcdctl.txnCreateAll(news));
        out.jetcd(JetcdCalls.txnCreateAll(news));
        AtomicPut.Outcome outcome = atomic.createAll(news);
        out.show("succeeded=%s, header revision %d", outcome.succeeded(), outcome.revision());
        out.check(!outcome.succeeded(), "the keys exist, so the condition fails and nothing is written");
        out.check(outcome.revision() == update, "no write, no revision: still " + update);
        out.say("This compare-then-write in one transaction is how Kubernetes stops two updates from");
        out.say("overwriting each other (chapter 3).");

        out.step("Side by side");
        for (String line : timeline.table()) {
            out.show("%s", line);
        }
        Path diagram = lab.artifacts().resolve(DIAGRAM);
        TimelineSvg.write(timeline, diagram);
        out.check(Files.size(diagram) > 0, "drawn as " + DIAGRAM + " in the lab's artifacts");

        out.conclude("etcd counts transactions, not keys: every transaction that writes raises the revision by "
                + "exactly one however many keys it touches, and they all get that revision as mod_revision.");
    }

    /** a, b and c with one value, in a fixed order (so the transaction and its narration are the same every run). */
    private static Map<String, String> entries(String value) {
        Map<String, String> entries = new LinkedHashMap<>();
        KEYS.forEach(key -> entries.put(key, value));
        return entries;
    }

    private static List<FourNumbers> readAll(Narrated etcd) {
        return KEYS.stream().map(etcd::get).toList();
    }
}

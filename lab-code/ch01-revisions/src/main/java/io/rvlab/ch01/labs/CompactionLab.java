package io.rvlab.ch01.labs;

import io.rvlab.ch01.CompactedRevisionException;
import io.rvlab.ch01.FourNumbers;
import io.rvlab.ch01.FutureRevisionException;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;

/**
 * Lab 1.3: read keys at earlier revisions, compact, see the error for a compacted revision and
 * what survives compaction; then ask for a revision that does not exist yet.
 */
public final class CompactionLab implements Lab {

    static final String PREFIX = "/rvlab/lab-1.3/";
    static final String COUNTER = PREFIX + "counter";
    static final String TEMP = PREFIX + "temp";

    @Override
    public String id() {
        return "1.3";
    }

    @Override
    public String title() {
        return "Reading the past, and compaction";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        Narrated etcd = new Narrated(lab);

        out.step("Start clean");
        long start = etcd.startClean(PREFIX);

        out.step("Make some history");
        out.say("counter goes 1, 2, 3; in between, temp is created and deleted.");
        long one = etcd.put(COUNTER, "1");
        long two = etcd.put(COUNTER, "2");
        long tempBorn = etcd.put(TEMP, "x");
        long tempGone = etcd.delete(TEMP);
        long three = etcd.put(COUNTER, "3");
        out.check(three == start + 5, "five writes, five revisions: " + one + " to " + three);

        out.step("Read the past");
        out.say("A read at revision R sees the store as it was right after the write that made R.");
        FourNumbers atOne = etcd.getAt(COUNTER, one);
        FourNumbers atTwo = etcd.getAt(COUNTER, two);
        FourNumbers atTempGone = etcd.getAt(COUNTER, tempGone);
        FourNumbers tempAlive = etcd.getAt(TEMP, tempBorn);
        FourNumbers now = etcd.get(COUNTER);
        out.check(value(atOne).equals("1") && value(atTwo).equals("2"),
                "revision " + one + " shows counter=1 and revision " + two + " shows counter=2");
        out.check(value(atTempGone).equals("2"),
                "at revision " + tempGone + " counter is still 2: writes to temp did not touch it");
        out.check(value(tempAlive).equals("x"), "temp, deleted since, can be read at revision " + tempBorn);
        out.check(value(now).equals("3") && now.version() == 3, "and now counter is 3, version 3");

        out.step("Compact");
        out.say("Compacting at revision " + tempGone + " tells etcd to forget every revision older than it.");
        etcd.compact(tempGone);
        long after = etcd.revision();
        out.check(after == three, "compaction is not a write: the revision stays " + three);

        out.step("Read at a compacted revision");
        RuntimeException failure = etcd.getAtFailing(COUNTER, two);
        out.check(failure instanceof CompactedRevisionException,
                "etcd refuses: \"mvcc: required revision has been compacted\"");
        CompactedRevisionException compacted = (CompactedRevisionException) failure;
        out.check(compacted.requestedRevision() == two, "the exception names the revision asked for: " + two);
        out.check(compacted.compactRevision().orElse(-1) == tempGone,
                "and where history now starts, " + tempGone + " (found by a watch, see CompactionProbe)");
        out.say("etcdctl prints: Error: etcdserver: mvcc: required revision has been compacted");
        out.say("A Kubernetes list that asks for exactly such a resourceVersion gets 410 Gone (reason Expired);");
        out.say("a watch from one gets an ERROR event with that same status (chapters 2 and 4).");

        out.step("What survives");
        FourNumbers atCompaction = etcd.getAt(COUNTER, tempGone);
        FourNumbers tempAtCompaction = etcd.getAt(TEMP, tempGone);
        RuntimeException tempPast = etcd.getAtFailing(TEMP, tempBorn);
        now = etcd.get(COUNTER);
        out.check(value(atCompaction).equals("2") && atCompaction.createRevision() == one && atCompaction.version() == 2,
                "revision " + tempGone + " itself is still readable: counter=2, with its create_revision and version");
        out.check(value(now).equals("3") && now.createRevision() == one,
                "the latest value keeps its numbers: compaction rewrites no key");
        out.check(!tempAtCompaction.exists() && tempPast instanceof CompactedRevisionException,
                "temp, deleted before the compaction point, is gone from every revision still readable");

        out.step("Compaction only moves forward");
        RuntimeException again = etcd.compactFailing(two);
        out.check(again instanceof CompactedRevisionException,
                "compacting at an older revision (" + two + ") fails with the same error");

        out.step("Ask for the future");
        RuntimeException future = etcd.getAtFailing(COUNTER, three + 1);
        out.check(future instanceof FutureRevisionException
                        && ((FutureRevisionException) future).currentRevision() == three,
                "revision " + (three + 1) + " has not happened: \"mvcc: required revision is a future revision\"");
        out.say("Kubernetes reports a resourceVersion ahead of etcd as \"Too large resource version\" (chapter 2).");

        out.conclude("etcd keeps every revision until it is compacted. Reads at a compacted revision fail, the "
                + "compaction revision itself and everything after it stay readable, and a key deleted before "
                + "the compaction point leaves no trace.");
    }

    private static String value(FourNumbers numbers) {
        return numbers.value().orElse("(absent)");
    }
}

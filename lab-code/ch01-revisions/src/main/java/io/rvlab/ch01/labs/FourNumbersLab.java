package io.rvlab.ch01.labs;

import io.rvlab.ch01.FourNumbers;
import io.rvlab.ch01.RevisionTimeline;
import io.rvlab.ch01.TimelineSvg;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Lab 1.1: put a key twice, write another key, put the same value again, delete: after each write,
 * read the store's revision and the key's create_revision, mod_revision and version.
 */
public final class FourNumbersLab implements Lab {

    static final String PREFIX = "/rvlab/lab-1.1/";
    static final String COLOR = PREFIX + "color";
    static final String SIZE = PREFIX + "size";
    static final String DIAGRAM = "revisions-timeline.svg";

    @Override
    public String id() {
        return "1.1";
    }

    @Override
    public String title() {
        return "The four numbers";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        Narrated etcd = new Narrated(lab);
        RevisionTimeline timeline = new RevisionTimeline("Lab 1.1: the four numbers across five writes",
                PREFIX, List.of(COLOR, SIZE));

        out.step("Start clean and note where etcd is");
        out.say("Every number below is relative to this starting revision. A fresh etcd starts at 1:");
        out.say("the empty store already counts as revision 1.");
        long start = etcd.startClean(PREFIX);

        out.step("Create a key");
        long created = etcd.put(COLOR, "red");
        FourNumbers color = etcd.get(COLOR);
        out.check(created == start + 1, "the put made exactly one new revision: " + start + " -> " + created);
        out.check(color.revision() == created, "the read's header revision is that revision: " + created);
        out.check(color.createRevision() == created && color.modRevision() == created,
                "a new key: create_revision = mod_revision = " + created + ", the revision of its put");
        out.check(color.version() == 1, "version 1: written once in this life");
        timeline.record(created, "put color=red", List.of(COLOR), etcd.reader());

        out.step("Change it");
        long changed = etcd.put(COLOR, "blue");
        color = etcd.get(COLOR);
        out.check(changed == created + 1, "one more write, one more revision: " + changed);
        out.check(color.createRevision() == created, "create_revision stays " + created + ": same key, same life");
        out.check(color.modRevision() == changed, "mod_revision moves to " + changed + ", the revision of the last write");
        out.check(color.version() == 2, "version 2: written twice");
        timeline.record(changed, "put color=blue", List.of(COLOR), etcd.reader());

        out.step("Write a different key");
        out.say("The revision belongs to the whole store, not to a key.");
        long other = etcd.put(SIZE, "small");
        color = etcd.get(COLOR);
        FourNumbers size = etcd.get(SIZE);
        out.check(color.revision() == other, "the store moved to revision " + other + " for everyone, color included");
        out.check(color.modRevision() == changed && color.version() == 2,
                "but color's own numbers did not move: mod_revision " + changed + ", version 2");
        out.check(size.createRevision() == other && size.modRevision() == other && size.version() == 1,
                "size is new: create_revision = mod_revision = " + other + ", version 1");
        timeline.record(other, "put size=small", List.of(SIZE), etcd.reader());

        out.step("Put the same value again");
        out.say("etcd does not compare values: every put is a write, even one that changes nothing.");
        long same = etcd.put(COLOR, "blue");
        color = etcd.get(COLOR);
        out.check(same == other + 1, "a new revision all the same: " + same);
        out.check(color.modRevision() == same && color.version() == 3,
                "mod_revision " + same + " and version 3, for an unchanged value \"blue\"");
        out.say("(A Kubernetes API server skips an update whose stored bytes would not change, so such");
        out.say("an update leaves the resourceVersion alone. Chapter 3 does the same.)");
        timeline.record(same, "put color=blue", List.of(COLOR), etcd.reader());

        out.step("Delete the key");
        long deleted = etcd.delete(COLOR);
        color = etcd.get(COLOR);
        size = etcd.get(SIZE);
        out.check(deleted == same + 1, "a delete is a write too: revision " + deleted);
        out.check(!color.exists() && color.createRevision() == 0 && color.modRevision() == 0 && color.version() == 0,
                "a missing key reads as create_revision 0, mod_revision 0, version 0");
        out.check(size.modRevision() == other, "size is untouched: mod_revision still " + other);
        timeline.record(deleted, "delete color", List.of(COLOR), etcd.reader());

        out.step("Delete it again");
        long again = etcd.delete(COLOR);
        out.check(again == deleted, "nothing to delete, nothing written: still revision " + deleted);

        out.step("The whole story in one table");
        out.say("Each cell is create_revision/mod_revision/version and the value; * marks the key each write touched.");
        for (String line : timeline.table()) {
            out.show("%s", line);
        }
        Path diagram = lab.artifacts().resolve(DIAGRAM);
        TimelineSvg.write(timeline, diagram);
        out.check(Files.size(diagram) > 0, "the same timeline drawn as " + DIAGRAM + " in the lab's artifacts");

        out.conclude("the revision counts the writes to the whole store and is in every response's header; "
                + "create_revision, mod_revision and version describe one key. A key's mod_revision is the "
                + "revision of its last write: that is what Kubernetes calls an object's resourceVersion.");
    }
}

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
 * Lab 1.2: a key is created, changed, deleted and created again under the same name. The second
 * life starts over (new create_revision, version 1), and reads at older revisions still show the
 * first life.
 */
public final class RecreateLab implements Lab {

    static final String PREFIX = "/rvlab/lab-1.2/";
    static final String CONFIG = PREFIX + "config";
    static final String DIAGRAM = "recreate-timeline.svg";

    @Override
    public String id() {
        return "1.2";
    }

    @Override
    public String title() {
        return "Delete, then recreate";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        Narrated etcd = new Narrated(lab);
        RevisionTimeline timeline = new RevisionTimeline("Lab 1.2: a key deleted and created again",
                PREFIX, List.of(CONFIG));

        out.step("Start clean");
        long start = etcd.startClean(PREFIX);

        out.step("First life: create the key and change it once");
        long born = etcd.put(CONFIG, "v1");
        timeline.record(born, "put config=v1", List.of(CONFIG), etcd.reader());
        long changed = etcd.put(CONFIG, "v2");
        timeline.record(changed, "put config=v2", List.of(CONFIG), etcd.reader());
        FourNumbers first = etcd.get(CONFIG);
        out.check(born == start + 1 && changed == born + 1, "two writes, two revisions: " + born + " and " + changed);
        out.check(first.createRevision() == born && first.version() == 2,
                "create_revision " + born + ", version 2");

        out.step("Delete it");
        long deleted = etcd.delete(CONFIG);
        timeline.record(deleted, "delete config", List.of(CONFIG), etcd.reader());
        FourNumbers gone = etcd.get(CONFIG);
        out.check(!gone.exists(), "the key is gone at revision " + deleted);

        out.step("Second life: create it again under the same name");
        long reborn = etcd.put(CONFIG, "v3");
        timeline.record(reborn, "put config=v3", List.of(CONFIG), etcd.reader());
        FourNumbers second = etcd.get(CONFIG);
        out.check(second.createRevision() == reborn && second.createRevision() != first.createRevision(),
                "create_revision starts over: " + reborn + ", not " + born);
        out.check(second.version() == 1, "version starts over at 1, not 3");
        out.check(second.modRevision() == reborn, "mod_revision " + reborn + ", as for any new key");
        out.say("Same name, different key: create_revision tells the two lives apart. Kubernetes has the");
        out.say("same problem one level up and gives every object a uid, so a recreated object is a new object.");

        out.step("Read the past");
        out.say("Nothing was compacted, so every older revision can still be read.");
        FourNumbers atBirth = etcd.getAt(CONFIG, born);
        FourNumbers beforeDelete = etcd.getAt(CONFIG, changed);
        FourNumbers atDelete = etcd.getAt(CONFIG, deleted);
        FourNumbers beforeBirth = etcd.getAt(CONFIG, start);
        out.check(atBirth.value().orElse("").equals("v1") && atBirth.version() == 1,
                "at revision " + born + " the key holds v1, version 1");
        out.check(beforeDelete.value().orElse("").equals("v2") && beforeDelete.createRevision() == born
                && beforeDelete.version() == 2,
                "at revision " + changed + " it still holds the first life's v2 (create_revision " + born + ", version 2)");
        out.check(!atDelete.exists(), "at revision " + deleted + " it does not exist");
        out.check(!beforeBirth.exists(), "and at revision " + start + ", before the first put, neither");
        out.check(beforeDelete.revision() == second.revision(),
                "a read in the past still reports today's header revision (" + second.revision()
                        + "): the header says where the store is, not which revision you asked for");

        out.step("The key's two lives");
        for (String line : timeline.table()) {
            out.show("%s", line);
        }
        Path diagram = lab.artifacts().resolve(DIAGRAM);
        TimelineSvg.write(timeline, diagram);
        out.check(Files.size(diagram) > 0, "drawn as " + DIAGRAM + " in the lab's artifacts");

        out.conclude("deleting a key ends its life; putting the same name again starts a new one with a new "
                + "create_revision and version 1. The old values stay readable at their revisions until "
                + "compaction (lab 1.3).");
    }
}

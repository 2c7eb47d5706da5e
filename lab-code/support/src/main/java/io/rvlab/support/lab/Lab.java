package io.rvlab.support.lab;

/**
 * A narrated lab: a short program against real etcd that prints what it does, the etcdctl command
 * a learner could type instead, and what etcd answered. Labs check their own claims
 * ({@link Narrator#check}), so a lab that runs to the end is also a proof.
 *
 * <p>Chapters list their labs in {@code META-INF/services/io.rvlab.support.lab.Lab}; {@code ./course lab 1.1}
 * finds them there.
 */
public interface Lab {

    /** "chapter.number", for example "1.1". */
    String id();

    /** A short title, shown as the lab's heading. */
    String title();

    void run(LabContext lab) throws Exception;
}

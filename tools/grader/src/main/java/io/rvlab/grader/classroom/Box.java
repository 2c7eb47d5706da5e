package io.rvlab.grader.classroom;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Where a student's code runs when a class is graded: a container of its own, because that code is
 * untrusted and would otherwise run with the instructor's rights (a {@code static {}} block is
 * enough). What it can touch:
 * <ul>
 *   <li>no network at all, only its own loopback, where its tests start etcd as processes
 *       ({@code RVLAB_ETCD_BINARY}, set by the image): one member, or chapter 7's clusters, whose
 *       members are frozen with the image's {@code kill} command and cut off by proxies on that loopback;</li>
 *   <li>a non-root user, no capabilities, no privilege gained by exec;</li>
 *   <li>a read-only file system: the course, the Maven repository's jars and the student's exported
 *       commit are mounted read-only; the only writable places are two size-limited, in-memory
 *       folders (the grader's classes and logs, and a temporary folder);</li>
 *   <li>limits on memory, CPU and processes, so a fork bomb or a memory hog ends as its own failure.</li>
 * </ul>
 * Its report leaves the box on stdout, read with a size limit by {@link GradingJob}.
 *
 * @param engine   podman or docker
 * @param image    the box's image ({@code ./course} builds it from this machine's JDK and etcd)
 * @param memory   e.g. "3g": the JVM, etcd and the in-memory folders together
 * @param cpus     CPUs the box may use
 * @param pids     processes and threads
 */
public record Box(String engine, String image, String memory, double cpus, int pids) {

    /** The user the box runs as: not root, and no user of the grading machine. */
    static final String USER = "10001:10001";

    /** The box's temporary folder (in memory). */
    static final String TMP = "/rvlab-tmp";

    /** etcd's data in the box (in memory). */
    static final String ETCD_DATA = "/rvlab-etcd";

    /**
     * {@code java ... args} run in a box named {@code name}, with {@code readOnly} mounted read-only at
     * their own paths and {@code scratch/target/grader} an in-memory folder.
     */
    List<String> command(String name, Path scratch, List<Path> readOnly, List<String> javaArgs) {
        List<String> c = new ArrayList<>(List.of(engine, "run", "--rm", "--name", name, "--network", "none", "--user", USER,
                "--read-only", "--read-only-tmpfs=false", "--cap-drop", "all", "--security-opt", "no-new-privileges",
                "--memory", memory, "--memory-swap", memory, "--cpus", String.valueOf(cpus), "--pids-limit", String.valueOf(pids),
                // Its own temporary folder, not /tmp: the course or the Maven repository may live under /tmp.
                "--tmpfs", TMP + ":rw,size=512m,mode=1777", "--env", "TMPDIR=" + TMP,
                // etcd's data apart from the temporary folder, which the grader empties after each exercise:
                // an answer that fills one cannot take the next exercises' etcd or space with it.
                "--tmpfs", ETCD_DATA + ":rw,size=512m,mode=1777", "--env", "RVLAB_ETCD_DATA=" + ETCD_DATA,
                "--env", "RVLAB_BOX=1",
                "--mount", "type=tmpfs,destination=" + scratch.resolve("target/grader") + ",tmpfs-size=512m,tmpfs-mode=1777",
                "--workdir", scratch.toString()));
        for (Path p : roots(readOnly)) {
            c.addAll(List.of("--volume", p + ":" + p + ":ro"));
        }
        c.add(image);
        c.add("java");
        // No .rvlab/etcd.properties of the instructor's (an external etcd, say) reaches the box: its etcd is its own.
        c.add("-Drvlab.root=" + TMP);
        c.add("-Djava.io.tmpdir=" + TMP);
        c.addAll(javaArgs);
        return c;
    }

    /** The given paths without those inside another one (a mount covers what is under it). */
    static List<Path> roots(List<Path> paths) {
        TreeSet<Path> sorted = new TreeSet<>(paths.stream().map(Path::toAbsolutePath).map(Path::normalize).toList());
        List<Path> roots = new ArrayList<>();
        for (Path p : sorted) {
            if (roots.stream().noneMatch(p::startsWith)) {
                roots.add(p);
            }
        }
        return roots;
    }
}

package io.rvlab.support.bench;

/**
 * A benchmark the launcher runs: a program that measures and prints a table, never a test that
 * asserts on speed. Registered as labs are (a {@code META-INF/services/io.rvlab.support.bench.Benchmark}
 * file in its chapter), so {@code ./course bench --list}, {@code ./course bench <name>} and the site
 * build read one list: {@link Benchmarks}.
 */
public interface Benchmark {

    /** The name {@code ./course bench <name>} takes. */
    String name();

    /** What it measures, in one line. */
    String summary();

    /** Its options after the name, as {@code ./course bench <name>} takes them. */
    String options();

    /** The program: a class whose {@code main(String[])} takes {@code --out DIR} and {@code --quick}. */
    Class<?> program();

    /** The module, relative to the checkout, whose {@code target/bench/} receives the results. */
    String module();

    /** Where {@code --record} copies the table and the chart: beside the chapter text that shows them. */
    String recordedIn();

    /**
     * True when the program starts {@code ./course serve}'s server in a JVM of its own: it then runs on
     * the newest chapter's class path, so that the server it measures is the one users run.
     */
    boolean onNewestServer();
}

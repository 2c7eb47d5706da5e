package io.rvlab.support.lab;

import java.io.PrintStream;

/**
 * Prints a lab's story in one plain-text format, the same on a terminal and in the docs (the build
 * captures this output and the chapters include it).
 */
public final class Narrator {

    private final PrintStream out;
    private int step;

    public Narrator(PrintStream out) {
        this.out = out;
    }

    public void heading(String id, String title) {
        String line = "Lab " + id + ": " + title;
        out.println(line);
        out.println("=".repeat(line.length()));
    }

    /** Starts a numbered step. */
    public void step(String what) {
        out.println();
        out.println("Step " + (++step) + ". " + what);
    }

    /** A sentence of explanation. */
    public void say(String text) {
        out.println("  " + text);
    }

    /** The etcdctl command that does what the next jetcd call does. */
    public void etcdctl(String arguments) {
        out.println("  $ etcdctl " + arguments);
    }

    /** The jetcd call the lab makes. */
    public void jetcd(String call) {
        out.println("  jetcd> " + call);
    }

    /** What etcd answered. */
    public void show(String format, Object... args) {
        out.println("    " + String.format(format, args));
    }

    /** States a fact the lab has just observed, and fails the lab if it does not hold. */
    public void check(boolean holds, String claim) {
        if (!holds) {
            out.println("  FAILED: " + claim);
            throw new LabFailure(claim);
        }
        out.println("  \u2714 " + claim);
    }

    /** A closing summary line. */
    public void conclude(String text) {
        out.println();
        out.println("What you saw: " + text);
    }
}

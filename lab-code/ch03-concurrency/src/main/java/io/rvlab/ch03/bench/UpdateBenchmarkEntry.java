package io.rvlab.ch03.bench;

import io.rvlab.support.bench.Benchmark;

/** Chapter 3's benchmark: updates per second through the API server against raw etcd (the target: a ratio of 0.8 at 64 clients). Registered for {@code ./course bench update}. */
public final class UpdateBenchmarkEntry implements Benchmark {

    @Override
    public String name() {
        return "update";
    }

    @Override
    public String summary() {
        return "updates/s of raw etcd vs the newest API server (own JVM), 1/16/64 clients, distinct and contended objects";
    }

    @Override
    public String options() {
        return "[--seconds N] [--warmup N] [--quick] [--record] [--server URL]";
    }

    @Override
    public Class<?> program() {
        return UpdateBenchmark.class;
    }

    @Override
    public String module() {
        return "lab-code/ch03-concurrency";
    }

    @Override
    public String recordedIn() {
        return "chapters/03-optimistic-concurrency/bench";
    }

    @Override
    public boolean onNewestServer() {
        return true;
    }
}

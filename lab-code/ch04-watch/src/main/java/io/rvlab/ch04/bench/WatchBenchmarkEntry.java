package io.rvlab.ch04.bench;

import io.rvlab.support.bench.Benchmark;

/** Chapter 4's benchmark: watch delivery through the API server's watch cache against direct etcd watches. Registered for {@code ./course bench watch}. */
public final class WatchBenchmarkEntry implements Benchmark {

    @Override
    public String name() {
        return "watch";
    }

    @Override
    public String summary() {
        return "watch delivery: 1/100/1000 watchers at 200 writes/s, and 1,000 at 20 writes/s, through the newest API server (own JVM) vs direct etcd watches";
    }

    @Override
    public String options() {
        return "[--seconds N] [--warmup N] [--quick] [--record] [--server URL]";
    }

    @Override
    public Class<?> program() {
        return WatchBenchmark.class;
    }

    @Override
    public String module() {
        return "lab-code/ch04-watch";
    }

    @Override
    public String recordedIn() {
        return "chapters/04-watch/bench";
    }

    @Override
    public boolean onNewestServer() {
        return true;
    }
}

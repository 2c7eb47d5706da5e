package io.rvlab.ch05.bench;

import io.rvlab.support.bench.Benchmark;

/** Chapter 5's benchmark: the memory and time an informer's first sync costs, paginated list against watch-list. Registered for {@code ./course bench list}. */
public final class ListBenchmarkEntry implements Benchmark {

    @Override
    public String name() {
        return "list";
    }

    @Override
    public String summary() {
        return "an informer syncing 10,000 ConfigMaps: API server and client peak heap, time to synced; paginated list vs watch-list";
    }

    @Override
    public String options() {
        return "[--objects N] [--rounds N] [--quick] [--record]";
    }

    @Override
    public Class<?> program() {
        return ListBenchmark.class;
    }

    @Override
    public String module() {
        return "lab-code/ch05-informer";
    }

    @Override
    public String recordedIn() {
        return "chapters/05-informer/bench";
    }

    @Override
    public boolean onNewestServer() {
        return false;
    }
}

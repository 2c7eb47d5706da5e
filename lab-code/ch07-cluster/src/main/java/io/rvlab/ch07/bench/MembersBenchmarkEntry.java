package io.rvlab.ch07.bench;

import io.rvlab.support.bench.Benchmark;

/** Chapter 7's benchmark: updates per second on one etcd member and on three, raw and through the API server. Registered for {@code ./course bench members}. */
public final class MembersBenchmarkEntry implements Benchmark {

    @Override
    public String name() {
        return "members";
    }

    @Override
    public String summary() {
        return "updates/s on 1 etcd member vs 3, raw etcd and the newest API server (own JVM), 1/16/64 clients";
    }

    @Override
    public String options() {
        return "[--seconds N] [--warmup N] [--quick] [--record] [--clients 1,16,64] [--members 1,3]";
    }

    @Override
    public Class<?> program() {
        return MembersBenchmark.class;
    }

    @Override
    public String module() {
        return "lab-code/ch07-cluster";
    }

    @Override
    public String recordedIn() {
        return "chapters/07-beyond-one-etcd/bench";
    }

    @Override
    public boolean onNewestServer() {
        return true;
    }
}

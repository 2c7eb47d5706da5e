package io.rvlab.ch04.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the benchmark JVM's CPU went during a cell, by kind of thread: the watchers' HTTP client, gRPC
 * (jetcd: the direct watchers), the writer, and the rest. The API server runs in a JVM of its own,
 * whose CPU the benchmark reads as one figure; everything shares the same cores, so this says which
 * side of the wire a mode's cost is on. Threads that end inside the window are not counted.
 */
final class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Map<Long, Long> startNanos = new HashMap<>();

    private ThreadCpu() {
    }

    /** The CPU time of every live thread now. */
    static ThreadCpu snapshot() {
        ThreadCpu snapshot = new ThreadCpu();
        for (long id : THREADS.getAllThreadIds()) {
            long cpu = THREADS.getThreadCpuTime(id);
            if (cpu >= 0) {
                snapshot.startNanos.put(id, cpu);
            }
        }
        return snapshot;
    }

    /** The CPU each kind of thread used since this snapshot, in milliseconds, largest first; none under 1 ms. */
    Map<String, Long> sinceMillis() {
        Map<String, Long> byKind = new HashMap<>();
        for (long id : THREADS.getAllThreadIds()) {
            long cpu = THREADS.getThreadCpuTime(id);
            ThreadInfo info = THREADS.getThreadInfo(id);
            if (cpu < 0 || info == null) {
                continue;
            }
            long used = cpu - startNanos.getOrDefault(id, 0L);
            byKind.merge(kind(info.getThreadName()), used, Long::sum);
        }
        Map<String, Long> sorted = new LinkedHashMap<>();
        byKind.entrySet().stream().filter(e -> e.getValue() >= 1_000_000)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue() / 1_000_000));
        return sorted;
    }

    static final String HTTP_CLIENT = "watchers' HTTP client";
    static final String GRPC = "gRPC (jetcd)";

    static String kind(String thread) {
        if (thread.startsWith("HttpClient-") || thread.startsWith("bench-watchers")) {
            return HTTP_CLIENT;
        }
        if (thread.startsWith("grpc-") || thread.contains("jetcd") || thread.startsWith("vert.x")) {
            return GRPC;
        }
        if (thread.startsWith("bench-writer")) {
            return "writer";
        }
        if (thread.startsWith("rvlab-")) {
            return "server (" + thread.replaceAll("-?\\d+$", "") + ")";
        }
        return "other (" + thread.replaceAll("-?\\d+$", "") + ")";
    }
}

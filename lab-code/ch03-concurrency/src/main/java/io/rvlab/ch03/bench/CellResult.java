package io.rvlab.ch03.bench;

/**
 * What one path achieved in one cell of the benchmark: per second of measured time, the updates
 * that were written and the attempts that lost a race; the latency of the conditional write
 * (Txn or PUT) over every attempt, in microseconds; errors (neither an update nor a conflict); and
 * the CPU time this JVM spent in the window (clients, API server and jetcd alike; etcd's own is not
 * in it), which says what an update costs whatever else the machine is doing.
 */
public record CellResult(String path, Contention contention, int clients, double seconds,
        long updates, long conflicts, long errors, long p50Micros, long p99Micros, long jvmCpuNanos,
        String firstError) {

    /** This JVM's CPU time per attempt (update or conflict), in microseconds; 0 without attempts. */
    public long jvmCpuMicrosPerAttempt() {
        long attempts = updates + conflicts;
        return attempts == 0 ? 0 : jvmCpuNanos / attempts / 1000;
    }

    public double updatesPerSecond() {
        return updates / seconds;
    }

    public double conflictsPerSecond() {
        return conflicts / seconds;
    }
}

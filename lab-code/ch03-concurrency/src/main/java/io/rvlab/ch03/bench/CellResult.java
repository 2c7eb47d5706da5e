package io.rvlab.ch03.bench;

/**
 * What one path achieved in one cell of the benchmark: per second of measured time, the updates
 * that were written and the attempts that lost a race; the latency of the conditional write
 * (Txn or PUT) over every attempt, in microseconds; errors (neither an update nor a conflict); the
 * CPU time the clients' JVM spent in the window (the load clients and jetcd); and the CPU time of the
 * API server's process in the window, or -1 when the benchmark did not start it (etcd's own is in
 * neither). CPU per attempt says what an update costs whatever else the machine is doing.
 */
public record CellResult(String path, Contention contention, int clients, double seconds,
        long updates, long conflicts, long errors, long p50Micros, long p99Micros, long jvmCpuNanos,
        long serverCpuNanos, String firstError) {

    /** This JVM's CPU time per attempt (update or conflict), in microseconds; 0 without attempts. */
    public long jvmCpuMicrosPerAttempt() {
        long attempts = updates + conflicts;
        return attempts == 0 ? 0 : jvmCpuNanos / attempts / 1000;
    }

    /** The API server process's CPU time per attempt, in microseconds; empty when it was not measured. */
    public java.util.OptionalLong serverCpuMicrosPerAttempt() {
        long attempts = updates + conflicts;
        return serverCpuNanos < 0 || attempts == 0 ? java.util.OptionalLong.empty()
                : java.util.OptionalLong.of(serverCpuNanos / attempts / 1000);
    }

    public double updatesPerSecond() {
        return updates / seconds;
    }

    public double conflictsPerSecond() {
        return conflicts / seconds;
    }
}

package io.rvlab.ch04.bench;

/**
 * What one mode achieved with one watcher count, over the measured window.
 *
 * @param mode how the watchers watched
 * @param watchers how many there were
 * @param seconds the measured window
 * @param writesTarget the writes the writer's rate asks for in the window
 * @param writesSent writes the writer sent in the window
 * @param writesAcknowledged writes acknowledged (200) in the window
 * @param writeErrors writes that failed in the window
 * @param eventsDelivered events the watchers received in the window, all watchers together
 * @param eventsExpected acknowledged writes times watchers: what every watcher should have received
 * @param eventsMissing of those, the ones no watcher-event matched by the end of the drain
 * @param p50Micros median delivery latency, write acknowledged to event received
 * @param p99Micros 99th percentile of the same
 * @param maxMicros the largest
 * @param etcdWatches the watches etcd held during the cell, by its own count (the API server's among them)
 * @param p50WriteMicros the writer's own median write latency (PUT sent to answered)
 * @param p99WriteMicros the writer's own p99 write latency
 * @param jvmCpuNanos the CPU this JVM (writer, watchers, jetcd; not the API server, not etcd) used in the window
 * @param serverCpuNanos the CPU the API server's process used in the window; -1 when the benchmark did not start it
 * @param cpuMillisByThread this JVM's CPU by kind of thread ({@link ThreadCpu}), in milliseconds
 * @param failedWatchers watchers whose watch ended while the cell ran
 * @param firstError the first failure of a watcher or a write, or null
 */
public record WatchCellResult(WatchMode mode, int watchers, double seconds, long writesTarget, long writesSent,
        long writesAcknowledged, long writeErrors, long eventsDelivered, long eventsExpected, long eventsMissing,
        long p50Micros, long p99Micros, long maxMicros, int etcdWatches, long p50WriteMicros, long p99WriteMicros, long jvmCpuNanos,
        long serverCpuNanos, java.util.Map<String, Long> cpuMillisByThread, int failedWatchers, String firstError) {

    public double writesSentPerSecond() {
        return writesSent / seconds;
    }

    public double writesAcknowledgedPerSecond() {
        return writesAcknowledged / seconds;
    }

    public double targetRate() {
        return writesTarget / seconds;
    }

    public double eventsPerSecond() {
        return eventsDelivered / seconds;
    }

    /** This JVM's CPU per event delivered in the window, in microseconds (0 without events). */
    public long jvmCpuMicrosPerEvent() {
        return eventsDelivered == 0 ? 0 : jvmCpuNanos / eventsDelivered / 1000;
    }

    /** The API server process's CPU per event delivered in the window, in microseconds; -1 when unknown. */
    public long serverCpuMicrosPerEvent() {
        return serverCpuNanos < 0 ? -1 : eventsDelivered == 0 ? 0 : serverCpuNanos / eventsDelivered / 1000;
    }

    /** The CPU of one kind of thread ({@link ThreadCpu}) per event delivered, in microseconds. */
    public long cpuMicrosPerEvent(String threadKind) {
        return eventsDelivered == 0 ? 0 : cpuMillisByThread.getOrDefault(threadKind, 0L) * 1000 / eventsDelivered;
    }

    /** The writer held its rate: at least 95 % of the target's writes were acknowledged. */
    public boolean writerHeldRate() {
        return writesAcknowledged >= 0.95 * writesTarget;
    }
}

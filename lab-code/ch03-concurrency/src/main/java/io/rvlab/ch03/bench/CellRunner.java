package io.rvlab.ch03.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * Runs one cell: {@code clients} threads, each a closed loop (one update at a time, the next as soon
 * as the last is answered) on its object. The loops first warm up (the JIT compiles, connections
 * open, etcd settles), then run for the measured time; only attempts that complete inside the
 * measured window count, so the cost of an attempt cut at either edge falls on neither path.
 */
final class CellRunner {

    private final double warmupSeconds;
    private final double seconds;
    private final LongSupplier serverCpuNanos;

    /** @param serverCpuNanos the API server process's CPU time so far, or -1 when it cannot be known */
    CellRunner(double warmupSeconds, double seconds, LongSupplier serverCpuNanos) {
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.serverCpuNanos = serverCpuNanos;
    }

    CellResult run(Updater updater, Contention contention, int clients) throws InterruptedException {
        List<String> objects = contention.objectsFor(clients);
        long begin = System.nanoTime();
        long measureFrom = begin + (long) (warmupSeconds * 1e9);
        long measureTo = measureFrom + (long) (seconds * 1e9);
        List<Loop> loops = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            Loop loop = new Loop(updater, objects.get(i), measureFrom, measureTo);
            loop.thread = new Thread(loop, "bench-" + updater.name().replace(' ', '-') + "-" + i);
            loops.add(loop);
        }
        loops.forEach(l -> l.thread.start());
        long cpuFrom = cpuAt(measureFrom);
        long serverFrom = serverCpuNanos.getAsLong();
        long cpuTo = cpuAt(measureTo);
        long serverTo = serverCpuNanos.getAsLong();
        LatencyHistogram writes = new LatencyHistogram();
        long updates = 0;
        long conflicts = 0;
        long errors = 0;
        String firstError = null;
        for (Loop loop : loops) {
            loop.thread.join();
            writes.add(loop.writes);
            updates += loop.updates;
            conflicts += loop.conflicts;
            errors += loop.errors;
            if (firstError == null && loop.firstError.get() != null) {
                firstError = loop.firstError.get();
            }
        }
        return new CellResult(updater.name(), contention, clients, seconds, updates, conflicts, errors,
                writes.percentile(50), writes.percentile(99), cpuTo - cpuFrom,
                serverFrom < 0 || serverTo < 0 ? -1 : serverTo - serverFrom, firstError);
    }

    /** Sleeps until {@code nanoTime} and returns the CPU time this JVM has used so far. */
    private static long cpuAt(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Loop implements Runnable {
        private final Updater updater;
        private final String object;
        private final long measureFrom;
        private final long measureTo;
        private final LatencyHistogram writes = new LatencyHistogram();
        private final AtomicReference<String> firstError = new AtomicReference<>();
        private Thread thread;
        private long updates;
        private long conflicts;
        private long errors;

        Loop(Updater updater, String object, long measureFrom, long measureTo) {
            this.updater = updater;
            this.object = object;
            this.measureFrom = measureFrom;
            this.measureTo = measureTo;
        }

        @Override
        public void run() {
            while (System.nanoTime() < measureTo) {
                Updater.Attempt attempt = null;
                String error = null;
                try {
                    attempt = updater.update(object);
                } catch (Exception e) {
                    error = e.getClass().getSimpleName() + ": " + e.getMessage();
                    pause(); // an error is usually not over in a microsecond: do not spin on it
                }
                long done = System.nanoTime();
                if (done < measureFrom || done >= measureTo) {
                    continue; // warm-up, or finished after the window closed
                }
                if (attempt == null) {
                    errors++;
                    firstError.compareAndSet(null, error);
                    continue;
                }
                writes.recordNanos(attempt.writeNanos());
                if (attempt.updated()) {
                    updates++;
                } else {
                    conflicts++;
                }
            }
        }
    }
}

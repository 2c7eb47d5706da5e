package io.rvlab.ch05.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The heap of the JVM it runs in, as a benchmark child reports it. Two views, because neither alone
 * is the truth: the heap in use sampled every 10 ms (live objects plus garbage not yet collected:
 * an upper bound that depends on the collector's pace), and the heap left after each garbage
 * collection (what survived: a lower bound on the live peak, seen only when a collection runs).
 */
final class HeapPeaks implements AutoCloseable {

    /** What was seen since the last {@link #reset}, in bytes. */
    record Peaks(long usedPeak, long afterGcPeak, int collections) {
    }

    private final AtomicLong usedPeak = new AtomicLong();
    private final AtomicLong afterGcPeak = new AtomicLong();
    private final AtomicLong collections = new AtomicLong();
    private final List<Runnable> unregister = new ArrayList<>();
    private final Thread sampler;
    private volatile boolean running = true;

    private HeapPeaks() {
        NotificationListener onGc = (notification, handback) -> {
            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                GarbageCollectionNotificationInfo info =
                        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                afterGcPeak.accumulateAndGet(heapOf(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
                collections.incrementAndGet();
            }
        };
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(onGc, null, null);
                unregister.add(() -> {
                    try {
                        emitter.removeNotificationListener(onGc);
                    } catch (javax.management.ListenerNotFoundException ignored) {
                        // already gone
                    }
                });
            }
        }
        sampler = new Thread(this::sample, "bench-heap-sampler");
        sampler.setDaemon(true);
    }

    /** Starts watching this JVM's heap. */
    static HeapPeaks start() {
        HeapPeaks peaks = new HeapPeaks();
        peaks.sampler.start();
        return peaks;
    }

    private void sample() {
        while (running) {
            usedPeak.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The heap still in use after full collections: what this JVM holds live right now (a store, a
     * watch cache). Two rounds, so objects freed by finalization-like cleanups are gone as well.
     */
    static long liveNow() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Starts a new window whose peaks begin at {@code baseline} (for example {@link #liveNow()}). */
    void reset(long baseline) {
        usedPeak.set(baseline);
        afterGcPeak.set(baseline);
        collections.set(0);
    }

    /** The peaks so far; read them before {@link #liveNow()}, whose collections would count too. */
    Peaks peaks() {
        usedPeak.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
        return new Peaks(usedPeak.get(), afterGcPeak.get(), (int) collections.get());
    }

    private static long heapOf(Map<String, MemoryUsage> byPool) {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage usage = byPool.get(pool.getName());
            if (pool.getType() == MemoryType.HEAP && usage != null) {
                sum += usage.getUsed();
            }
        }
        return sum;
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
        unregister.forEach(Runnable::run);
    }
}

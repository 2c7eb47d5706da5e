package io.rvlab.ch04.guarantees;

import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;

/**
 * The watcher under test: client-go's reflector loop ({@code tools/cache} ListAndWatch), with
 * a chaos switch. It lists, watches from the list's resourceVersion, remembers the last
 * resourceVersion it saw (event or BOOKMARK), and:
 * <ul>
 *   <li>after a disconnect (its own, at random, or the stream ending) resumes with a watch from
 *       that resourceVersion: no list, nothing missed, nothing twice;</li>
 *   <li>after an ERROR 410 (Expired) relists, since history no longer reaches back that far.</li>
 * </ul>
 * Everything it receives goes to its {@link WatchRecord}. It runs on a thread of its own until
 * {@link #stopAt} is reached.
 */
public final class ChaosWatcher implements Runnable {

    private static final Duration POLL = Duration.ofMillis(20);

    private final String name;
    private final WatchTarget target;
    private final Random random;
    private final double disconnectChance;
    private final Duration longestPause;
    private final WatchRecord record;

    private volatile long lastSeen = -1;
    private volatile long stopAt = Long.MAX_VALUE;
    private volatile CountDownLatch hold;
    private volatile boolean holding;
    private volatile Throwable crash;

    /**
     * @param disconnectChance the chance, after each event and at each idle poll, that the
     *        watcher drops its watch and resumes after a pause of up to {@code longestPause}
     */
    public ChaosWatcher(String name, WatchTarget target, long seed, double disconnectChance, Duration longestPause) {
        this.name = name;
        this.target = target;
        this.random = new Random(seed);
        this.disconnectChance = disconnectChance;
        this.longestPause = longestPause;
        this.record = new WatchRecord(name);
    }

    public String name() {
        return name;
    }

    public WatchRecord record() {
        return record;
    }

    /** The last resourceVersion it saw: how far it has got. */
    public long lastSeen() {
        return lastSeen;
    }

    /** Stop once it has seen {@code revision} (etcd's last revision of the workload). */
    public void stopAt(long revision) {
        stopAt = revision;
    }

    /** Disconnect now and stay away until {@code release} opens (to be away across a compaction). */
    public void holdUntil(CountDownLatch release) {
        hold = release;
    }

    /** Whether a hold has taken effect: its watch is closed. */
    public boolean holding() {
        return holding;
    }

    /** What broke the loop itself, if anything (a bug of the watcher, not a watch failure). */
    public Throwable crash() {
        return crash;
    }

    // tag::reflector[]
    @Override
    public void run() {
        try {
            boolean mustList = true;
            while (!done()) {
                if (mustList) {
                    ObjectList list = retrying(target::list);
                    if (list == null) {
                        return; // interrupted
                    }
                    lastSeen = Long.parseLong(list.resourceVersion());
                    record.listed(lastSeen, list.items());
                } else {
                    record.resumed(lastSeen);
                }
                mustList = watchFrom(lastSeen);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            crash = e;
        }
    }

    /** Watches until a disconnect; true if it must relist (410), false to resume. */
    private boolean watchFrom(long resourceVersion) throws InterruptedException {
        EventStream stream;
        try {
            stream = target.watch(Long.toString(resourceVersion));
        } catch (RuntimeException e) {
            record.ended("could not start: " + e.getMessage());
            pause();
            return false;
        }
        try (stream) {
            while (true) {
                if (done()) {
                    record.ended("stopped: reached rv " + lastSeen);
                    return false;
                }
                if (hold != null) {
                    record.ended("disconnected and held by the workload");
                    stream.close();
                    holding = true;
                    hold.await();
                    hold = null;
                    holding = false;
                    return false;
                }
                WatchEvent event = stream.next(POLL);
                if (event == null) {
                    if (stream.ended()) {
                        record.ended(stream.endReason());
                        pause();
                        return false;
                    }
                } else {
                    record.received(event);
                    if (event.type() == WatchEvent.Type.ERROR) {
                        boolean expired = event.object().path("code").asInt() == 410;
                        record.ended(expired ? "410 Expired: relist" : "ERROR " + event.object().path("code").asInt());
                        return expired;
                    }
                    lastSeen = Long.parseLong(event.resourceVersion());
                }
                if (random.nextDouble() < disconnectChance) {
                    record.ended("disconnected at random");
                    stream.close();
                    pause();
                    return false;
                }
            }
        }
    }
    // end::reflector[]

    private boolean done() {
        return lastSeen >= stopAt || Thread.currentThread().isInterrupted();
    }

    private void pause() throws InterruptedException {
        Thread.sleep(random.nextInt((int) longestPause.toMillis() + 1));
    }

    private interface Call<T> {
        T call();
    }

    /** Retries a list while etcd is away (a restart), as a reflector backs off and lists again. */
    private <T> T retrying(Call<T> call) throws InterruptedException {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                return call.call();
            } catch (RuntimeException e) {
                Thread.sleep(100);
            }
        }
        return null;
    }
}

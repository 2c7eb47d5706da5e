package io.rvlab.ch04.guarantees;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch01.Compactor;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * A seeded, randomized workload on one namespace's ConfigMaps, with watchers that come and go,
 * judged by {@link WatchGuarantees}.
 *
 * <p>The writes ({@link WorkloadWrites}) go through chapter 3's storage, so etcd holds exactly what kube-apiserver would
 * store (JSON without resourceVersion, creates guarded by create_revision 0, updates and deletes
 * by mod_revision), and every write's revision comes from etcd's answer into the
 * {@link EtcdHistory}: the record no watch can bias. The writes are made one at a time (the
 * concurrency under test is the watchers'); meanwhile:
 * <ul>
 *   <li>{@code watchers} {@link ChaosWatcher}s list, watch, drop their watch at random and
 *       resume;</li>
 *   <li>a third of the way through, two watchers are held away while etcd moves on and is
 *       compacted, so their resume must get a 410 and relist;</li>
 *   <li>two thirds of the way through, etcd restarts (if a restart was given): the writer waits
 *       for it, the watchers live through it.</li>
 * </ul>
 * The seed fixes the writes, the watchers' choices and the disruption points; thread timing
 * still varies from run to run, so a replay repeats the workload, not every interleaving.
 *
 * <p>To judge a client that resumes and relists by itself (not a {@link ChaosWatcher}), run
 * with {@code withWatchers(0)} and a null target, start that client before {@link #run} with a
 * handler writing into a {@link WatchRecord}, wait for it to reach
 * {@code result.history().lastRevision()}, and check its record with
 * {@code new WatchGuarantees(result.history(), result.finalState(), result.finalRevision())}.
 */
public final class RandomWorkload {

    /**
     * @param writes how many creates, updates and deletes
     * @param names how many distinct ConfigMap names they touch
     * @param disconnectChance per event and per idle poll, see {@link ChaosWatcher}
     * @param compact whether to compact a third of the way through
     * @param heldWrites how many writes the first two watchers are kept away for, up to the
     *        compaction: their resume must then get a 410. Behind a watch cache, 410 also comes
     *        from the cache's window, so keep its capacity below this to see the relist path
     * @param outsideShare the share of writes made to a sibling namespace ({@code <namespace>-x},
     *        whose keys share the watched prefix's text but for its "/"): no watcher may see them,
     *        and behind a watch cache they move its resourceVersion on, which is what bookmarks report
     * @param restart restarts etcd keeping its data (e.g. {@code etcd::restart}), or null for none
     * @param catchUp how long the watchers get, after the last write, to reach it
     */
    public record Options(long seed, int writes, int names, int watchers, double disconnectChance,
            Duration longestPause, boolean compact, int heldWrites, double outsideShare, Runnable restart,
            Duration catchUp) {

        /**
         * 300 writes over 12 names (a fifth of them outside the namespace), 6 watchers, a
         * compaction with two watchers held for 10 writes, no restart.
         */
        public static Options of(long seed) {
            return new Options(seed, 300, 12, 6, 0.02, Duration.ofMillis(150), true, 10, 0.2, null, Duration.ofSeconds(30));
        }

        public Options withRestart(Runnable etcdRestart) {
            return new Options(seed, writes, names, watchers, disconnectChance, longestPause, compact, heldWrites,
                    outsideShare, etcdRestart, catchUp);
        }

        public Options withWrites(int count) {
            return new Options(seed, count, names, watchers, disconnectChance, longestPause, compact, heldWrites,
                    outsideShare, restart, catchUp);
        }

        public Options withWatchers(int count) {
            return new Options(seed, writes, names, count, disconnectChance, longestPause, compact, heldWrites,
                    outsideShare, restart, catchUp);
        }

        /** With or without the compaction (an etcd shared with other tests must not be compacted). */
        public Options withCompaction(boolean on, int held) {
            return new Options(seed, writes, names, watchers, disconnectChance, longestPause, on, held, outsideShare,
                    restart, catchUp);
        }

        public Options withOutsideShare(double share) {
            return new Options(seed, writes, names, watchers, disconnectChance, longestPause, compact, heldWrites,
                    share, restart, catchUp);
        }

        public Options withCatchUp(Duration timeout) {
            return new Options(seed, writes, names, watchers, disconnectChance, longestPause, compact, heldWrites,
                    outsideShare, restart, timeout);
        }
    }

    /** What happened: the evidence, and etcd's state at the end. */
    public record Result(long seed, EtcdHistory history, List<WatchRecord> records, Map<String, ObjectNode> finalState,
            long finalRevision, List<String> watcherFailures, List<String> timeline) {

        /** Judges the records; a watcher that crashed or never caught up is a violation too. */
        public WatchGuarantees.Report check() {
            WatchGuarantees.Report report = new WatchGuarantees(history, finalState, finalRevision).check(records);
            List<WatchGuarantees.Violation> all = new ArrayList<>(report.violations());
            watcherFailures.forEach(f -> all.add(new WatchGuarantees.Violation(f.substring(0, f.indexOf(':')),
                    WatchGuarantees.Kind.WATCHER, finalRevision, "", f.substring(f.indexOf(':') + 2))));
            return new WatchGuarantees.Report(List.copyOf(all), report.watchers(), report.events(), report.resumes(),
                    report.relists(), report.expired(), report.bookmarks());
        }
    }

    private final Client client;
    private final String namespace;
    private final Options options;
    private final EtcdUpdatableStorage storage;
    private final Random random;
    private final WorkloadWrites writes;
    private final List<String> timeline = new ArrayList<>();
    private long started = System.nanoTime(); // reset when run() begins

    public RandomWorkload(Client client, String namespace, Options options) {
        this.client = client;
        this.namespace = namespace;
        this.options = options;
        this.storage = new EtcdUpdatableStorage(client, new Versioner(), Duration.ofSeconds(3));
        this.random = new Random(options.seed());
        this.writes = new WorkloadWrites(storage, namespace, options, random); // one random source: the seed fixes all
    }

    /** The collection the workload writes: what the watch target must watch. */
    public RegistryPrefix collection() {
        return Keys.collection("configmaps", namespace);
    }

    // tag::run[]
    public Result run(WatchTarget target) throws InterruptedException {
        started = System.nanoTime();
        note("seed %d (replay with -Drvlab.workload.seed=%d): %d writes over %d names (%.0f%% outside), %d watchers, compaction %s, restart %s",
                options.seed(), options.seed(), options.writes(), options.names(), 100 * options.outsideShare(), options.watchers(),
                options.compact() ? "yes" : "no", options.restart() != null ? "yes" : "no");
        ObjectList initial = storage.getList(collection(), ListOptions.latest());
        Map<String, ObjectNode> initialState = new TreeMap<>();
        initial.items().forEach(item -> initialState.put(EtcdHistory.key(item), item));
        EtcdHistory history = new EtcdHistory(Long.parseLong(initial.resourceVersion()), initialState);
        Set<String> existing = new HashSet<>();
        initial.items().forEach(item -> existing.add(item.path("metadata").path("name").asText()));

        List<ChaosWatcher> watchers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < options.watchers(); i++) {
            ChaosWatcher watcher = new ChaosWatcher("watcher-" + i, target, options.seed() * 31 + i,
                    options.disconnectChance(), options.longestPause());
            watchers.add(watcher);
            Thread thread = new Thread(watcher, watcher.name());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        CountDownLatch release = new CountDownLatch(1);
        int compactAt = options.compact() ? options.writes() / 3 : -1;
        int holdAt = options.compact() ? Math.max(0, compactAt - options.heldWrites()) : -1;
        int restartAt = options.restart() != null ? 2 * options.writes() / 3 : -1;
        try {
            for (int i = 0; i < options.writes(); i++) {
                if (i == holdAt) {
                    hold(watchers.subList(0, Math.min(2, watchers.size())), release);
                }
                if (i == compactAt) {
                    long revision = storage.currentRevision();
                    new Compactor(client).compact(revision);
                    history.compacted(revision);
                    note("compacted at rv %d after write %d%s", revision, i, watchers.isEmpty() ? "" : "; releasing the held watchers");
                    release.countDown();
                }
                if (i == restartAt) {
                    long restartBegan = System.nanoTime();
                    options.restart().run();
                    note("etcd restarted after write %d (rv %d), back in %d ms", i, history.lastRevision(),
                            (System.nanoTime() - restartBegan) / 1_000_000);
                }
                writes.write(i, history, existing);
                if (random.nextInt(4) == 0) {
                    Thread.sleep(random.nextInt(4));
                }
            }
            ObjectList end = storage.getList(collection(), ListOptions.latest());
            Map<String, ObjectNode> finalState = new TreeMap<>();
            end.items().forEach(item -> finalState.put(EtcdHistory.key(item), item));
            long last = history.lastRevision();
            note("%d writes done (%d in the namespace), last in the namespace at rv %d; waiting for every watcher to reach it",
                    options.writes(), history.size(), last);
            watchers.forEach(w -> w.stopAt(last));
            List<String> failures = awaitWatchers(watchers, threads, last);
            return new Result(options.seed(), history, watchers.stream().map(ChaosWatcher::record).toList(),
                    finalState, Long.parseLong(end.resourceVersion()), failures, List.copyOf(timeline));
        } finally {
            release.countDown();
            threads.forEach(Thread::interrupt);
        }
    }
    // end::run[]

    /** Holds the watchers away (their watches closed) until {@code release}; waits until they are. */
    private void hold(List<ChaosWatcher> held, CountDownLatch release) throws InterruptedException {
        if (held.isEmpty()) {
            return; // no watchers of ours (a client under test runs its own)
        }
        held.forEach(w -> w.holdUntil(release));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (held.stream().anyMatch(w -> !w.holding() && w.crash() == null) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        note("held %s away from rv %s",
                held.stream().map(ChaosWatcher::name).toList(), held.stream().map(ChaosWatcher::lastSeen).toList());
    }

    private List<String> awaitWatchers(List<ChaosWatcher> watchers, List<Thread> threads, long last)
            throws InterruptedException {
        long deadline = System.nanoTime() + options.catchUp().toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
        List<String> failures = new ArrayList<>();
        for (ChaosWatcher watcher : watchers) {
            if (watcher.crash() != null) {
                failures.add(watcher.name() + ": crashed: " + watcher.crash());
            } else if (watcher.lastSeen() < last) {
                failures.add(watcher.name() + ": still at rv " + watcher.lastSeen() + " after "
                        + options.catchUp().toSeconds() + " s, the last write was at rv " + last);
            }
        }
        note("watchers stopped at %s", watchers.stream().map(ChaosWatcher::lastSeen).toList());
        Map<String, Integer> ends = new TreeMap<>();
        watchers.forEach(w -> w.record().segments().forEach(s -> ends.merge(kindOf(s.end()), 1, Integer::sum)));
        note("why watches ended: %s", ends);
        watchers.stream().flatMap(w -> w.record().segments().stream()).map(WatchRecord.Segment::end)
                .filter(end -> end.startsWith("watch ended") || end.startsWith("could not start"))
                .map(end -> end.length() > 200 ? end.substring(0, 200) + "..." : end)
                .distinct().limit(5).forEach(end -> note("  for example: %s", end));
        return failures;
    }

    /** An end reason without its details (revisions, etcd's wording), to count them. */
    private static String kindOf(String end) {
        int colon = end.indexOf(':');
        return end.isEmpty() ? "(still open)" : colon < 0 ? end : end.substring(0, colon);
    }

    private void note(String format, Object... args) {
        String line = String.format(format, args);
        timeline.add(line);
        System.out.printf("[workload %5.1f s] %s%n", (System.nanoTime() - started) / 1e9, line);
    }
}

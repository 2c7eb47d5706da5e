package io.rvlab.exercises.ch04;

import static io.rvlab.exercises.ch04.RawWatch.line;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.ChangeWindow;
import io.rvlab.ch04.cache.EncodedEvent;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.cache.WatchCacheEvent;
import io.rvlab.ch04.guarantees.HttpWatchTarget;
import io.rvlab.ch04.guarantees.RandomWorkload;
import io.rvlab.ch04.guarantees.WatchGuarantees;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.kubectl.Kubectl;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 4.5, the capstone: your {@link WatchWindow} inside chapter 4's real API
 * server, judged by its clients. Each test starts the server on etcd with your window in every
 * resource's watch cache, writes ConfigMaps, and watches over HTTP as curl, kubectl and a reflector
 * would. The class has an etcd of its own: the workload compacts it.
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(180)
@DisplayName("4.5 capstone: the watch cache's window and its 410, inside the API server")
class WatchWindowTest {

    private static final long WAIT_MS = 10_000;

    /** Chapter 4's server with your window in every watch cache. */
    private static WatchApiServer serve(Client client, int capacity, Duration bookmarks) {
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(capacity).withBookmarkFrequency(bookmarks);
        return WatchApiServer.start(client, "127.0.0.1", 0, type -> WatchCache.start(client, type, options, WatchWindow::new));
    }

    @Test
    @DisplayName("before anything is forgotten: a watch from the cache's list is served, one from before it gets 410")
    void fromTheListBeforeAnythingIsForgotten(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        try (WatchApiServer server = serve(client, 5, Duration.ofMinutes(1))) {
            long listed = cms.currentRevision(); // nothing was written since the caches listed, as the server started
            long secret = cms.elsewhere(); // a Secret moves etcd's revision: the first ConfigMap change is not listed + 1
            long r1 = cms.put("a", "1");
            long r2 = cms.put("b", "1");
            long r3 = cms.put("c", "1");
            awaitCache(server, r3);

            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, listed, false)) {
                List<String> got = changes(watch, 3);
                assertThat(got).as("%s: the cache listed at resourceVersion %d, then a Secret took %d and your window (capacity 5)"
                                + " was given the ConfigMap changes from %d on; the changes this watch received"
                                + " (./course hint 4.5)", watch.request, listed, secret, r1)
                        .containsExactly("ADDED a " + r1, "ADDED b " + r2, "ADDED c " + r3);
            }
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, listed - 1, false)) {
                assertThat(line(watch.next(WAIT_MS)))
                        .as("%s, the cache having listed at resourceVersion %d: the first event your window's server sent"
                                + " (./course hint 4.5)", watch.request, listed)
                        .isEqualTo("ERROR 410 too old resource version: " + (listed - 1) + " (" + listed + ")");
            }
        }
    }

    @Test
    @DisplayName("once the window has forgotten changes: a watch that misses nothing is served, one that would miss a change gets 410")
    void tooOldOnceForgotten(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        try (WatchApiServer server = serve(client, 5, Duration.ofMinutes(1))) {
            long[] r = new long[9];
            for (int i = 1; i <= 8; i++) {
                r[i] = cms.put("cm-" + i, "1");
            }
            assumeTrue(r[8] - r[1] == 7, "the eight writes did not get consecutive revisions (another writer on this etcd?)");
            awaitCache(server, r[8]);

            int held = server.cache(ResourceTypes.CONFIGMAPS).windowSize();
            assertThat(held).as("changes your window holds after it was given 8 with a capacity of 5 (./course hint 4.5)").isLessThanOrEqualTo(5);

            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, r[3], false)) {
                List<String> got = changes(watch, 5);
                assertThat(got).as("%s, your window (capacity 5) having been given the changes %d to %d: the changes this watch"
                        + " received (./course hint 4.5)", watch.request, r[1], r[8])
                        .containsExactly("ADDED cm-4 " + r[4], "ADDED cm-5 " + r[5], "ADDED cm-6 " + r[6],
                                "ADDED cm-7 " + r[7], "ADDED cm-8 " + r[8]);
            }
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, r[2], false)) {
                assertThat(line(watch.next(WAIT_MS)))
                        .as("%s, your window (capacity 5) having been given the changes %d to %d: the first event your"
                                + " window's server sent (./course hint 4.5)", watch.request, r[1], r[8])
                        .isEqualTo("ERROR 410 too old resource version: " + r[2] + " (" + r[3] + ")");
            }
        }
    }

    @Test
    @DisplayName("the 410 names kube-apiserver's number: the revision just before the oldest change held, also when other resources wrote in between")
    void tooOldNamesTheRevisionBeforeTheOldestHeld(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        try (WatchApiServer server = serve(client, 3, Duration.ofMinutes(1))) {
            long r1 = cms.put("cm-1", "1");
            long r2 = cms.put("cm-2", "1");
            long secret = cms.elsewhere(); // etcd's revision moves; the ConfigMap window is never told of it
            long r3 = cms.put("cm-3", "1");
            long r4 = cms.put("cm-4", "1");
            long r5 = cms.put("cm-5", "1");
            assumeTrue(secret == r2 + 1 && r3 == secret + 1, "the writes did not get consecutive revisions (another writer on this etcd?)");
            awaitCache(server, r5);

            // The window (capacity 3) holds cm-3..cm-5 and has forgotten cm-1 and cm-2.
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, secret, false)) {
                assertThat(changes(watch, 3)).as("%s, your window (capacity 3) having been given ConfigMap changes %d, %d, %d, %d and %d (%d was"
                                + " a Secret's): the changes this watch received (./course hint 4.5)", watch.request,
                                r1, r2, r3, r4, r5, secret)
                        .containsExactly("ADDED cm-3 " + r3, "ADDED cm-4 " + r4, "ADDED cm-5 " + r5);
            }
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, r2, false)) {
                assertThat(line(watch.next(WAIT_MS)))
                        .as("%s, your window (capacity 3) having been given ConfigMap changes up to %d (%d was a Secret's):"
                                + " the first event your window's server sent, which kube-apiserver's watch cache answers"
                                + " with the line expected here (./course hint 4.5)", watch.request, r5, secret)
                        .isEqualTo("ERROR 410 too old resource version: " + r2 + " (" + secret + ")");
            }
        }
    }

    @Test
    @DisplayName("a watch from a bookmark's resourceVersion, newer than every change held, is served")
    void resumeFromABookmark(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        try (WatchApiServer server = serve(client, 3, Duration.ofMillis(200))) {
            long last = 0;
            for (int i = 1; i <= 5; i++) {
                last = cms.put("cm-" + i, "1");
            }
            long secret = cms.elsewhere(); // moves etcd's revision; the ConfigMap cache hears of it by progress
            long bookmark;
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, last, true)) {
                bookmark = awaitBookmark(watch, secret);
            }
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, bookmark, true)) {
                long later = cms.put("later", "1");
                assertThat(line(watch.nextChange(WAIT_MS)))
                        .as("%s: %d came in a BOOKMARK after your window (capacity 3) was given ConfigMap changes up to %d;"
                                + " the first change this watch received, after a write at %d (./course hint 4.5)",
                                watch.request, bookmark, last, later)
                        .isEqualTo("ADDED later " + later);
            }
        }
    }

    @Test
    @DisplayName("kubectl get -w: the list's rows, then a row per change, with your window in the server")
    void kubectlGetWatch(Client client) throws Exception {
        Path binary = Kubectl.find().orElse(null);
        assumeTrue(binary != null, "kubectl is not installed: skipping the kubectl check of 4.5");
        ConfigMaps cms = new ConfigMaps(client);
        try (WatchApiServer server = serve(client, 3, Duration.ofMinutes(1));
                Kubectl kubectl = Kubectl.forServer(binary, server.url().toString(), cms.namespace)) {
            for (int i = 1; i <= 5; i++) {
                cms.put("cm-" + i, "1"); // the window has forgotten two of these when kubectl starts
            }
            try (Kubectl.Running watch = kubectl.start("get", "configmaps", "-w")) {
                watch.awaitLine("kubectl's row for cm-5 (from its list)", line -> line.startsWith("cm-5 "), Duration.ofSeconds(30));
                cms.put("cm-new", "1");
                List<String> lines = watch.awaitLine("kubectl's row for cm-new, a change after its list (from its watch)",
                        line -> line.startsWith("cm-new "), Duration.ofSeconds(30));
                assertThat(lines).as("kubectl get -w watches from its list's resourceVersion; what it printed")
                        .noneMatch(line -> line.contains("rror") || line.contains("too old"));
            }
        }
    }

    @Test
    @DisplayName("the watch-guarantee checker: ordered, no duplicates, no gaps but 410-then-relist, through your window")
    void watchGuarantees(Client client) throws Exception {
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        String namespace = "ex45-" + Long.toHexString(seed & 0xffffff);
        // Two watchers are kept away for 10 writes, more than the window's 8: their resume must meet a 410.
        RandomWorkload workload = new RandomWorkload(client, namespace,
                RandomWorkload.Options.of(seed).withWrites(150).withWatchers(4).withCompaction(true, 10));
        try (WatchApiServer server = serve(client, 8, Duration.ofMillis(200))) {
            WatchGuarantees.Report report = workload.run(new HttpWatchTarget(server.url(), namespace)).check();
            assertThat(report.ok()).as("the watch-guarantee checker (seed %d; rerun with -Drvlab.workload.seed=%d) judged"
                    + " the watchers of a random workload served by your window: %s", seed, seed, report).isTrue();
            assertThat(report.expired()).as("410 Expired met by watchers that came back after 10 writes, with a window of"
                    + " capacity 8 (seed %d; ./course hint 4.5): %s", seed, report).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    @DisplayName("a change younger than the freshness duration is not forgotten: a client that fell behind by a burst resumes without a relist")
    void keepsWhatIsFresh(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        ManualClock clock = new ManualClock(); // stands still: every change stays fresh
        WatchCache.Options options = WatchCache.Options.DEFAULT.withCapacity(3).withBookmarkFrequency(Duration.ofMinutes(1));
        try (WatchApiServer server = WatchApiServer.start(client, "127.0.0.1", 0, type -> WatchCache.start(client, type,
                options, capacity -> new WatchWindow(capacity, 12, Duration.ofSeconds(75), clock)))) {
            long listed = cms.currentRevision();
            long[] r = new long[9];
            for (int i = 1; i <= 8; i++) {
                r[i] = cms.put("cm-" + i, "1");
            }
            awaitCache(server, r[8]);
            int held = server.cache(ResourceTypes.CONFIGMAPS).windowSize();
            assertThat(held).as("changes your window holds after a burst of 8 at one instant (capacity 3, upper bound 12, freshness"
                    + " 75 s; ./course hint 4.5)").isEqualTo(8);
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, listed, false)) {
                assertThat(changes(watch, 8)).as("%s, after a burst of 8 changes at one instant into your window (capacity 3, upper"
                                + " bound 12, freshness 75 s): what the watch received (./course hint 4.5)", watch.request)
                        .containsExactly("ADDED cm-1 " + r[1], "ADDED cm-2 " + r[2], "ADDED cm-3 " + r[3],
                                "ADDED cm-4 " + r[4], "ADDED cm-5 " + r[5], "ADDED cm-6 " + r[6],
                                "ADDED cm-7 " + r[7], "ADDED cm-8 " + r[8]);
            }
        }
    }

    @Test
    @DisplayName("fresh or not, the window never holds more than its upper bound")
    void upperBoundHoldsEvenWhenFresh() {
        ManualClock clock = new ManualClock();
        WatchWindow window = new WatchWindow(2, 6, Duration.ofSeconds(75), clock);
        window.reset(10);
        for (long rv = 11; rv <= 20; rv++) {
            window.add(change("cm-" + rv, rv));
        }
        assertThat(window.size()).as("changes held after 10 changes at one instant into a window of capacity 2, upper bound 6,"
                + " freshness 75 s (./course hint 4.5)").isEqualTo(6);
        assertThat(window.oldestResumable()).as("oldestResumable() after reset(10) and those 10 changes, 11 to 20 (./course hint 4.5)").isEqualTo(14);
        assertThat(window.since(14)).extracting(WatchCacheEvent::resourceVersion)
                .as("since(14) after those changes").containsExactly(15L, 16L, 17L, 18L, 19L, 20L);
    }

    @Test
    @DisplayName("memory is given back once the changes are stale, but never below the capacity, however old")
    void givesMemoryBackOnceStale() {
        ManualClock clock = new ManualClock();
        WatchWindow window = new WatchWindow(2, 16, Duration.ofSeconds(10), clock);
        window.reset(10);
        for (long rv = 11; rv <= 18; rv++) {
            window.add(change("cm-" + rv, rv)); // a burst: all fresh, so the window must keep all eight
        }
        assertThat(window.size()).as("changes held after a burst of 8 at one instant (capacity 2, upper bound 16,"
                + " freshness 10 s; ./course hint 4.5)").isEqualTo(8);
        for (long rv = 19; rv <= 22; rv++) {
            clock.advance(Duration.ofSeconds(11));
            window.add(change("cm-" + rv, rv)); // a trickle: each change comes when everything held is stale
        }
        assertThat(window.size()).as("changes held after 4 more changes, each 11 s after the one before, by the clock"
                + " the window was given (capacity 2, upper bound 16, freshness 10 s; ./course hint 4.5)").isEqualTo(2);
        assertThat(window.since(window.oldestResumable())).extracting(WatchCacheEvent::resourceVersion)
                .as("since(oldestResumable()), oldestResumable() being %d", window.oldestResumable())
                .containsExactly(21L, 22L);

        window.reset(30);
        window.add(change("cm-31", 31));
        clock.advance(Duration.ofMinutes(5));
        window.add(change("cm-32", 32));
        assertThat(window.since(30)).extracting(WatchCacheEvent::resourceVersion)
                .as("since(30) after reset(30), a change at 31 and, 5 minutes later, one at 32 (capacity 2;"
                        + " ./course hint 4.5)").containsExactly(31L, 32L);
        assertThat(window.oldestResumable()).as("oldestResumable() after reset(30) and the changes at 31 and 32").isEqualTo(30);
    }

    @Test
    @DisplayName("while the newest quarter is fresh, a window that grew keeps its size, even once its oldest changes are stale")
    void keepsItsSizeWhileTheNewestAreFresh() {
        ManualClock clock = new ManualClock();
        WatchWindow window = new WatchWindow(2, 16, Duration.ofSeconds(10), clock);
        window.reset(10);
        for (long rv = 11; rv <= 13; rv++) {
            window.add(change("cm-" + rv, rv)); // a burst: the window grows past its capacity of 2 to keep them
        }
        clock.advance(Duration.ofSeconds(8));
        window.add(change("cm-14", 14));
        clock.advance(Duration.ofSeconds(3));
        window.add(change("cm-15", 15)); // 11 to 13 are now 11 s old (stale), 14 only 3 s (fresh)
        assertThat(window.size()).as("changes held after a burst of 3 at one instant (capacity 2, upper bound 16, freshness"
                + " 10 s), one change 8 s later and one 3 s after that (./course hint 4.5)").isEqualTo(4);
        assertThat(window.since(window.oldestResumable())).extracting(WatchCacheEvent::resourceVersion)
                .as("since(oldestResumable()), oldestResumable() being %d", window.oldestResumable())
                .containsExactly(12L, 13L, 14L, 15L);
    }

    @Test
    @DisplayName("memory is given back once the newest quarter is stale, even while the very newest change is fresh")
    void givesMemoryBackOnceTheNewestQuarterIsStale() {
        // kube-apiserver's resizeCacheLocked (watch_cache.go) shrinks on the change a quarter of the window back from
        // the newest, not on the newest alone: a window that waited for its newest change to go stale would hold a
        // burst's worth of memory through any steady trickle of writes.
        ManualClock clock = new ManualClock();
        WatchWindow window = new WatchWindow(2, 16, Duration.ofSeconds(10), clock);
        window.reset(10);
        for (long rv = 11; rv <= 17; rv++) {
            window.add(change("cm-" + rv, rv)); // a burst of 7 at one instant
        }
        clock.advance(Duration.ofSeconds(5));
        window.add(change("cm-18", 18));
        clock.advance(Duration.ofSeconds(6));
        window.add(change("cm-19", 19)); // 11 to 17 are now 11 s old, 18 only 6 s
        assertThat(window.since(window.oldestResumable())).extracting(WatchCacheEvent::resourceVersion)
                .as("since(oldestResumable()) of a window of capacity 2 (upper bound 16, freshness 10 s) after reset(10),"
                        + " a burst of 7 changes (11 to 17) at one instant, one change 5 s later and one 6 s after that;"
                        + " oldestResumable() being %d (./course hint 4.5)", window.oldestResumable())
                .containsExactly(16L, 17L, 18L, 19L);
    }

    @Test
    @DisplayName("fresh and stale are strict: a change exactly the freshness duration old is neither kept for it nor gives memory back")
    void theFreshnessBoundaryIsStrict() {
        ManualClock clock = new ManualClock();
        WatchWindow single = new WatchWindow(1, 4, Duration.ofSeconds(10), clock);
        single.reset(10);
        single.add(change("cm-11", 11));
        clock.advance(Duration.ofSeconds(10));
        single.add(change("cm-12", 12));
        assertThat(single.since(10)).extracting(WatchCacheEvent::resourceVersion)
                .as("since(10) of a window of capacity 1 (upper bound 4, freshness 10 s) after reset(10), a change"
                        + " at 11 and one at 12 exactly 10 s later (./course hint 4.5)")
                .containsExactly(12L);
        assertThat(single.oldestResumable()).as("oldestResumable() after those changes").isEqualTo(11);

        WatchWindow grown = new WatchWindow(2, 16, Duration.ofSeconds(10), clock);
        grown.reset(20);
        for (long rv = 21; rv <= 28; rv++) {
            grown.add(change("cm-" + rv, rv)); // a burst: all fresh, so the window keeps all eight
        }
        clock.advance(Duration.ofSeconds(10));
        grown.add(change("cm-29", 29));
        assertThat(grown.size()).as("changes held after a burst of 8 at one instant (capacity 2, upper bound 16, freshness 10 s)"
                + " and one change exactly 10 s later (./course hint 4.5)").isEqualTo(8);
        assertThat(grown.oldestResumable()).as("oldestResumable() after reset(20), that burst (21 to 28) and the change at 29").isEqualTo(21);
    }

    @Test
    @DisplayName("after the cache relists, the window starts over at the list's resourceVersion")
    void resetStartsOver() {
        WatchWindow window = new WatchWindow(3);
        window.reset(10);
        for (long rv = 11; rv <= 15; rv++) {
            window.add(change("cm-" + rv, rv));
        }
        window.reset(40);
        assertThat(window.size()).as("changes held right after reset(40)").isZero();
        assertThat(window.oldestResumable()).as("oldestResumable() right after reset(40) (./course hint 4.5)")
                .isEqualTo(40);
        assertThat(window.since(40)).as("changes after 40 right after reset(40)").isEmpty();
        window.add(change("cm-41", 41));
        assertThat(window.since(40)).extracting(WatchCacheEvent::resourceVersion)
                .as("since(40) after reset(40) and the change at 41").containsExactly(41L);
        assertThat(window.since(41)).extracting(WatchCacheEvent::resourceVersion)
                .as("since(41) after reset(40) and the change at 41 (./course hint 4.5)").isEmpty();
        assertThat(window.oldestResumable()).as("oldestResumable() after reset(40) and the change at 41").isEqualTo(40);
    }

    @Test
    @DisplayName("the window is yours: it does not hand its work to lab-code's own window (the one WatchCache uses by default)")
    void yourWindowDoesTheWork() throws Exception {
        // Your WatchWindow is loaded again through a class loader that notes every class it asks for, so that
        // the test sees which of lab-code's watch-cache classes your window reaches for while it runs.
        RecordingLoader loader = new RecordingLoader(WatchWindowTest.class.getClassLoader());
        ChangeWindow window;
        try {
            window = (ChangeWindow) loader.loadClass(WatchWindow.class.getName()).getConstructor(int.class).newInstance(3);
            window.reset(10);
            for (long rv = 11; rv <= 15; rv++) {
                window.add(change("cm-" + rv, rv));
            }
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : e;
        }
        assertThat(window.since(12)).extracting(WatchCacheEvent::resourceVersion)
                .as("a watch from 12 on a window of 3 that was given the changes 11 to 15").containsExactly(13L, 14L, 15L);
        assertThat(loader.asked).as("the classes of lab-code's watch cache your WatchWindow reached for: the built-in"
                        + " window (io.rvlab.ch04.cache.EventWindow, package-private, the one WatchCache uses when it is given"
                        + " none) already is the answer; the exercise is to write it, not to hand the work to it")
                .doesNotContain("io.rvlab.ch04.cache.EventWindow", "io.rvlab.ch04.cache.WatchCache",
                        "io.rvlab.ch04.cache.CacheState");
    }

    /** Defines this package's classes itself (so your WatchWindow's lookups come here) and notes every class asked for. */
    private static final class RecordingLoader extends ClassLoader {
        final Set<String> asked = ConcurrentHashMap.newKeySet();

        RecordingLoader(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            asked.add(name);
            String pkg = WatchWindow.class.getPackageName() + ".";
            if (!name.startsWith(pkg) || name.indexOf('.', pkg.length()) >= 0) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded != null) {
                    return loaded;
                }
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    if (in == null) {
                        throw new ClassNotFoundException(name);
                    }
                    byte[] bytes = in.readAllBytes();
                    return defineClass(name, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }

    private static WatchCacheEvent change(String name, long rv) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", "ConfigMap").put("apiVersion", "v1");
        object.putObject("metadata").put("name", name).put("namespace", "unit").put("resourceVersion", Long.toString(rv));
        return new WatchCacheEvent(new EncodedEvent(new WatchEvent(WatchEvent.Type.ADDED, object)),
                "/registry/configmaps/unit/" + name, null, rv);
    }

    /** Waits until the server's ConfigMap cache has processed resourceVersion {@code rv}. */
    private static void awaitCache(WatchApiServer server, long rv) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_MS * 1_000_000;
        while (server.cache(ResourceTypes.CONFIGMAPS).resourceVersion() < rv) {
            assertThat(System.nanoTime() - deadline).as("the server's ConfigMap cache reaching resourceVersion %d", rv)
                    .isNegative();
            Thread.sleep(20);
        }
    }

    /** The next {@code count} events that are not bookmarks, as "TYPE name rv" lines. */
    private static List<String> changes(RawWatch watch, int count) throws InterruptedException {
        List<String> got = new ArrayList<>();
        while (got.size() < count) {
            JsonNode event = watch.nextChange(WAIT_MS);
            if (event == null) {
                break;
            }
            got.add(line(event));
            if ("ERROR".equals(event.path("type").asText())) {
                break;
            }
        }
        return got;
    }

    /** Waits for a BOOKMARK whose resourceVersion is at least {@code atLeast}; returns its resourceVersion. */
    private static long awaitBookmark(RawWatch watch, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_MS * 1_000_000;
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() - deadline < 0) {
            JsonNode event = watch.next(500);
            if (event == null) {
                continue;
            }
            seen.add(line(event));
            if ("BOOKMARK".equals(event.path("type").asText())) {
                long rv = Long.parseLong(event.at("/object/metadata/resourceVersion").asText());
                if (rv >= atLeast) {
                    return rv;
                }
            }
        }
        throw new AssertionError(watch.request + ": expected a BOOKMARK at resourceVersion " + atLeast
                + " or later within " + WAIT_MS + " ms (the server's cache hears of etcd's revision every second);"
                + " received " + seen);
    }
}

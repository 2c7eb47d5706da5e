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
                assertThat(got).as("%s: the cache listed at resourceVersion %d and your window (capacity 5) has"
                                + " forgotten nothing since (a Secret took %d, before the first ConfigMap change at %d),"
                                + " so this watch must get the three changes after it", watch.request, listed, secret, r1)
                        .containsExactly("ADDED a " + r1, "ADDED b " + r2, "ADDED c " + r3);
            }
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, listed - 1, false)) {
                assertThat(line(watch.next(WAIT_MS)))
                        .as("%s: resourceVersion %d is older than the cache's list (%d), whose changes the window never"
                                + " held: expected the 410 naming the list's resourceVersion", watch.request, listed - 1, listed)
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
            assertThat(held).as("after 8 changes your window holds %d with a capacity of 5: the cache's memory must stay"
                    + " bounded, the oldest changes forgotten first", held).isLessThanOrEqualTo(5);

            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, r[3], false)) {
                List<String> got = changes(watch, 5);
                assertThat(got).as("%s: the window holds the 5 newest changes (%d to %d), so a watch from %d misses"
                        + " nothing and must get exactly those", watch.request, r[4], r[8], r[3])
                        .containsExactly("ADDED cm-4 " + r[4], "ADDED cm-5 " + r[5], "ADDED cm-6 " + r[6],
                                "ADDED cm-7 " + r[7], "ADDED cm-8 " + r[8]);
            }
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, r[2], false)) {
                assertThat(line(watch.next(WAIT_MS)))
                        .as("%s: the change at %d was forgotten, so a watch from %d would miss it: expected the 410,"
                                + " naming %d, the oldest resourceVersion still served", watch.request, r[3], r[2], r[3])
                        .isEqualTo("ERROR 410 too old resource version: " + r[2] + " (" + r[3] + ")");
            }
        }
    }

    @Test
    @DisplayName("the 410 names kube-apiserver's number: the revision just before the oldest change held, also when other resources wrote in between")
    void tooOldNamesTheRevisionBeforeTheOldestHeld(Client client) throws Exception {
        ConfigMaps cms = new ConfigMaps(client);
        try (WatchApiServer server = serve(client, 3, Duration.ofMinutes(1))) {
            cms.put("cm-1", "1");
            long r2 = cms.put("cm-2", "1");
            long secret = cms.elsewhere(); // etcd's revision moves; the ConfigMap window is never told of it
            long r3 = cms.put("cm-3", "1");
            long r4 = cms.put("cm-4", "1");
            long r5 = cms.put("cm-5", "1");
            assumeTrue(secret == r2 + 1 && r3 == secret + 1, "the writes did not get consecutive revisions (another writer on this etcd?)");
            awaitCache(server, r5);

            // The window (capacity 3) holds cm-3..cm-5 and has forgotten cm-1 and cm-2.
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, secret, false)) {
                assertThat(changes(watch, 3)).as("%s: %d is the revision just before the oldest change held (%d), so a"
                                + " watch from it misses nothing and must get the three changes held", watch.request, secret, r3)
                        .containsExactly("ADDED cm-3 " + r3, "ADDED cm-4 " + r4, "ADDED cm-5 " + r5);
            }
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, r2, false)) {
                assertThat(line(watch.next(WAIT_MS)))
                        .as("%s: %d is the resourceVersion of the last change your window forgot. kube-apiserver's watch"
                                + " cache keeps no trace of what it dropped: it refuses everything older than the revision"
                                + " just before its oldest held change (%d, here a Secret's) and names that revision in"
                                + " parentheses. Expected its 410", watch.request, r2, r3, secret)
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
                        .as("%s: %d came in a BOOKMARK; it is newer than every ConfigMap change your window holds (the"
                                + " newest is %d) and nothing was forgotten after it, so a client resuming from it must be"
                                + " served (here: the change at %d), not sent into a relist", watch.request, bookmark, last,
                                later)
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
            assertThat(report.expired()).as("watchers that came back after 10 writes, with a window of 8, must have met a"
                    + " 410 Expired (seed %d): %s", seed, report).isGreaterThanOrEqualTo(1);
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
            assertThat(held).as("a burst of 8 changes within 75 s into a window of capacity 3 and upper bound 12: each is"
                    + " younger than the freshness duration, so none may be forgotten; changes held").isEqualTo(8);
            try (RawWatch watch = RawWatch.open(server.url(), cms.namespace, listed, false)) {
                assertThat(changes(watch, 8)).as("%s: a client that listed at %d and fell behind by a burst of 8 changes,"
                                + " all younger than the freshness duration, must be served every one of them, not sent"
                                + " into a relist", watch.request, listed)
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
        assertThat(window.size()).as("changes held after 10 fresh changes into a window of capacity 2 and upper bound 6:"
                + " the upper bound caps memory even when every change is fresh").isEqualTo(6);
        assertThat(window.oldestResumable()).as("the window holds the 6 newest changes (15 to 20) and forgot 11 to 14:"
                + " the oldest resourceVersion a watch may start from").isEqualTo(14);
        assertThat(window.since(14)).extracting(WatchCacheEvent::resourceVersion)
                .as("a watch from 14").containsExactly(15L, 16L, 17L, 18L, 19L, 20L);
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
                + " freshness 10 s)").isEqualTo(8);
        for (long rv = 19; rv <= 22; rv++) {
            clock.advance(Duration.ofSeconds(11));
            window.add(change("cm-" + rv, rv)); // a trickle: each change comes when everything held is stale
        }
        assertThat(window.size()).as("changes held after 4 more changes, each 11 s after the one before (freshness"
                + " 10 s): what is stale must not pin memory above the capacity of 2 (read the time from the clock you are"
                + " given), yet the window keeps its capacity's worth however old").isEqualTo(2);
        assertThat(window.since(window.oldestResumable())).extracting(WatchCacheEvent::resourceVersion)
                .as("a watch from the oldest resumable resourceVersion (%d)", window.oldestResumable())
                .containsExactly(21L, 22L);

        window.reset(30);
        window.add(change("cm-31", 31));
        clock.advance(Duration.ofMinutes(5));
        window.add(change("cm-32", 32));
        assertThat(window.since(30)).extracting(WatchCacheEvent::resourceVersion)
                .as("after reset(30), a change at 31 and, 5 minutes later, one at 32: a window of capacity 2 holding"
                        + " fewer than 2 forgets nothing, however old; a watch from 30").containsExactly(31L, 32L);
        assertThat(window.oldestResumable()).as("nothing forgotten since the list at 30").isEqualTo(30);
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
        assertThat(window.size()).as("changes held after a burst of 3 (capacity 2, upper bound 16, freshness 10 s), one"
                + " change 8 s later and one 3 s after that: the oldest are stale but the newest quarter is fresh, so the"
                + " window must keep the size it grew to (giving memory back now, kube-apiserver's watch cache says,"
                + " would only grow it again with the next burst)").isEqualTo(4);
        assertThat(window.since(window.oldestResumable())).extracting(WatchCacheEvent::resourceVersion)
                .as("a watch from the oldest resumable resourceVersion (%d)", window.oldestResumable())
                .containsExactly(12L, 13L, 14L, 15L);
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
                .as("a window of capacity 1 (upper bound 4, freshness 10 s) holding the change at 11 is given one at 12"
                        + " exactly 10 s later: the change at 11 is no longer fresh (kube-apiserver keeps a change only"
                        + " while it is younger than the freshness duration), so it is forgotten; a watch from 10")
                .containsExactly(12L);
        assertThat(single.oldestResumable()).as("the oldest resumable resourceVersion once 11 is forgotten").isEqualTo(11);

        WatchWindow grown = new WatchWindow(2, 16, Duration.ofSeconds(10), clock);
        grown.reset(20);
        for (long rv = 21; rv <= 28; rv++) {
            grown.add(change("cm-" + rv, rv)); // a burst: all fresh, so the window keeps all eight
        }
        clock.advance(Duration.ofSeconds(10));
        grown.add(change("cm-29", 29));
        assertThat(grown.size()).as("changes held after a burst of 8 (capacity 2, upper bound 16, freshness 10 s) and one"
                + " change exactly 10 s later: the burst is no longer fresh, so the window does not grow to keep it, and"
                + " not yet older than the freshness duration, so it gives no memory back: it forgets the oldest").isEqualTo(8);
        assertThat(grown.oldestResumable()).as("the oldest resumable resourceVersion once 21 is forgotten").isEqualTo(21);
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
        assertThat(window.oldestResumable()).as("the cache has just listed at 40: a watch from 40 must be served")
                .isEqualTo(40);
        assertThat(window.since(40)).as("changes after 40 right after reset(40)").isEmpty();
        window.add(change("cm-41", 41));
        assertThat(window.since(40)).extracting(WatchCacheEvent::resourceVersion)
                .as("a watch from 40 after the change at 41").containsExactly(41L);
        assertThat(window.since(41)).extracting(WatchCacheEvent::resourceVersion)
                .as("a watch from 41 has already seen the change at 41: nothing is new to it").isEmpty();
        assertThat(window.oldestResumable()).as("nothing forgotten since the list at 40").isEqualTo(40);
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

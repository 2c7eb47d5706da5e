package io.rvlab.conformance;

import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.etcd.jetcd.ByteSequence;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.server.WatchListApiServer;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.support.etcd.Etcd;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The API server a replay talks to, running over the etcd the replay started for it. A later
 * chapter passes its own server (one that also updates, deletes or watches) and a higher
 * {@link #chapter()}: the replay then sends the requests of that chapter instead of skipping them,
 * in the setup from earlier transcripts as well as in the file it compares.
 */
public interface ServerUnderTest extends AutoCloseable {

    /** Starts a server over {@code etcd}. */
    @FunctionalInterface
    interface Factory {
        ServerUnderTest start(Etcd etcd);
    }

    URI url();

    /** The last chapter whose requests this server serves. */
    int chapter();

    /** 0, or the revision etcd was brought to before the server started ({@link RvTranslator#RvTranslator(long, long)}). */
    default long preHistory() {
        return 0;
    }

    @Override
    void close();

    /** Chapter 2's server: reads and creates, straight from etcd (no watch cache). */
    static ServerUnderTest chapter2(Etcd etcd) {
        return of(ApiServer.start(new EtcdStorage(etcd.client()), "127.0.0.1", 0), 2);
    }

    /** Chapter 3's server: chapter 2's plus updates, patches (JSON, merge, strategic merge), deletes with preconditions and /status. */
    static ServerUnderTest chapter3(Etcd etcd) {
        return of(ConcurrencyApiServer.start(new EtcdUpdatableStorage(etcd.client()), "127.0.0.1", 0), 3);
    }

    /**
     * The revision the real run's etcd had reached before the transcripts begin (00: "etcd revision
     * before: 76"). Chapter 4's replay gives its etcd as much history before the server and its watch
     * caches start, so that a revision from before the scenarios (f1.8's 10) is older than the watch
     * cache's window here too, as it was there.
     */
    long REAL_PRE_HISTORY = 76;

    /** Where that pre-history is written: outside {@code /registry}, so no cache and no list sees it. */
    String PRE_HISTORY_KEY = "/rvlab-conformance/pre-history";

    // tag::chapter4[]
    /**
     * Chapter 4's server: chapter 3's plus watch, with a watch cache per resource in its default
     * configuration (a window of 1000 events, bookmarks every minute and 2 s before a watch's timeout,
     * progress from etcd's notifications, every second on the course's etcd), over an etcd given the real
     * run's pre-history.
     */
    static ServerUnderTest chapter4(Etcd etcd) {
        writePreHistory(etcd, REAL_PRE_HISTORY);
        return of(WatchApiServer.start(etcd.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT), 4, REAL_PRE_HISTORY);
    }
    // end::chapter4[]

    // tag::chapter5[]
    /**
     * Chapter 5's server: chapter 4's plus streaming lists, with current Kubernetes' watch defaulting and
     * validation (the WatchList gate on), over the same pre-history as chapter 4's.
     */
    static ServerUnderTest chapter5(Etcd etcd) {
        writePreHistory(etcd, REAL_PRE_HISTORY);
        return of(WatchListApiServer.start(etcd.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT), 5, REAL_PRE_HISTORY);
    }
    // end::chapter5[]

    // tag::chapter6[]
    /**
     * Chapter 6's server: chapter 5's plus server-side apply (PATCH application/apply-patch+yaml) and
     * managedFields recorded on every write, over the same pre-history as chapters 4 and 5.
     */
    static ServerUnderTest chapter6(Etcd etcd) {
        writePreHistory(etcd, REAL_PRE_HISTORY);
        return of(ApplyApiServer.start(etcd.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT), 6, REAL_PRE_HISTORY);
    }
    // end::chapter6[]

    /**
     * Writes etcd's revision up to {@code upTo} under {@link #PRE_HISTORY_KEY}, as the real run's etcd had
     * reached before the transcripts begin; for a server built elsewhere (an exercise's) to replay on.
     */
    static void writePreHistory(Etcd etcd, long upTo) {
        ByteSequence key = ByteSequence.from(PRE_HISTORY_KEY, StandardCharsets.UTF_8);
        try {
            long revision = etcd.client().getKVClient().get(key).get(30, TimeUnit.SECONDS).getHeader().getRevision();
            while (revision < upTo) {
                revision = etcd.client().getKVClient().put(key, ByteSequence.from("before the scenarios: revision "
                        + (revision + 1), StandardCharsets.UTF_8)).get(30, TimeUnit.SECONDS).getHeader().getRevision();
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot write the pre-history: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static ServerUnderTest of(ApiServer server, int chapter) {
        return of(server, chapter, 0);
    }

    /** A chapter's server, started elsewhere (an exercise's, with the learner's code in it), to replay against. */
    static ServerUnderTest of(ApiServer server, int chapter, long preHistory) {
        return new ServerUnderTest() {
            @Override
            public URI url() {
                return server.url();
            }

            @Override
            public int chapter() {
                return chapter;
            }

            @Override
            public long preHistory() {
                return preHistory;
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }
}

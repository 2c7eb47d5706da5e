package io.rvlab.conformance;

import io.rvlab.support.etcd.Etcd;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Replays one golden transcript against a server over a fresh etcd.
 *
 * <p>The transcripts are one history: the namespace of {@code 00} holds the configmaps of
 * {@code a1} and {@code b0}, which {@code b1}–{@code b3} list, {@code c1} updates cm-a, and so on.
 * So to replay a file, the replayer first brings a fresh etcd to that file's starting state by
 * sending the successful writes of every earlier file in {@link #HISTORY} that the server serves
 * (creates; on chapter 3's server also updates, patches and deletes), without comparing them (each
 * file has its own test), and only then replays the file itself, request by request.
 *
 * <p>Along the way it keeps this etcd's revision in step with the real run's: whenever it learns of a
 * write of the real run that it does not replay (a note saying "etcd header revision now: 85" when the
 * last known revision was 84, or the response of a skipped PUT), it writes an unrelated key outside
 * {@code /registry} once for each (see {@link RvTranslator}, {@link RevisionSync}, {@link RevisionObserver}).
 * Revisions and uids that a request names, in its query or in its body (a PUT's metadata.resourceVersion,
 * a delete's preconditions), are sent as this replay's ({@link RequestTranslator}).
 *
 * <p>The parts, in reading order: {@link ReplayRun} (one replay's client and translations),
 * {@link ReplaySetup} (the earlier files' writes), {@link ExchangeLoop} (the file, request by request),
 * {@link WatchGroup} (watches opened together, with the writes made while they are open) and
 * {@link SecondsApart} (chapter 6's clock); {@link ReplayRules} and {@link QueryString} read a request.
 */
public final class Replayer {

    /** The golden files in the order they were recorded; each starts where the previous one ended. */
    public static final List<String> HISTORY = List.of(
            "00-setup-namespace-lab.txt",
            "a1-create-get-configmap-vs-etcd.txt",
            "b0-setup-more-configmaps.txt",
            "b1-list-plain-vs-etcd-revision.txt",
            "b2-list-resourceversion-variants.txt",
            "b3-list-limit-continue.txt",
            "c1-update-conflicts-preconditions.txt",
            "c2-delete-preconditions-create-conflict-notfound.txt",
            "d1-future-resourceversion.txt",
            // recorded after e1-g1 (watch, compaction, apply: not copied); needs only namespace lab
            "h1-deployment-generation.txt");

    /**
     * Chapter 4's history: every golden file in the order of the real run (their Date headers), which
     * chapter 4 needs because watches show what happened in between. e2 was recorded in two sittings:
     * its (A) and (B) right after e1, its (C) to (E) on the restarted server after n2
     * ({@code "e2-watch-bookmarks.txt@(C)"} is the part from the note starting with "(C)" on). g1
     * (server-side apply, chapter 6) is never compared, but its writes happened: the replay
     * reproduces them from what its answers reveal ({@link RevealedHistory}). n1 to n3 were recorded
     * with {@code --watch-cache=false}.
     */
    public static final List<String> HISTORY_WATCH = List.of(
            "00-setup-namespace-lab.txt",
            "a1-create-get-configmap-vs-etcd.txt",
            "b0-setup-more-configmaps.txt",
            "b1-list-plain-vs-etcd-revision.txt",
            "b2-list-resourceversion-variants.txt",
            "b3-list-limit-continue.txt",
            "c1-update-conflicts-preconditions.txt",
            "c2-delete-preconditions-create-conflict-notfound.txt",
            "d1-future-resourceversion.txt",
            "e1-watch-from-rv-updates-delete.txt",
            "e2-watch-bookmarks.txt",
            "e3-watch-no-rv-and-rv0.txt",
            "f1-compaction-with-watch-cache.txt",
            "g1-server-side-apply.txt",
            "h1-deployment-generation.txt",
            "i1-watchlist-sendinitialevents.txt",
            "n1-no-watch-cache-lists-and-future-rv.txt",
            "n3-no-watch-cache-bookmarks.txt",
            "n2-no-watch-cache-watch-and-compaction.txt",
            "e2-watch-bookmarks.txt@(C)");

    /**
     * The outcome of one file's replay.
     *
     * @param chapter the chapter of the server it was replayed against
     * @param setup what was done to reach the file's starting state
     */
    public record Result(int chapter, String entry, Transcript transcript, List<String> setup, List<Outcome> outcomes) {

        public String scenario() {
            return transcript.scenario();
        }
    }

    private final Path goldenDir;
    private final ServerUnderTest.Factory servers;
    private final List<String> history;

    public Replayer(Path goldenDir, ServerUnderTest.Factory servers) {
        this(goldenDir, servers, HISTORY);
    }

    /** @param history the golden entries in the order they were recorded (see {@link #HISTORY_WATCH}) */
    public Replayer(Path goldenDir, ServerUnderTest.Factory servers, List<String> history) {
        this.goldenDir = goldenDir;
        this.servers = servers;
        this.history = List.copyOf(history);
    }

    /** Starts a fresh etcd and server, reaches the entry's starting state, replays the entry, stops both. */
    public Result replay(String entry) {
        int position = history.indexOf(entry);
        if (position < 0) {
            throw new IllegalArgumentException(entry + " is not in the replay's history");
        }
        try (Etcd etcd = Etcd.start(); ServerUnderTest server = servers.start(etcd)) {
            ReplayRun run = new ReplayRun(etcd, server, server.chapter() >= 4 ? revealed() : null);
            ReplaySetup setUp = new ReplaySetup(run);
            List<String> setup = new ArrayList<>();
            for (String earlier : history.subList(0, position)) {
                setup.add(setUp.setUp(load(goldenDir, earlier, history)));
            }
            Transcript transcript = load(goldenDir, entry, history);
            return new Result(server.chapter(), entry, transcript, setup, new ExchangeLoop(run).replay(transcript));
        }
    }

    /** What the transcripts of the history reveal of the writes they do not record as requests. */
    private RevealedHistory revealed() {
        return RevealedHistory.of(history.stream().map(e -> load(goldenDir, e, history)).toList());
    }

    // tag::load[]
    /**
     * A history entry's transcript: a file, or part of one. {@code "file@(C)"} is the part from the
     * note starting with "(C)" on; the plain {@code "file"} is then the part before that note.
     */
    public static Transcript load(Path goldenDir, String entry, List<String> history) {
        int at = entry.indexOf('@');
        if (at >= 0) {
            return Transcript.read(goldenDir.resolve(entry.substring(0, at))).part(entry.substring(at + 1), true);
        }
        Transcript whole = Transcript.read(goldenDir.resolve(entry));
        return history.stream().filter(e -> e.startsWith(entry + "@")).findFirst()
                .map(later -> whole.part(later.substring(later.indexOf('@') + 1), false)).orElse(whole);
    }
    // end::load[]

    /** The file an entry is read from. */
    public static String fileOf(String entry) {
        int at = entry.indexOf('@');
        return at < 0 ? entry : entry.substring(0, at);
    }
}

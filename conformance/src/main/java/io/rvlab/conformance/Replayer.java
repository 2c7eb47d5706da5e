package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.RvTranslator.Translation;
import io.rvlab.conformance.Transcript.EtcdBlock;
import io.rvlab.conformance.Transcript.Entry;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Header;
import io.rvlab.conformance.Transcript.Note;
import io.rvlab.conformance.Transcript.Request;
import io.rvlab.conformance.Transcript.Response;
import io.rvlab.conformance.WireClient.Answer;
import io.rvlab.support.etcd.Etcd;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * {@code /registry} once for each (see {@link RvTranslator}). Revisions and uids that a request
 * names, in its query or in its body (a PUT's metadata.resourceVersion, a delete's preconditions),
 * are sent as this replay's ({@link RvTranslator}, {@link UidTranslator}).
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

    /** The first chapter whose server records managedFields: from it on, the comparator compares them. */
    static final int FIELD_MANAGEMENT_CHAPTER = 6;

    /**
     * A resourceVersion or uid line of a YAML body (an apply patch is YAML): {@code resourceVersion: "235"}.
     * Group 1 is everything up to the value, group 2 the field's name, group 3 the value without its quotes.
     */
    private static final Pattern YAML_VERSION_LINE = Pattern.compile(
            "(?m)^([ \\t]*(resourceVersion|uid):[ \\t]*)[\"']?([0-9a-f-]+)[\"']?[ \\t]*$");

    /** The methods that write: sent during setup (when the server serves them) if they succeeded in the real run. */
    private static final List<String> WRITES = List.of("POST", "PUT", "PATCH", "DELETE");

    /**
     * The methods whose body may name a version of an existing object (a PUT's or a patch's
     * metadata.resourceVersion and uid, a delete's preconditions). A create's body names none: the
     * resourceVersion in golden c2.8's POST is there only to be refused, so it is sent as recorded.
     */
    private static final List<String> NAMES_A_VERSION = List.of("PUT", "PATCH", "DELETE");

    /** Request headers sent as recorded; Authorization is dropped (this server has no authentication). */
    private static final List<String> KEPT_HEADERS = List.of("accept", "content-type", "user-agent");

    /**
     * Where the replay reproduces the real run's writes that it does not replay (Lease renewals,
     * later-chapter writes): outside {@code /registry}, so no list of the server ever sees it.
     */
    public static final String UNRELATED_KEY = "/rvlab-conformance/unrelated-write";

    /** Chapter 4's notes: "etcd revision before=270", "etcd revision at start 280", "(etcd revision 260)". */
    private static final Pattern WATCH_NOTE_REVISION = Pattern.compile(
            "etcd revision (?:at start |before=)(\\d+)|\\(etcd revision (\\d+)\\)");
    private static final Pattern WATCH_NOTE_AFTER = Pattern.compile("etcd revision before=\\d+ after=(\\d+)");
    private static final Pattern OPENED_TOGETHER = Pattern.compile("(Two|Three|\\d+) watches were opened at the same time");
    private static final List<Header> JSON_HEADERS = List.of(new Header("Accept", "application/json"),
            new Header("Content-Type", "application/json"), new Header("User-Agent", "golden-capture/1.0"));
    private static final Pattern NOTE_REVISION = Pattern.compile("revision[^:0-9;]*:\\s*(\\d+)");
    private static final Pattern ETCD_HEADER_REVISION = Pattern.compile("\"revision\":\\s*(\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

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
            Run run = new Run(etcd, server, server.chapter() >= 4 ? revealed() : null);
            List<String> setup = new ArrayList<>();
            for (String earlier : history.subList(0, position)) {
                setup.add(run.setUp(load(goldenDir, earlier, history)));
            }
            Transcript transcript = load(goldenDir, entry, history);
            return new Result(server.chapter(), entry, transcript, setup, run.replay(transcript));
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

    /** One replay: a server, its etcd, and the revision translation learned so far. */
    private static final class Run {

        private final Etcd etcd;
        private final int chapter;
        private final WireClient client;
        private final RvTranslator rv;
        private final UidTranslator uids = new UidTranslator();
        private long ourLatestWrite;
        /** Null on chapters 2 and 3; on chapter 4, the writes the transcripts reveal, reproduced at their revisions. */
        private final RevealedHistory revealed;
        /** Revisions a note says etcd reached only after the next exchange ("etcd revision before=270 after=272"). */
        private final List<Long> afterNextExchange = new ArrayList<>();
        private final List<String> reproducedWrites = new ArrayList<>();
        /** Chapter 6: the recorded Date second of the previous compared request, and this clock's second at its answer. */
        private OptionalLong previousRecordedSecond = OptionalLong.empty();
        private long lastAnswerSecond;

        Run(Etcd etcd, ServerUnderTest server, RevealedHistory revealed) {
            this.etcd = etcd;
            this.chapter = server.chapter();
            this.client = new WireClient(server.url());
            this.ourLatestWrite = currentRevision();
            this.rv = new RvTranslator(ourLatestWrite, server.preHistory());
            this.revealed = revealed;
        }

        /** Sends an earlier file's successful writes that the server serves, learning their revisions; compares nothing. */
        String setUp(Transcript transcript) {
            int sent = 0;
            reproducedWrites.clear();
            for (Entry entry : transcript.entries()) {
                if (!(entry instanceof Exchange exchange)) {
                    observe(entry, false);
                    catchUp();
                    continue;
                }
                if (exchange.isStream()) {
                    // not sent: what the watch saw happened, and is reproduced in revision order
                    observeStream(exchange, true);
                    catchUp();
                    afterExchange();
                    continue;
                }
                Request request = exchange.request();
                Optional<String> later = notServed(request);
                if (later.isEmpty() && WRITES.contains(request.method()) && isSuccess(exchange.response().code())) {
                    Sent sentRequest = send(request);
                    if (sentRequest.answer().code() != exchange.response().code()) {
                        throw new IllegalStateException("setting up from " + transcript.name() + ": " + exchange.id()
                                + " " + request.method() + " " + request.target() + " answered " + sentRequest.answer().code()
                                + ", not " + exchange.response().code() + ": " + sentRequest.answer().body());
                    }
                    learnWrite(request, exchange.response(), sentRequest.answer());
                    sent++;
                }
                observe(exchange, later);
                catchUp();
                afterExchange();
            }
            return transcript.scenario() + ": " + sent + " write" + (sent == 1 ? "" : "s") + " sent"
                    + (reproducedWrites.isEmpty() ? "" : "; reproduced from what the transcripts reveal: "
                    + String.join(", ", reproducedWrites));
        }

        // tag::replay[]
        List<Outcome> replay(Transcript transcript) {
            List<Outcome> outcomes = new ArrayList<>();
            // n1 to n3: kube-apiserver ran with --watch-cache=false, so every list was read from etcd
            boolean withoutWatchCache = transcript.entries().stream()
                    .anyMatch(e -> e instanceof Note note && note.text().contains("--watch-cache=false"));
            List<Entry> entries = transcript.entries();
            for (int i = 0; i < entries.size(); i++) {
                Entry entry = entries.get(i);
                if (!(entry instanceof Exchange exchange)) {
                    observe(entry, true);
                    catchUp();
                    continue;
                }
                Optional<String> later = notServed(exchange.request());
                if (later.isPresent()) {
                    outcomes.add(Outcome.laterChapter(exchange, later.get()));
                    observe(exchange, later);
                    if (exchange.isStream()) {
                        observeStream(exchange, true);
                    }
                    catchUp();
                    afterExchange();
                    continue;
                }
                if (exchange.isStream()) {
                    // watches opened together are replayed together (e2's (A) and (B))
                    List<Exchange> group = new ArrayList<>(List.of(exchange));
                    int together = openedTogether(exchange.notes());
                    while (group.size() < together && i + 1 < entries.size()) {
                        Entry next = entries.get(++i);
                        if (next instanceof Exchange watch && watch.isStream()) {
                            group.add(watch);
                        } else {
                            observe(next, true);
                        }
                    }
                    outcomes.addAll(replayWatches(transcript, group));
                    afterExchange();
                    continue;
                }
                Optional<String> waited = chapter >= FIELD_MANAGEMENT_CHAPTER ? keepSecondsApart(exchange) : Optional.empty();
                Sent sent = send(exchange.request());
                lastAnswerSecond = java.time.Instant.now().getEpochSecond();
                List<Difference> differences = new ArrayList<>();
                if (WRITES.contains(exchange.request().method()) && isSuccess(exchange.response().code())
                        && isSuccess(sent.answer().code())) {
                    learnWrite(exchange.request(), exchange.response(), sent.answer()).ifPresent(differences::add);
                }
                ResponseComparator.Comparison comparison = ResponseComparator.compare(exchange.response(), sent.answer(),
                        new ResponseComparator.Context(rv, uids, sent.revisions(),
                                !withoutWatchCache && servedFromWatchCache(exchange.request()),
                                chapter >= FIELD_MANAGEMENT_CHAPTER));
                differences.addAll(comparison.differences());
                List<String> notes = new ArrayList<>(sent.notes());
                waited.ifPresent(notes::add);
                notes.addAll(comparison.notes());
                outcomes.add(Outcome.judge(chapter, transcript.scenario(), exchange, sent.target(), differences, notes));
                observe(exchange, later);
                catchUp();
                afterExchange();
            }
            return outcomes;
        }
        // end::replay[]

        // tag::seconds-apart[]
        /**
         * Chapter 6: managedFields record each write's time in seconds, and kube-apiserver orders the entries
         * of one operation by that time before their manager's name (g.7: bob's entry of 21:17:16 before
         * alice's of 21:17:17; h.9: the /status entry before the newer main one). Where the recording's
         * {@code Date} moved to a later second between two requests, the replay waits until this machine's
         * clock has moved past the second of its previous answer, so that the two runs order the entries by
         * the same times. Empty when no wait was needed.
         */
        private Optional<String> keepSecondsApart(Exchange exchange) {
            OptionalLong recorded = dateSecond(exchange.response());
            OptionalLong before = previousRecordedSecond;
            previousRecordedSecond = recorded;
            if (recorded.isEmpty() || before.isEmpty() || recorded.getAsLong() <= before.getAsLong() || lastAnswerSecond == 0) {
                return Optional.empty();
            }
            long started = System.nanoTime();
            while (java.time.Instant.now().getEpochSecond() <= lastAnswerSecond) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
            return Optional.of(String.format(Locale.ROOT, "sent in a later second than the previous request (waited %.2f s), "
                    + "as recorded (Date %d s later there): managedFields times in seconds order the entries",
                    (System.nanoTime() - started) / 1e9, recorded.getAsLong() - before.getAsLong()));
        }

        /** The second of a recorded response's {@code Date} header (RFC 1123). */
        private static OptionalLong dateSecond(Response response) {
            try {
                return response.header("Date").map(date -> OptionalLong.of(java.time.ZonedDateTime.parse(date,
                        java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toEpochSecond())).orElse(OptionalLong.empty());
            } catch (java.time.format.DateTimeParseException e) {
                return OptionalLong.empty();
            }
        }
        // end::seconds-apart[]

        /** How many watches a note says were opened at the same time ("Two watches were opened at the same time"). */
        private static int openedTogether(List<String> notes) {
            for (String note : notes) {
                Matcher m = OPENED_TOGETHER.matcher(note);
                if (m.find()) {
                    return switch (m.group(1)) {
                        case "Two" -> 2;
                        case "Three" -> 3;
                        default -> Integer.parseInt(m.group(1));
                    };
                }
            }
            return 1;
        }

        /** A watch to replay: its translated request, and when this client closes it. */
        private record Planned(Exchange exchange, Sent sent, double closeAt) {
        }

        /** Something the replay does while watches are open, at a time after they were sent. */
        private record Action(double at, long golden, String why) {
        }

        // tag::replay-watches[]
        /**
         * Replays watches (one, or several opened together): each is sent as recorded and read until the
         * server ends it or until the recording's client closed it; meanwhile the real run's writes
         * that these streams show arriving later (another client's create, patches and delete, or the
         * revisions behind a BOOKMARK) are made at the recorded times, through {@link #catchUp}: a change
         * shortly before its event arrived there, a bookmark's revision three seconds before the
         * bookmark (the cache learns it from etcd's next progress notification).
         */
        private List<Outcome> replayWatches(Transcript transcript, List<Exchange> group) {
            // A watch from a revision just before the first new one its stream shows started at that revision.
            for (Exchange watch : group) {
                OptionalLong from = requestedRevision(watch.request());
                OptionalLong firstNew = streamRevisions(watch).stream().mapToLong(Long::longValue)
                        .filter(r -> r > rv.goldenLatest()).min();
                if (from.isPresent() && firstNew.isPresent() && from.getAsLong() < firstNew.getAsLong()) {
                    rv.observe(from.getAsLong(), null);
                }
            }
            catchUp();
            List<Action> actions = new ArrayList<>();
            List<Planned> planned = new ArrayList<>();
            for (Exchange watch : group) {
                RecordedStream stream = watch.stream();
                for (RecordedStream.StreamEvent event : stream.events()) {
                    OptionalLong r = eventRevision(event.line());
                    if (r.isPresent() && r.getAsLong() > rv.goldenLatest()) {
                        boolean bookmark = event.line().startsWith("{\"type\":\"BOOKMARK\"");
                        actions.add(new Action(Math.max(0.2, event.at() - (bookmark ? 3.0 : 0.15)), r.getAsLong(),
                                watch.id() + (bookmark ? ": the bookmark at " : ": the event at ") + event.at() + " s"));
                    }
                }
                for (String note : watch.notes()) {
                    Matcher timed = RevealedHistory.NOTE_TIMED_CREATE.matcher(note);
                    while (timed.find()) {
                        actions.add(new Action(Double.parseDouble(timed.group(1)), Long.parseLong(timed.group(4)),
                                watch.id() + ": the note's create at t~" + timed.group(1) + " s"));
                    }
                }
                double closeAt = stream.end().byServer() ? stream.end().at() + 5 : stream.end().at();
                planned.add(new Planned(watch, translate(watch.request()), closeAt));
            }
            actions.sort(java.util.Comparator.comparingDouble(Action::at));

            ExecutorService pool = Executors.newFixedThreadPool(planned.size());
            try {
                long started = System.nanoTime();
                List<Future<WireClient.WatchAnswer>> answers = new ArrayList<>();
                for (Planned watch : planned) {
                    List<Header> headers = keptHeaders(watch.exchange().request());
                    answers.add(pool.submit(() -> client.watch(watch.sent().target(), headers, watch.closeAt())));
                }
                List<String> done = new ArrayList<>();
                for (Action action : actions) {
                    long due = started + (long) (action.at() * 1e9);
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                    rv.observe(action.golden(), null);
                    catchUp();
                    done.add(String.format(Locale.ROOT, "at %.2f s: revision %d (%s) reproduced as %d", action.at(),
                            action.golden(), action.why(), rv.revision(action.golden()).ours()));
                }
                List<Outcome> outcomes = new ArrayList<>();
                for (int w = 0; w < planned.size(); w++) {
                    Planned watch = planned.get(w);
                    WireClient.WatchAnswer answer = answers.get(w).get((long) watch.closeAt() + 60, TimeUnit.SECONDS);
                    StreamComparator.Comparison comparison = StreamComparator.compare(watch.exchange(), answer,
                            new ResponseComparator.Context(rv, uids, watch.sent().revisions(), false,
                                    chapter >= FIELD_MANAGEMENT_CHAPTER));
                    List<String> notes = new ArrayList<>(watch.sent().notes());
                    notes.addAll(done);
                    notes.addAll(comparison.notes());
                    outcomes.add(Outcome.judge(chapter, transcript.scenario(), watch.exchange(), watch.sent().target(),
                            comparison.differences(), notes));
                }
                for (Exchange watch : group) {
                    observeStream(watch, false);
                }
                catchUp();
                return outcomes;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("a watch of " + transcript.name() + " failed: " + e, e);
            } finally {
                pool.shutdownNow();
            }
        }
        // end::replay-watches[]

        /** A watch request's numeric, non-zero resourceVersion. */
        private static OptionalLong requestedRevision(Request request) {
            String value = queryParam(request.target(), "resourceVersion");
            return value.matches("[1-9][0-9]*") ? OptionalLong.of(Long.parseLong(value)) : OptionalLong.empty();
        }

        /** Every revision a recorded stream shows: its events' objects and its bookmarks. */
        private static List<Long> streamRevisions(Exchange watch) {
            List<Long> revisions = new ArrayList<>();
            for (RecordedStream.StreamEvent event : watch.stream().events()) {
                eventRevision(event.line()).ifPresent(revisions::add);
            }
            return revisions;
        }

        private static OptionalLong eventRevision(String line) {
            JsonNode event = json(line);
            String text = event == null ? "" : event.path("object").path("metadata").path("resourceVersion").asText("");
            return text.matches("[1-9][0-9]*") ? OptionalLong.of(Long.parseLong(text)) : OptionalLong.empty();
        }

        /** The revisions a watch showed existed; when it was not sent, so did the writes its notes describe. */
        private void observeStream(Exchange watch, boolean notSent) {
            streamRevisions(watch).forEach(r -> rv.observe(r, null));
            if (notSent) {
                for (String note : watch.notes()) {
                    Matcher timed = RevealedHistory.NOTE_TIMED_CREATE.matcher(note);
                    while (timed.find()) {
                        rv.observe(Long.parseLong(timed.group(4)), null);
                    }
                }
            }
        }

        private void afterExchange() {
            afterNextExchange.forEach(r -> rv.observe(r, null));
            afterNextExchange.clear();
            catchUp();
        }

        /** The later chapter a request belongs to, if it is later than the server's. */
        private Optional<String> notServed(Request request) {
            return laterChapter(request).filter(what -> Integer.parseInt(what.replaceAll("^chapter (\\d+).*", "$1")) > chapter);
        }

        /** A request as sent here: its translated target, the revisions it named, how they were translated. */
        private record Sent(String target, Map<Long, Long> revisions, List<String> notes, String body, Answer answer) {

            Sent(String target, Map<Long, Long> revisions, List<String> notes, Answer answer) {
                this(target, revisions, notes, "", answer);
            }
        }

        // tag::translate-request[]
        private Sent send(Request request) {
            Sent sent = translate(request);
            return new Sent(sent.target(), sent.revisions(), sent.notes(),
                    client.send(request.method(), sent.target(), keptHeaders(request), sent.body()));
        }

        private static List<Header> keptHeaders(Request request) {
            return request.headers().stream().filter(h -> KEPT_HEADERS.contains(h.name().toLowerCase(Locale.ROOT))).toList();
        }

        /** The request as this replay sends it: revisions and uids translated; nothing sent yet. */
        private Sent translate(Request request) {
            Map<Long, Long> revisions = new LinkedHashMap<>();
            List<String> notes = new ArrayList<>();
            int question = request.target().indexOf('?');
            String target = request.target();
            if (question >= 0) {
                List<String> params = new ArrayList<>();
                for (String param : request.target().substring(question + 1).split("&")) {
                    int equals = param.indexOf('=');
                    String key = equals < 0 ? param : param.substring(0, equals);
                    String value = equals < 0 ? "" : param.substring(equals + 1);
                    if (key.equals("resourceVersion") && value.matches("[0-9]+") && !value.equals("0")) {
                        Translation t = rv.requestRevision(Long.parseLong(value), currentRevision());
                        revisions.put(t.golden(), t.ours());
                        value = Long.toString(t.ours());
                        notes.add("resourceVersion " + t.golden() + " sent as " + t.ours()
                                + (t.how() == null ? " (the same write here)" : " (" + t.how() + ")"));
                    } else if (key.equals("continue")) {
                        String translated = rv.continueToken(value);
                        if (!translated.equals(value)) {
                            RvTranslator.continueRevision(value).ifPresent(g -> {
                                Translation t = rv.revision(g);
                                revisions.put(g, t.ours());
                                notes.add("continue token rv " + g + " sent as " + t.ours()
                                        + (t.how() == null ? " (the same write here)" : " (" + t.how() + ")"));
                            });
                        }
                        value = translated;
                    }
                    params.add(equals < 0 ? key : key + "=" + value);
                }
                target = request.target().substring(0, question + 1) + String.join("&", params);
            }
            String body = NAMES_A_VERSION.contains(request.method()) ? translateBody(request.body(), revisions, notes)
                    : request.body();
            return new Sent(target, revisions, notes, body, null);
        }
        // end::translate-request[]

        // tag::translate-body[]
        /**
         * A request body with the revisions and uids it names sent as this replay's: every
         * {@code resourceVersion} (an object's metadata, a delete's preconditions) and every
         * {@code uid} the replay knows. The body is sent byte for byte when nothing needs translating.
         */
        private String translateBody(String body, Map<Long, Long> revisions, List<String> notes) {
            JsonNode json = json(body);
            if (json == null) {
                return translateYaml(body, revisions, notes);
            }
            if (!translateFields(json, "", revisions, notes)) {
                return body;
            }
            try {
                return JSON.writeValueAsString(json);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write a translated body: " + e, e);
            }
        }

        /**
         * An apply patch's YAML body, translated as {@link #translateFields} translates JSON: each
         * {@code resourceVersion:} and known {@code uid:} line gets this replay's value (golden g.8 sends
         * a stale {@code resourceVersion: "235"}); every other byte is sent as recorded.
         */
        private String translateYaml(String body, Map<Long, Long> revisions, List<String> notes) {
            Matcher line = YAML_VERSION_LINE.matcher(body);
            StringBuilder out = new StringBuilder();
            while (line.find()) {
                String value = line.group(3);
                String replacement = line.group();
                if (line.group(2).equals("resourceVersion") && value.matches("[0-9]+") && !value.equals("0")) {
                    Translation t = rv.requestRevision(Long.parseLong(value), currentRevision());
                    revisions.put(t.golden(), t.ours());
                    replacement = line.group(1) + "\"" + t.ours() + "\"";
                    notes.add("body (YAML) resourceVersion " + t.golden() + " sent as " + t.ours()
                            + (t.how() == null ? " (the same write here)" : " (" + t.how() + ")"));
                } else if (line.group(2).equals("uid") && uids.ours(value).isPresent()) {
                    replacement = line.group(1) + uids.translate(value);
                    notes.add("body (YAML) uid sent as this replay's uid of the same object");
                }
                line.appendReplacement(out, Matcher.quoteReplacement(replacement));
            }
            line.appendTail(out);
            return out.toString();
        }

        private boolean translateFields(JsonNode node, String path, Map<Long, Long> revisions, List<String> notes) {
            boolean changed = false;
            if (node instanceof ObjectNode object) {
                for (Map.Entry<String, JsonNode> field : List.copyOf(iterable(object))) {
                    String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                    String text = field.getValue().isTextual() ? field.getValue().asText() : null;
                    if (field.getKey().equals("resourceVersion") && text != null && text.matches("[0-9]+") && !text.equals("0")) {
                        Translation t = rv.requestRevision(Long.parseLong(text), currentRevision());
                        revisions.put(t.golden(), t.ours());
                        object.put(field.getKey(), Long.toString(t.ours()));
                        notes.add("body " + at + " " + t.golden() + " sent as " + t.ours()
                                + (t.how() == null ? " (the same write here)" : " (" + t.how() + ")"));
                        changed = true;
                    } else if (field.getKey().equals("uid") && text != null && uids.ours(text).isPresent()) {
                        object.put(field.getKey(), uids.translate(text));
                        notes.add("body " + at + " sent as this replay's uid of the same object");
                        changed = true;
                    } else {
                        changed |= translateFields(field.getValue(), at, revisions, notes);
                    }
                }
            } else if (node instanceof ArrayNode array) {
                for (int i = 0; i < array.size(); i++) {
                    changed |= translateFields(array.get(i), path + "[" + i + "]", revisions, notes);
                }
            }
            return changed;
        }
        // end::translate-body[]

        private static List<Map.Entry<String, JsonNode>> iterable(ObjectNode object) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            object.fields().forEachRemaining(fields::add);
            return fields;
        }

        // tag::learn-write[]
        /**
         * A write that succeeded in both runs names the same write: learn its revisions (and a
         * create's uids). Ours must be a new revision. A write whose golden resourceVersion is one
         * the real run had already made was a no-op there (an identical PUT, status sent to the main
         * resource): nothing is learned, and the comparator checks that this server wrote nothing
         * either. A delete's revision is in no response: it is the next one in both runs.
         */
        private Optional<Difference> learnWrite(Request request, Response golden, Answer ours) {
            if (request.method().equals("DELETE")) {
                long goldenDelete = rv.goldenLatest() + 1;
                long ourDelete = currentRevision();
                Optional<Difference> problem = ourDelete > ourLatestWrite ? Optional.empty()
                        : Optional.of(new Difference(Aspect.RESOURCE_VERSION, "the delete written at a revision after "
                                + ourLatestWrite, "etcd still at " + ourDelete));
                rv.learnWrite(goldenDelete, ourDelete);
                ourLatestWrite = Math.max(ourLatestWrite, ourDelete);
                return problem;
            }
            Optional<Long> goldenRv = objectRv(golden.body());
            Optional<Long> ourRv = objectRv(ours.body());
            if (goldenRv.isEmpty() || ourRv.isEmpty()) {
                return Optional.of(new Difference(Aspect.RESOURCE_VERSION, "a resourceVersion", "none"));
            }
            JsonNode goldenObject = json(golden.body());
            JsonNode ourObject = json(ours.body());
            uids.learn(goldenObject.path("metadata").path("uid").asText(""), ourObject.path("metadata").path("uid").asText(""));
            if (rv.isReproduced(goldenRv.get())) {
                return Optional.empty(); // a no-op in the real run
            }
            Optional<Difference> problem = ourRv.get() > ourLatestWrite ? Optional.empty()
                    : Optional.of(new Difference(Aspect.RESOURCE_VERSION, "a revision after " + ourLatestWrite, ourRv.get().toString()));
            rv.learnWrite(goldenRv.get(), ourRv.get());
            ourLatestWrite = Math.max(ourLatestWrite, ourRv.get());
            return problem;
        }
        // end::learn-write[]

        // tag::catch-up[]
        /**
         * Makes the real run's writes that this replay knows of but did not replay (kube-apiserver's
         * Lease renewals, skipped later-chapter writes), one unrelated write each, so that both runs
         * stay at matching revisions.
         */
        private void catchUp() {
            for (long golden : rv.notYetReproduced()) {
                Optional<RevealedHistory.Write> write = revealed == null ? Optional.empty() : revealed.at(golden);
                Optional<Long> made = write.flatMap(this::reproduce);
                if (made.isPresent()) {
                    rv.learnWrite(golden, made.get());
                    ourLatestWrite = Math.max(ourLatestWrite, made.get());
                    reproducedWrites.add(golden + " (" + (write.get().delete() ? "delete " : "write ") + write.get().namespace()
                            + "/" + write.get().name() + ")");
                    continue;
                }
                ByteSequence key = ByteSequence.from(UNRELATED_KEY, StandardCharsets.UTF_8);
                ByteSequence value = ByteSequence.from("stands for revision " + golden + " of the real run: "
                        + rv.describe(golden), StandardCharsets.UTF_8);
                try {
                    long ours = etcd.client().getKVClient().put(key, value).get(30, TimeUnit.SECONDS).getHeader().getRevision();
                    rv.learnUnrelated(golden, ours);
                    ourLatestWrite = Math.max(ourLatestWrite, ours);
                } catch (ExecutionException | TimeoutException e) {
                    throw new IllegalStateException("cannot write " + UNRELATED_KEY + ": " + e, e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
        }
        // end::catch-up[]

        // tag::reproduce[]
        /**
         * Makes a revealed write through the server, as the real run's other client did: a create if the
         * object does not exist here, else an unconditional update, or a delete. Empty if the server
         * wrote nothing (then an unrelated write stands for the revision).
         */
        private Optional<Long> reproduce(RevealedHistory.Write write) {
            String collection = "/api/v1/namespaces/" + write.namespace() + "/configmaps";
            String item = collection + "/" + write.name();
            Answer existing = client.send("GET", item, JSON_HEADERS, "");
            if (write.delete()) {
                Answer deleted = client.send("DELETE", item, JSON_HEADERS, "");
                return deleted.code() == 200 ? Optional.of(currentRevision()) : Optional.empty();
            }
            ObjectNode body;
            if (write.object() != null) {
                body = RevealedHistory.body(write.object());
            } else if (existing.code() == 200) { // a note names the write, not its content
                body = RevealedHistory.body((ObjectNode) json(existing.body()));
                ((ObjectNode) body.get("metadata")).with("annotations").put("rvlab.io/stands-for",
                        "revision " + write.revision() + " of the real run: " + write.source());
            } else {
                return Optional.empty();
            }
            Answer answer = existing.code() == 404 ? client.send("POST", collection, JSON_HEADERS, body.toString())
                    : client.send("PUT", item, JSON_HEADERS, body.toString());
            Optional<Long> ours = isSuccess(answer.code()) ? objectRv(answer.body()) : Optional.empty();
            if (ours.isEmpty() || ours.get() <= ourLatestWrite) {
                return Optional.empty();
            }
            if (existing.code() == 404 && write.object() != null) {
                uids.learn(write.object().path("metadata").path("uid").asText(""),
                        json(answer.body()).path("metadata").path("uid").asText(""));
            }
            return ours;
        }
        // end::reproduce[]

        /** Notes and etcd blocks tell which revisions the real run had reached; etcdctl's compactions are made here too. */
        private void observe(Entry entry, boolean replaying) {
            if (entry instanceof Note note) {
                Matcher m = NOTE_REVISION.matcher(note.text());
                while (m.find()) {
                    rv.observe(Long.parseLong(m.group(1)), null);
                }
                if (revealed != null) {
                    observeWatchNote(note.text(), replaying);
                }
            } else if (entry instanceof EtcdBlock block && block.command().equals("compact")) {
                Matcher compacted = Transcript.COMPACTED.matcher(block.output());
                if (compacted.matches()) {
                    rv.observe(Long.parseLong(compacted.group(1)), null); // etcd had reached it: one cannot compact the future
                    catchUp();
                    compact(rv.revision(Long.parseLong(compacted.group(1))).ours());
                }
            } else if (entry instanceof EtcdBlock block) {
                Matcher m = ETCD_HEADER_REVISION.matcher(block.output());
                while (m.find()) {
                    rv.observe(Long.parseLong(m.group(1)), null);
                }
            }
        }

        /** Every revision in a golden response existed in the real run; a skipped write's is labelled as such. */
        private void observe(Exchange exchange, Optional<String> laterChapter) {
            String what = laterChapter.map(chapter -> exchange.request().method() + " " + exchange.id() + ", " + chapter)
                    .orElse(null);
            JsonNode body = json(exchange.response().body());
            if (body == null) {
                return;
            }
            List<JsonNode> objects = new ArrayList<>();
            objects.add(body);
            body.path("items").forEach(objects::add);
            for (JsonNode object : objects) {
                String text = object.path("metadata").path("resourceVersion").asText("");
                if (text.matches("[0-9]+") && !text.equals("0")) {
                    rv.observe(Long.parseLong(text), object == body && body.has("items") ? null : what);
                }
            }
            RvTranslator.continueRevision(body.path("metadata").path("continue").asText(""))
                    .filter(r -> r > 0).ifPresent(r -> rv.observe(r, null));
        }

        /** Chapter 4's notes: "etcd revision before=270 after=272", "etcd revision at start 280", "(PATCH cm-c -> RV 274)". */
        private void observeWatchNote(String note, boolean replaying) {
            Matcher m = WATCH_NOTE_REVISION.matcher(note);
            while (m.find()) {
                rv.observe(Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2)), null);
            }
            Matcher after = WATCH_NOTE_AFTER.matcher(note);
            while (after.find()) {
                afterNextExchange.add(Long.parseLong(after.group(1)));
            }
            Matcher update = RevealedHistory.NOTE_UPDATE.matcher(note);
            while (update.find()) {
                rv.observe(Long.parseLong(update.group(2)), null);
            }
            if (!replaying) { // when replaying, the watch after the note makes it at its time
                Matcher timed = RevealedHistory.NOTE_TIMED_CREATE.matcher(note);
                while (timed.find()) {
                    rv.observe(Long.parseLong(timed.group(4)), null);
                }
            }
        }

        // tag::compact[]
        /** {@code etcdctl compact N}, at the revision that stands for N here. */
        private void compact(long ours) {
            try {
                etcd.client().getKVClient().compact(ours).get(30, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("cannot compact etcd at " + ours + ": " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        // end::compact[]

        private long currentRevision() {
            GetOption countOnly = GetOption.builder().withCountOnly(true).build();
            try {
                return etcd.client().getKVClient().get(ByteSequence.from("/", StandardCharsets.UTF_8), countOnly)
                        .get(30, TimeUnit.SECONDS).getHeader().getRevision();
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("cannot read etcd's revision: " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    // tag::later-chapter[]
    /** Which later chapter a request belongs to, if it is not a read or a create. */
    static Optional<String> laterChapter(Request request) {
        String query = request.target().contains("?") ? request.target().substring(request.target().indexOf('?') + 1) : "";
        if (request.target().contains("/watch/") || List.of(query.split("&")).contains("watch=true")
                || List.of(query.split("&")).contains("watch=1")) {
            return Optional.of("chapter 4 (watch)");
        }
        return switch (request.method()) {
            case "PUT" -> Optional.of("chapter 3 (update)");
            case "PATCH" -> request.header("Content-Type").orElse("").startsWith("application/apply-patch")
                    ? Optional.of("chapter 6 (server-side apply)")
                    : Optional.of("chapter 3 (patch)");
            case "DELETE" -> Optional.of("chapter 3 (delete)");
            default -> Optional.empty();
        };
    }
    // end::later-chapter[]

    // tag::watch-cache[]
    /**
     * Whether kube-apiserver 1.26 (watch cache on) served a list from the cache rather than etcd:
     * with resourceVersion "0", or with a non-zero resourceVersion that is not Exact and no limit;
     * never with a continue token. (k8s.io/apiserver pkg/storage/cacher/cacher.go, shouldDelegateList;
     * golden b2.1–b2.3, b3.5 against b1, b3.1, b3.7.)
     */
    static String queryParam(String target, String name) {
        int question = target.indexOf('?');
        if (question >= 0) {
            for (String param : target.substring(question + 1).split("&")) {
                int equals = param.indexOf('=');
                if ((equals < 0 ? param : param.substring(0, equals)).equals(name)) {
                    return equals < 0 ? "" : param.substring(equals + 1);
                }
            }
        }
        return "";
    }

    static boolean servedFromWatchCache(Request request) {
        Map<String, String> params = new LinkedHashMap<>();
        int question = request.target().indexOf('?');
        if (question >= 0) {
            for (String param : request.target().substring(question + 1).split("&")) {
                int equals = param.indexOf('=');
                params.put(equals < 0 ? param : param.substring(0, equals), equals < 0 ? "" : param.substring(equals + 1));
            }
        }
        String resourceVersion = params.getOrDefault("resourceVersion", "");
        boolean limited = params.getOrDefault("limit", "").matches("[1-9][0-9]*");
        if (!params.getOrDefault("continue", "").isEmpty() || "Exact".equals(params.get("resourceVersionMatch"))) {
            return false;
        }
        return resourceVersion.equals("0") || (!resourceVersion.isEmpty() && !limited);
    }
    // end::watch-cache[]

    private static boolean isSuccess(int code) {
        return code >= 200 && code < 300;
    }

    private static Optional<Long> objectRv(String body) {
        JsonNode json = json(body);
        String text = json == null ? "" : json.path("metadata").path("resourceVersion").asText("");
        return text.matches("[0-9]+") ? Optional.of(Long.parseLong(text)) : Optional.empty();
    }

    private static JsonNode json(String body) {
        try {
            return body.isBlank() ? null : JSON.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}

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
import java.util.concurrent.ExecutionException;
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

    private static final Pattern NOTE_REVISION = Pattern.compile("revision[^:0-9;]*:\\s*(\\d+)");
    private static final Pattern ETCD_HEADER_REVISION = Pattern.compile("\"revision\":\\s*(\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The outcome of one file's replay.
     *
     * @param chapter the chapter of the server it was replayed against
     * @param setup what was done to reach the file's starting state
     */
    public record Result(int chapter, Transcript transcript, List<String> setup, List<Outcome> outcomes) {

        public String scenario() {
            return transcript.scenario();
        }
    }

    private final Path goldenDir;
    private final ServerUnderTest.Factory servers;

    public Replayer(Path goldenDir, ServerUnderTest.Factory servers) {
        this.goldenDir = goldenDir;
        this.servers = servers;
    }

    /** Starts a fresh etcd and server, reaches the file's starting state, replays the file, stops both. */
    public Result replay(String fileName) {
        int position = HISTORY.indexOf(fileName);
        if (position < 0) {
            throw new IllegalArgumentException(fileName + " is not in Replayer.HISTORY");
        }
        try (Etcd etcd = Etcd.start(); ServerUnderTest server = servers.start(etcd)) {
            Run run = new Run(etcd, server);
            List<String> setup = new ArrayList<>();
            for (String earlier : HISTORY.subList(0, position)) {
                setup.add(run.setUp(Transcript.read(goldenDir.resolve(earlier))));
            }
            Transcript transcript = Transcript.read(goldenDir.resolve(fileName));
            return new Result(server.chapter(), transcript, setup, run.replay(transcript));
        }
    }

    /** One replay: a server, its etcd, and the revision translation learned so far. */
    private static final class Run {

        private final Etcd etcd;
        private final int chapter;
        private final WireClient client;
        private final RvTranslator rv;
        private final UidTranslator uids = new UidTranslator();
        private long ourLatestWrite;

        Run(Etcd etcd, ServerUnderTest server) {
            this.etcd = etcd;
            this.chapter = server.chapter();
            this.client = new WireClient(server.url());
            this.ourLatestWrite = currentRevision();
            this.rv = new RvTranslator(ourLatestWrite);
        }

        /** Sends an earlier file's successful writes that the server serves, learning their revisions; compares nothing. */
        String setUp(Transcript transcript) {
            int sent = 0;
            for (Entry entry : transcript.entries()) {
                if (!(entry instanceof Exchange exchange)) {
                    observe(entry);
                    catchUp();
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
            }
            return transcript.scenario() + ": " + sent + " write" + (sent == 1 ? "" : "s") + " sent";
        }

        // tag::replay[]
        List<Outcome> replay(Transcript transcript) {
            List<Outcome> outcomes = new ArrayList<>();
            for (Entry entry : transcript.entries()) {
                if (!(entry instanceof Exchange exchange)) {
                    observe(entry);
                    catchUp();
                    continue;
                }
                Optional<String> later = notServed(exchange.request());
                if (later.isPresent()) {
                    outcomes.add(Outcome.laterChapter(exchange, later.get()));
                    observe(exchange, later);
                    catchUp();
                    continue;
                }
                Sent sent = send(exchange.request());
                List<Difference> differences = new ArrayList<>();
                if (WRITES.contains(exchange.request().method()) && isSuccess(exchange.response().code())
                        && isSuccess(sent.answer().code())) {
                    learnWrite(exchange.request(), exchange.response(), sent.answer()).ifPresent(differences::add);
                }
                ResponseComparator.Comparison comparison = ResponseComparator.compare(exchange.response(), sent.answer(),
                        new ResponseComparator.Context(rv, uids, sent.revisions(), servedFromWatchCache(exchange.request())));
                differences.addAll(comparison.differences());
                List<String> notes = new ArrayList<>(sent.notes());
                notes.addAll(comparison.notes());
                outcomes.add(Outcome.judge(chapter, transcript.scenario(), exchange, sent.target(), differences, notes));
                observe(exchange, later);
                catchUp();
            }
            return outcomes;
        }
        // end::replay[]

        /** The later chapter a request belongs to, if it is later than the server's. */
        private Optional<String> notServed(Request request) {
            return laterChapter(request).filter(what -> Integer.parseInt(what.replaceAll("^chapter (\\d+).*", "$1")) > chapter);
        }

        /** A request as sent here: its translated target, the revisions it named, how they were translated. */
        private record Sent(String target, Map<Long, Long> revisions, List<String> notes, Answer answer) {
        }

        // tag::translate-request[]
        private Sent send(Request request) {
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
            List<Header> headers = request.headers().stream()
                    .filter(h -> KEPT_HEADERS.contains(h.name().toLowerCase(Locale.ROOT))).toList();
            return new Sent(target, revisions, notes, client.send(request.method(), target, headers, body));
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
            if (json == null || !translateFields(json, "", revisions, notes)) {
                return body;
            }
            try {
                return JSON.writeValueAsString(json);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write a translated body: " + e, e);
            }
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

        /** Notes and etcd blocks tell which revisions the real run had reached. */
        private void observe(Entry entry) {
            if (entry instanceof Note note) {
                Matcher m = NOTE_REVISION.matcher(note.text());
                while (m.find()) {
                    rv.observe(Long.parseLong(m.group(1)), null);
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
     * never with a continue token. (Fact sheet §1.2; golden b2.1–b2.3, b3.5 against b1, b3.1, b3.7.)
     */
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

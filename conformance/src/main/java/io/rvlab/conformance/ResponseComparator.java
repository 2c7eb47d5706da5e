package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.Transcript.Response;
import io.rvlab.conformance.WireClient.Answer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.StreamSupport;

/**
 * Compares this server's answer with kube-apiserver's, aspect by aspect.
 *
 * <p>Compared: the status code; {@code Content-Type} and {@code Retry-After}; the framing
 * ({@code Content-Length} or chunked); whether the server waited (~3 s) before answering; the
 * JSON body field by field, in field order, with Status messages' numbers translated (defaulted
 * fields included: chapter 3's server fills in a Deployment's defaults as kube-apiserver does). And
 * whatever the transcript says, a 5xx from rvlab that is not a Timeout breaks rvlab's rule that a
 * client's mistake gets a 4xx ({@link Aspect#SERVER_ERROR}).
 *
 * <p>Set aside, because they differ from run to run or belong to later chapters: {@code uid} (checked
 * to be a UUID), {@code creationTimestamp} (checked to be RFC 3339 in seconds),
 * {@code managedFields} on the servers of chapters 2 to 5, and the numeric values of resourceVersions, which are
 * compared after translation into this replay's revisions instead (see {@link RvTranslator}):
 * equal where they name the same write, in the same order where the real run's are. On chapter 6's
 * server the managedFields are compared like the rest of the body (every entry's manager, operation,
 * apiVersion, fieldsType, fieldsV1 and subresource, in order), only each entry's {@code time} is set
 * aside once checked to be RFC 3339 in seconds ({@link #managedFields}).
 *
 * <p>An object whose golden resourceVersion is not a write this replay reproduces was last changed
 * by a request the replay skipped (on chapter 2's server, a chapter 3 PUT or PATCH): its data and
 * resourceVersion cannot match, so only its kind, metadata and field names are compared, and the
 * report says so. Uids in Status messages are translated into this replay's ({@link UidTranslator}).
 */
public final class ResponseComparator {

    /** Go's net/http sends a body of up to this many bytes with Content-Length, a longer one chunked. */
    public static final int CHUNKED_ABOVE_BYTES = 2048;

    /** An answer that took this long was a wait for a too-large resourceVersion (3 s in kube-apiserver). */
    public static final double WAITED_SECONDS = 2.5;

    static final String UID = "<uid>";
    static final String TIMESTAMP = "<timestamp>";
    static final String NOT_COMPARED = "<not compared: changed by a later-chapter request>";

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What the comparator needs to know about the request.
     *
     * @param sentForGolden each revision the golden request named, with the one this replay sent instead
     * @param servedFromWatchCache whether kube-apiserver 1.26 served this list from its watch cache,
     *        where items come in no defined order
     * @param comparesManagedFields whether objects' {@code metadata.managedFields} are compared (chapter 6's
     *        server, which records them) or set aside (chapters 2 to 5, which write none)
     */
    public record Context(RvTranslator rv, UidTranslator uids, Map<Long, Long> sentForGolden,
            boolean servedFromWatchCache, boolean comparesManagedFields) {

        /** A context for a server that writes no managedFields (chapters 2 to 5): they are set aside. */
        public Context(RvTranslator rv, UidTranslator uids, Map<Long, Long> sentForGolden, boolean servedFromWatchCache) {
            this(rv, uids, sentForGolden, servedFromWatchCache, false);
        }
    }

    /** The differences found, and notes on what was compared loosely and why. */
    public record Comparison(List<Difference> differences, List<String> notes) {
    }

    private final Context context;
    /** Golden values replaced by their translation, with what the transcript said, for readable diffs. */
    private final Map<JsonNode, String> originals = new IdentityHashMap<>();
    private final List<Difference> differences = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private ResponseComparator(Context context) {
        this.context = context;
    }

    public static Comparison compare(Response golden, Answer ours, Context context) {
        ResponseComparator comparator = new ResponseComparator(context);
        comparator.run(golden, ours);
        return new Comparison(List.copyOf(comparator.differences), List.copyOf(comparator.notes));
    }

    /**
     * Compares one object the way a response body is compared (a Status's message translated; an
     * object's uid, creationTimestamp and managedFields set aside (on chapter 6's server, only each managedFields
     * entry's time), its resourceVersion translated):
     * for the objects of watch events. Differences come back as {@link Aspect#BODY}.
     */
    static Comparison compareObject(JsonNode golden, JsonNode ours, Context context) {
        ResponseComparator comparator = new ResponseComparator(context);
        if (!(golden instanceof ObjectNode g) || !(ours instanceof ObjectNode o)) {
            if (!Objects.equals(golden, ours)) {
                comparator.differences.add(new Difference(Aspect.BODY, String.valueOf(golden), String.valueOf(ours)));
            }
            return new Comparison(List.copyOf(comparator.differences), List.copyOf(comparator.notes));
        }
        ObjectNode expected = g.deepCopy();
        ObjectNode actual = o.deepCopy();
        if ("Status".equals(expected.path("kind").asText())) {
            comparator.status(expected, true);
            comparator.status(actual, false);
        } else {
            Set<String> relaxed = new HashSet<>();
            comparator.object(expected, true, relaxed);
            comparator.object(actual, false, relaxed);
        }
        List<PathDifference> paths = new ArrayList<>();
        comparator.diff("", expected, actual, paths);
        if (!paths.isEmpty()) {
            comparator.differences.add(new Difference(Aspect.BODY,
                    String.join("; ", paths.stream().map(p -> p.path() + ": " + p.expected()).toList()),
                    String.join("; ", paths.stream().map(p -> p.path() + ": " + p.actual()).toList())));
        }
        return new Comparison(List.copyOf(comparator.differences), List.copyOf(comparator.notes));
    }

    /** The reasons of a 5xx that are the server's condition, not a verdict on the request. */
    private static final Set<String> SERVER_SIDE_REASONS = Set.of("Timeout", "ServerTimeout", "ServiceUnavailable");

    private void run(Response golden, Answer ours) {
        Optional<JsonNode> goldenJson = parse(golden.body());
        Optional<JsonNode> ourJson = parse(ours.body());
        if (golden.code() != ours.code()) {
            differences.add(new Difference(Aspect.STATUS, summary(golden.code(), goldenJson, true),
                    summary(ours.code(), ourJson, false)));
        }
        // tag::server-error[]
        String ourReason = ourJson.map(json -> json.path("reason").asText()).orElse("");
        if (ours.code() >= 500 && !SERVER_SIDE_REASONS.contains(ourReason)) {
            differences.add(new Difference(Aspect.SERVER_ERROR, "a 4xx Status: a client's mistake never gets a 5xx "
                    + "(kube-apiserver 1.26.1 answered " + golden.code() + ")", summary(ours.code(), ourJson, false)));
        }
        // end::server-error[]
        headers(golden, ours);
        if (golden.code() == ours.code()) {
            body(golden, goldenJson, ours, ourJson);
        }
    }

    // tag::headers[]
    private void headers(Response golden, Answer ours) {
        same(Aspect.CONTENT_TYPE, golden.header("Content-Type"), ours.header("Content-Type"));
        same(Aspect.RETRY_AFTER, golden.header("Retry-After"), ours.header("Retry-After"));

        boolean goldenChunked = golden.header("Transfer-Encoding").map(v -> v.contains("chunked")).orElse(false);
        int goldenSize = golden.body().getBytes(StandardCharsets.UTF_8).length;
        int ourSize = ours.body().getBytes(StandardCharsets.UTF_8).length;
        if (goldenChunked != ours.chunked()) {
            boolean bothFollowGo = goldenChunked == goldenSize > CHUNKED_ABOVE_BYTES
                    && ours.chunked() == ourSize > CHUNKED_ABOVE_BYTES;
            if (bothFollowGo) {
                notes.add("framing follows the body size: " + goldenSize + " bytes there (with managedFields), "
                        + ourSize + " here");
            } else {
                differences.add(new Difference(Aspect.FRAMING, framing(goldenChunked, goldenSize), framing(ours.chunked(), ourSize)));
            }
        }

        boolean goldenWaited = golden.timeTotal() >= WAITED_SECONDS;
        boolean ourWaited = ours.seconds() >= WAITED_SECONDS;
        if (goldenWaited != ourWaited) {
            differences.add(new Difference(Aspect.WAIT, String.format(Locale.ROOT, "answered after %.2f s", golden.timeTotal()),
                    String.format(Locale.ROOT, "answered after %.2f s", ours.seconds())));
        }
    }
    // end::headers[]

    private void same(Aspect aspect, Optional<String> golden, Optional<String> ours) {
        if (!golden.equals(ours)) {
            differences.add(new Difference(aspect, golden.orElse("(none)"), ours.orElse("(none)")));
        }
    }

    private static String framing(boolean chunked, int size) {
        return (chunked ? "Transfer-Encoding: chunked" : "Content-Length") + " (" + size + " bytes)";
    }

    // tag::body[]
    private void body(Response golden, Optional<JsonNode> goldenJson, Answer ours, Optional<JsonNode> ourJson) {
        if (goldenJson.isEmpty() || ourJson.isEmpty()) {
            if (!golden.body().equals(ours.body())) {
                differences.add(new Difference(Aspect.BODY, golden.body().strip(), ours.body().strip()));
            }
            return;
        }
        ObjectNode expected = goldenJson.get().deepCopy();
        ObjectNode actual = ourJson.get().deepCopy();
        if ("Status".equals(expected.path("kind").asText())) {
            status(expected, true);
            status(actual, false);
        } else if (expected.has("items")) {
            list(expected, actual);
        } else {
            Set<String> relaxed = new HashSet<>();
            object(expected, true, relaxed);
            object(actual, false, relaxed);
        }
        List<PathDifference> paths = new ArrayList<>();
        diff("", expected, actual, paths);
        if (!paths.isEmpty()) {
            differences.add(new Difference(Aspect.BODY,
                    String.join("; ", paths.stream().map(p -> p.path() + ": " + p.expected()).toList()),
                    String.join("; ", paths.stream().map(p -> p.path() + ": " + p.actual()).toList())));
        }
    }
    // end::body[]

    /** A Status: its message's revisions and uids translated, its uid set aside, its continue token decoded. */
    private void status(ObjectNode status, boolean golden) {
        if (golden && status.get("message") instanceof TextNode message) {
            status.set("message", translatedText(translatedMessage(message.asText()), message.asText()));
        }
        if (status.get("details") instanceof ObjectNode details && details.has("uid")) {
            details.put("uid", UID);
        }
        if (status.get("metadata") instanceof ObjectNode metadata && metadata.has("continue")) {
            metadata.put("continue", continueText(metadata.get("continue").asText(), golden));
        }
    }

    private void list(ObjectNode expected, ObjectNode actual) {
        for (ObjectNode list : List.of(expected, actual)) {
            boolean golden = list == expected;
            if (list.get("metadata") instanceof ObjectNode metadata) {
                if (golden && metadata.has("resourceVersion")) {
                    String rv = metadata.get("resourceVersion").asText();
                    metadata.set("resourceVersion", translatedText(translated(rv), rv));
                }
                if (metadata.has("continue")) {
                    metadata.put("continue", continueText(metadata.get("continue").asText(), golden));
                }
            }
        }
        Set<String> relaxed = new HashSet<>();
        for (JsonNode item : expected.path("items")) {
            object((ObjectNode) item, true, relaxed);
        }
        for (JsonNode item : actual.path("items")) {
            if (item instanceof ObjectNode object) {
                object(object, false, relaxed);
            }
        }
        if (context.servedFromWatchCache()) {
            notes.add("kube-apiserver 1.26 served this list from its watch cache, in no defined order: items compared as a set");
            sortByName(expected);
            sortByName(actual);
        }
        List<String> goldenNames = names(expected);
        List<String> ourNames = names(actual);
        if (!goldenNames.equals(ourNames)) {
            differences.add(new Difference(Aspect.ITEMS, goldenNames.toString(), ourNames.toString()));
            expected.remove("items"); // compared above: the rest of the body is compared on its own
            actual.remove("items");
        }
    }

    // tag::object[]
    /**
     * Sets aside what differs from run to run. On the golden side, the resourceVersion becomes the
     * revision it translates to; an object last written by a skipped request is compared by shape only.
     */
    private void object(ObjectNode object, boolean golden, Set<String> relaxed) {
        if (!(object.get("metadata") instanceof ObjectNode metadata)) {
            return;
        }
        if (context.comparesManagedFields()) {
            managedFields(metadata, golden);
        } else {
            metadata.remove("managedFields");
        }
        if (metadata.has("uid") && (golden || metadata.get("uid").asText().matches("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}"))) {
            metadata.put("uid", UID);
        }
        if (metadata.has("creationTimestamp")
                && (golden || metadata.get("creationTimestamp").asText().matches(RFC3339_SECONDS))) {
            metadata.put("creationTimestamp", TIMESTAMP);
        }
        String name = metadata.path("namespace").asText() + "/" + metadata.path("name").asText();
        if (golden && metadata.has("resourceVersion")) {
            long rv = Long.parseLong(metadata.get("resourceVersion").asText());
            if (context.rv().isReplayedWrite(rv)) {
                metadata.set("resourceVersion", translatedText(Long.toString(context.rv().revision(rv).ours()), Long.toString(rv)));
            } else {
                relaxed.add(name);
                notes.add(name + " is at resourceVersion " + rv + " there (" + context.rv().describe(rv) + "): changed by "
                        + "a request this replay does not send, so its data and resourceVersion are not compared");
            }
        }
        if (relaxed.contains(name)) {
            metadata.put("resourceVersion", NOT_COMPARED);
            if (metadata.has("managedFields")) {
                metadata.put("managedFields", NOT_COMPARED); // they name the skipped request's manager and fields
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!List.of("kind", "apiVersion", "metadata").contains(field.getKey())) {
                    field.setValue(TextNode.valueOf(NOT_COMPARED));
                }
            }
        }
    }
    // end::object[]

    /** RFC 3339 in seconds, UTC, as kube-apiserver writes a managedFields entry's time (metav1.Time). */
    static final String RFC3339_SECONDS = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ";

    // tag::managed-fields[]
    /**
     * Chapter 6: managedFields are compared, entry by entry and in order; only each entry's time,
     * which is the moment of the write in each run, becomes {@link #TIMESTAMP}, on this server's
     * side only if it has kube's form (RFC 3339, seconds, UTC), so a malformed time still differs.
     */
    private void managedFields(ObjectNode metadata, boolean golden) {
        if (!(metadata.get("managedFields") instanceof ArrayNode entries)) {
            return;
        }
        for (JsonNode entry : entries) {
            if (entry instanceof ObjectNode fields && fields.get("time") instanceof TextNode time
                    && (golden || time.asText().matches(RFC3339_SECONDS))) {
                fields.put("time", TIMESTAMP);
            }
        }
    }
    // end::managed-fields[]

    private String translatedMessage(String golden) {
        return context.uids().message(context.rv().message(golden, context.sentForGolden()));
    }

    /** A translated golden value, remembered with the transcript's own value. */
    private TextNode translatedText(String translated, String original) {
        TextNode node = new TextNode(translated);
        if (!translated.equals(original)) {
            originals.put(node, original);
        }
        return node;
    }

    private String translated(String goldenRv) {
        if (goldenRv.isEmpty() || goldenRv.equals("0")) {
            return goldenRv;
        }
        return Long.toString(context.rv().revision(Long.parseLong(goldenRv)).ours());
    }

    /** A continue token as the JSON inside it, the golden one with its rv translated. */
    private String continueText(String token, boolean golden) {
        String compared = golden ? context.rv().continueToken(token) : token;
        return RvTranslator.decode(compared).map(json -> "continue token " + json).orElse(compared);
    }

    private static void sortByName(ObjectNode list) {
        if (list.get("items") instanceof ArrayNode items) {
            List<JsonNode> sorted = new ArrayList<>();
            items.forEach(sorted::add);
            sorted.sort(Comparator.comparing(ResponseComparator::nameOf));
            items.removeAll();
            items.addAll(sorted);
        }
    }

    private static List<String> names(ObjectNode list) {
        return StreamSupport.stream(list.path("items").spliterator(), false).map(ResponseComparator::nameOf).toList();
    }

    private static String nameOf(JsonNode item) {
        return item.path("metadata").path("name").asText();
    }

    /** One place where the two bodies differ. */
    private record PathDifference(String path, String expected, String actual) {
    }

    // tag::diff[]
    /** Every path where the two trees differ, field order included. */
    private void diff(String path, JsonNode expected, JsonNode actual, List<PathDifference> out) {
        String here = path.isEmpty() ? "(top)" : path;
        if (expected.isObject() && actual.isObject()) {
            List<String> expectedFields = fieldNames(expected);
            List<String> actualFields = fieldNames(actual);
            if (!expectedFields.equals(actualFields)) {
                out.add(new PathDifference(here, "fields " + expectedFields, "fields " + actualFields));
            }
            for (String field : expectedFields) {
                if (actual.has(field)) {
                    diff(path.isEmpty() ? field : path + "." + field, expected.get(field), actual.get(field), out);
                }
            }
        } else if (expected.isArray() && actual.isArray()) {
            if (expected.size() != actual.size()) {
                out.add(new PathDifference(here, expected.size() + " elements", actual.size() + " elements"));
            }
            for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
                diff(path + "[" + i + "]", expected.get(i), actual.get(i), out);
            }
        } else if (!Objects.equals(expected, actual)) {
            String original = originals.get(expected);
            out.add(new PathDifference(here, expected + (original == null ? "" : " (the transcript's " + original
                    + ", translated)"), actual.toString()));
        }
    }
    // end::diff[]

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private String summary(int code, Optional<JsonNode> body, boolean golden) {
        if (body.isEmpty()) {
            return Integer.toString(code);
        }
        JsonNode json = body.get();
        if ("Status".equals(json.path("kind").asText())) {
            String message = json.path("message").asText();
            if (golden) {
                message = translatedMessage(message);
            }
            String reason = json.path("reason").asText();
            return code + " " + (reason.isEmpty() ? "(no reason)" : reason) + " \"" + message + "\"";
        }
        return code + " " + json.path("kind").asText() + " " + json.path("metadata").path("name").asText();
    }

    private static Optional<JsonNode> parse(String body) {
        if (body.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(body);
            return node instanceof ObjectNode ? Optional.of(node) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}

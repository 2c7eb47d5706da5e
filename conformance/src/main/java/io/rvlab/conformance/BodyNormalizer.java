package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.ResponseComparator.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;

/**
 * Prepares a golden body and this server's for {@link JsonTreeDiff}, setting aside what differs from
 * run to run: on the golden side, resourceVersions and the numbers and uids in Status messages become
 * this replay's ({@link RvTranslator}, {@link UidTranslator}); on both, a uid that has a uid's shape
 * and an RFC 3339 creationTimestamp become placeholders, managedFields are set aside (chapters 2 to 5)
 * or compared but for each entry's time (chapter 6), and continue tokens are compared as the JSON inside
 * them. An object last written by a request this replay skipped is compared by shape only; a list that
 * kube-apiserver 1.26 served from its watch cache, as a set. Both are noted, and a list's item names
 * that differ are an {@link Aspect#ITEMS} difference.
 */
final class BodyNormalizer {

    static final String UID = "<uid>";
    static final String TIMESTAMP = "<timestamp>";
    static final String NOT_COMPARED = "<not compared: changed by a later-chapter request>";

    private final Context context;
    private final JsonTreeDiff tree;
    private final List<Difference> differences;
    private final List<String> notes;

    /** {@code differences} and {@code notes}: the comparison's own lists, which this adds to. */
    BodyNormalizer(Context context, JsonTreeDiff tree, List<Difference> differences, List<String> notes) {
        this.context = context;
        this.tree = tree;
        this.differences = differences;
        this.notes = notes;
    }

    /** A Status: its message's revisions and uids translated, its uid set aside, its continue token decoded. */
    void status(ObjectNode status, boolean golden) {
        if (golden && status.get("message") instanceof TextNode message) {
            status.set("message", tree.translatedText(translatedMessage(message.asText()), message.asText()));
        }
        if (status.get("details") instanceof ObjectNode details && details.has("uid")) {
            details.put("uid", UID);
        }
        if (status.get("metadata") instanceof ObjectNode metadata && metadata.has("continue")) {
            metadata.put("continue", continueText(metadata.get("continue").asText(), golden));
        }
    }

    void list(ObjectNode expected, ObjectNode actual) {
        for (ObjectNode list : List.of(expected, actual)) {
            boolean golden = list == expected;
            if (list.get("metadata") instanceof ObjectNode metadata) {
                if (golden && metadata.has("resourceVersion")) {
                    String rv = metadata.get("resourceVersion").asText();
                    metadata.set("resourceVersion", tree.translatedText(translated(rv), rv));
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
    void object(ObjectNode object, boolean golden, Set<String> relaxed) {
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
                metadata.set("resourceVersion", tree.translatedText(Long.toString(context.rv().revision(rv).ours()), Long.toString(rv)));
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
    String translatedMessage(String golden) {
        return context.uids().message(context.rv().message(golden, context.sentForGolden()));
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
            sorted.sort(Comparator.comparing(BodyNormalizer::nameOf));
            items.removeAll();
            items.addAll(sorted);
        }
    }

    private static List<String> names(ObjectNode list) {
        return StreamSupport.stream(list.path("items").spliterator(), false).map(BodyNormalizer::nameOf).toList();
    }

    private static String nameOf(JsonNode item) {
        return item.path("metadata").path("name").asText();
    }
}

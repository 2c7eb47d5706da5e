package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.rvlab.conformance.Difference.Aspect;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where two JSON bodies differ, path by path, field order included: kube-apiserver writes an object's
 * fields in its Go struct's order (encoding/json), and a client that reads them in order sees any
 * other. A golden value that was replaced by its translation into this replay (a resourceVersion, a
 * Status message) is remembered with what the transcript said, so a difference shows both.
 */
final class JsonTreeDiff {

    /** Golden values replaced by their translation, with what the transcript said, for readable diffs. */
    private final Map<JsonNode, String> originals = new IdentityHashMap<>();

    /** A translated golden value, remembered with the transcript's own value. */
    TextNode translatedText(String translated, String original) {
        TextNode node = new TextNode(translated);
        if (!translated.equals(original)) {
            originals.put(node, original);
        }
        return node;
    }

    /** The two trees' differences as one {@link Aspect#BODY} difference (every path), or none. */
    Optional<Difference> bodyDifference(JsonNode expected, JsonNode actual) {
        List<PathDifference> paths = new ArrayList<>();
        diff("", expected, actual, paths);
        if (paths.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Difference(Aspect.BODY,
                String.join("; ", paths.stream().map(p -> p.path() + ": " + p.expected()).toList()),
                String.join("; ", paths.stream().map(p -> p.path() + ": " + p.actual()).toList())));
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
}

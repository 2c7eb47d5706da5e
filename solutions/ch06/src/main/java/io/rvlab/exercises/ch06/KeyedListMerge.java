package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Exercise 6.3, a reference answer: merging a keyed list as server-side apply does. */
public final class KeyedListMerge {

    public static final Map<String, List<String>> POD_SPEC = Map.of(
            "containers", List.of("name"),
            "initContainers", List.of("name"),
            "ports", List.of("containerPort", "protocol"),
            "env", List.of("name"));

    private final Map<String, List<String>> keyedLists;

    public KeyedListMerge(Map<String, List<String>> keyedLists) {
        this.keyedLists = Map.copyOf(keyedLists);
    }

    public List<String> keysOf(String name) {
        return keyedLists.get(name);
    }

    public ArrayNode mergeList(ArrayNode live, ArrayNode config, List<String> keys) {
        Map<List<JsonNode>, JsonNode> liveByKey = index(live, keys);
        Map<List<JsonNode>, JsonNode> configByKey = index(config, keys);
        // The items both lists name, in the config's order: the config decides their order.
        Deque<List<JsonNode>> shared = new ArrayDeque<>();
        configByKey.keySet().stream().filter(liveByKey::containsKey).forEach(shared::add);
        Set<List<JsonNode>> emitted = new HashSet<>();
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        int l = 0;
        int r = 0;
        while (l < live.size() || r < config.size()) {
            if (l < live.size()) {
                JsonNode item = live.get(l);
                List<JsonNode> key = key(item, keys);
                if (!configByKey.containsKey(key)) {
                    out.add(item.deepCopy());        // live only: it keeps its place
                    l++;
                    continue;
                }
                if (emitted.contains(key) || !key.equals(shared.peek())) {
                    l++;                             // named by the config: the config places it
                    continue;
                }
                // The next shared item: first the config's items before it (new ones), then the two merged.
            }
            JsonNode item = config.get(r++);
            List<JsonNode> key = key(item, keys);
            JsonNode before = liveByKey.get(key);
            out.add(before instanceof ObjectNode b && item instanceof ObjectNode c ? mergeObject(b, c) : item.deepCopy());
            emitted.add(key);
            if (key.equals(shared.peek())) {
                shared.poll();
            }
        }
        return out;
    }

    public ObjectNode mergeObject(ObjectNode live, ObjectNode config) {
        ObjectNode out = live.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = config.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            JsonNode theirs = field.getValue();
            JsonNode ours = live.get(name);
            List<String> keys = keyedLists.get(name);
            if (theirs instanceof ObjectNode c && ours instanceof ObjectNode l) {
                out.set(name, mergeObject(l, c));
            } else if (theirs instanceof ArrayNode c && ours instanceof ArrayNode l && keys != null) {
                out.set(name, mergeList(l, c, keys));
            } else {
                out.set(name, theirs.deepCopy());    // a scalar, an atomic list, or a field new to live
            }
        }
        return out;
    }

    /** The items of a list by key, in list order (the first of duplicates wins). */
    private static Map<List<JsonNode>, JsonNode> index(ArrayNode list, List<String> keys) {
        Map<List<JsonNode>, JsonNode> byKey = new LinkedHashMap<>();
        list.forEach(item -> byKey.putIfAbsent(key(item, keys), item));
        return byKey;
    }

    private static List<JsonNode> key(JsonNode item, List<String> keys) {
        List<JsonNode> values = new ArrayList<>(keys.size());
        for (String k : keys) {
            JsonNode v = item.get(k);
            values.add(v == null ? NullNode.getInstance() : v);
        }
        return values;
    }
}

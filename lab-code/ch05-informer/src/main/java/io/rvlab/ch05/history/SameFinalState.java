package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.ch05.history.InformerChecker.Violation;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The informer history checker's last promise: once the informer has caught up, its store, and the
 * handlers' last word on every object, equal etcd's state read at the end. A key that differs is a
 * {@link Check#FINAL_STATE} (the store) or {@link Check#HANDLERS} violation.
 */
final class SameFinalState {

    private final EtcdState etcd;

    SameFinalState(EtcdState etcd) {
        this.etcd = etcd;
    }

    /** (e) The store and the handlers' view equal etcd. */
    void check(List<ObjectNode> store, Map<String, ObjectNode> handlers, List<Violation> found) {
        Map<String, ObjectNode> stored = new TreeMap<>();
        store.forEach(object -> stored.put(ObjectKeys.of(object), object));
        compare(Check.FINAL_STATE, "the store", stored, found);
        compare(Check.HANDLERS, "the handlers' last word", handlers, found);
    }

    private void compare(Check kind, String who, Map<String, ObjectNode> actual, List<Violation> found) {
        Set<String> keys = new TreeSet<>(actual.keySet());
        keys.addAll(etcd.objects().keySet());
        for (String key : keys) {
            ObjectNode mine = actual.get(key);
            ObjectNode truth = etcd.objects().get(key);
            if (!InformerChecker.same(mine, truth)) {
                found.add(new Violation(kind, Long.toString(etcd.revision()), key, who + " has " + describe(mine)
                        + ", etcd at rv " + etcd.revision() + " has " + describe(truth)));
            }
        }
    }

    private static String describe(ObjectNode object) {
        if (object == null) {
            return "nothing";
        }
        String json = GoJson.compact(object.path("data"));
        return "rv " + InformerHistory.rv(object) + " data " + (json.length() > 100 ? json.substring(0, 100) + "..." : json);
    }
}

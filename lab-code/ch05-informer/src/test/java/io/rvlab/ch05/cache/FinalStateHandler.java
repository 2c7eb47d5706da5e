package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.TreeMap;

/** What a handler last heard of each object, in TestCluster.summary's form: deletions remove it. */
final class FinalStateHandler implements ResourceEventHandler {

    private final Map<String, ObjectNode> last = new TreeMap<>();

    synchronized Map<String, String> state() {
        return TestCluster.summary(last.values());
    }

    @Override
    public synchronized void onAdd(ObjectNode object, boolean isInInitialList) {
        last.put(ObjectKeys.of(object), object);
    }

    @Override
    public synchronized void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
        last.put(ObjectKeys.of(newObject), newObject);
    }

    @Override
    public synchronized void onDelete(Object objectOrTombstone) {
        last.remove(ObjectKeys.of(objectOrTombstone));
    }
}

package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** A handler that writes down its calls ("add a 12 initial", "update a 12->13", "delete b 14", "delete b tombstone 11"). */
final class RecordingHandler implements ResourceEventHandler {

    private final List<String> calls = new ArrayList<>();
    private final List<String> threads = new ArrayList<>();
    private int resyncs;

    synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    synchronized int resyncs() {
        return resyncs;
    }

    synchronized List<String> threads() {
        return List.copyOf(threads);
    }

    private synchronized void add(String call) {
        calls.add(call);
        threads.add(Thread.currentThread().getName());
    }

    @Override
    public void onAdd(ObjectNode object, boolean isInInitialList) {
        add("add " + name(object) + " " + TestCluster.rv(object) + (isInInitialList ? " initial" : ""));
    }

    @Override
    public void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
        if (oldObject == newObject) {
            synchronized (this) {
                resyncs++;
            }
            return;
        }
        add("update " + name(newObject) + " " + TestCluster.rv(oldObject) + "->" + TestCluster.rv(newObject));
    }

    @Override
    public void onDelete(Object objectOrTombstone) {
        if (objectOrTombstone instanceof DeletedFinalStateUnknown tombstone) {
            add("delete " + name(tombstone.object()) + " tombstone " + TestCluster.rv(tombstone.object()));
        } else {
            ObjectNode object = (ObjectNode) objectOrTombstone;
            add("delete " + name(object) + " " + TestCluster.rv(object));
        }
    }

    private static String name(ObjectNode object) {
        return object.path("metadata").path("name").asText();
    }
}

package io.rvlab.ch06.structured;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Who owns what: manager identity (an opaque string; kube's manager identifier JSON) to the
 * {@link VersionedSet} it owns, as structured-merge-diff's {@code ManagedFields}. Immutable,
 * insertion-ordered; a manager whose set becomes empty is no longer listed.
 */
public final class ManagedFieldSets {

    private static final ManagedFieldSets EMPTY = new ManagedFieldSets(new LinkedHashMap<>());

    private final Map<String, VersionedSet> managers;

    private ManagedFieldSets(LinkedHashMap<String, VersionedSet> managers) {
        this.managers = Collections.unmodifiableMap(managers);
    }

    public static ManagedFieldSets empty() {
        return EMPTY;
    }

    /** {@code manager} now owns {@code set} (an empty set removes the manager; its place is kept otherwise). */
    public ManagedFieldSets with(String manager, VersionedSet set) {
        if (set == null || set.set().isEmpty()) {
            return without(manager);
        }
        LinkedHashMap<String, VersionedSet> copy = new LinkedHashMap<>(managers);
        copy.put(manager, set);
        return new ManagedFieldSets(copy);
    }

    public ManagedFieldSets without(String manager) {
        if (!managers.containsKey(manager)) {
            return this;
        }
        LinkedHashMap<String, VersionedSet> copy = new LinkedHashMap<>(managers);
        copy.remove(manager);
        return new ManagedFieldSets(copy);
    }

    public Optional<VersionedSet> get(String manager) {
        return Optional.ofNullable(managers.get(manager));
    }

    /** Unmodifiable, in insertion order. */
    public Map<String, VersionedSet> asMap() {
        return managers;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ManagedFieldSets m && m.managers.equals(managers);
    }

    @Override
    public int hashCode() {
        return managers.hashCode();
    }

    @Override
    public String toString() {
        return managers.toString();
    }
}

package io.rvlab.ch06.structured;

import io.rvlab.ch06.fieldpath.FieldSet;

/** The fields one manager owns, in the apiVersion it used, and whether it got them by Apply. */
public record VersionedSet(FieldSet set, String apiVersion, boolean applied) {
    public VersionedSet {
        if (set == null) {
            throw new IllegalArgumentException("a versioned set needs a set");
        }
    }

    /** The same manager's entry with another set. */
    public VersionedSet withSet(FieldSet other) {
        return new VersionedSet(other, apiVersion, applied);
    }
}

package io.rvlab.ch06.structured;

import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * An apply lost to other owners (structured-merge-diff's {@code Conflicts}): manager identity to
 * the paths it owns whose value the apply would change. Managers are sorted by identity, as kube's
 * message lists them; the 409 Status is written by the field manager.
 */
public final class ConflictsException extends RuntimeException {

    private final Map<String, FieldSet> conflicts;

    public ConflictsException(Map<String, FieldSet> conflicts) {
        super(describe(conflicts));
        this.conflicts = Collections.unmodifiableMap(new TreeMap<>(conflicts));
    }

    /** Manager identity -> contested paths, sorted by identity. */
    public Map<String, FieldSet> conflicts() {
        return conflicts;
    }

    private static String describe(Map<String, FieldSet> conflicts) {
        StringBuilder out = new StringBuilder("apply conflicts:");
        new TreeMap<>(conflicts).forEach((manager, set) -> {
            for (FieldPath path : set.paths()) {
                out.append(' ').append(manager).append(' ').append(path).append(';');
            }
        });
        return out.toString();
    }
}

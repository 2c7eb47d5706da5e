package io.rvlab.exercises.ch03;

import java.util.List;

/**
 * A three-way merge found fields that both sides changed, to different values. Given, not an
 * exercise: exercise 3.4 throws it. The paths use the dotted form of Kubernetes' field paths, such
 * as {@code .data.color} or {@code .spec.template.spec.containers} (a list is one field: a merge
 * patch replaces it whole).
 */
// tag::class[]
public class MergeConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> paths;

    public MergeConflictException(List<String> paths) {
        super("merge conflict: both sides changed " + String.join(", ", paths));
        this.paths = List.copyOf(paths);
    }

    /** Every conflicting field, e.g. {@code .data.color}. */
    public List<String> paths() {
        return paths;
    }
}
// end::class[]

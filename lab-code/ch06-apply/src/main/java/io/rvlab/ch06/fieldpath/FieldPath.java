package io.rvlab.ch06.fieldpath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A path from the root of an object to one of its nodes ({@code .spec.containers[name="nginx"].image}),
 * as structured-merge-diff's {@code fieldpath.Path}. Immutable. Paths compare element by element;
 * a path sorts before the longer paths it is a prefix of.
 */
public final class FieldPath implements Comparable<FieldPath> {

    private static final FieldPath EMPTY = new FieldPath(List.of());

    private final List<PathElement> elements;

    private FieldPath(List<PathElement> elements) {
        this.elements = elements;
    }

    public static FieldPath of(PathElement... elements) {
        return of(Arrays.asList(elements));
    }

    public static FieldPath of(List<PathElement> elements) {
        if (elements.isEmpty()) {
            return EMPTY;
        }
        for (PathElement e : elements) {
            if (e == null) {
                throw new IllegalArgumentException("a path element is null");
            }
        }
        return new FieldPath(List.copyOf(elements));
    }

    /** A path of field names only: {@code FieldPath.fields("data", "color")} is {@code .data.color}. */
    public static FieldPath fields(String... names) {
        List<PathElement> elements = new ArrayList<>();
        for (String name : names) {
            elements.add(new PathElement.Field(name));
        }
        return of(elements);
    }

    public static FieldPath empty() {
        return EMPTY;
    }

    public List<PathElement> elements() {
        return Collections.unmodifiableList(elements);
    }

    public FieldPath child(PathElement element) {
        List<PathElement> longer = new ArrayList<>(elements);
        longer.add(element);
        return of(longer);
    }

    public boolean isEmpty() {
        return elements.isEmpty();
    }

    public int size() {
        return elements.size();
    }

    /** The last element, or null for the empty path. */
    public PathElement last() {
        return elements.isEmpty() ? null : elements.get(elements.size() - 1);
    }

    /** This path without its first element. */
    public FieldPath tail() {
        return elements.isEmpty() ? EMPTY : of(elements.subList(1, elements.size()));
    }

    @Override
    public int compareTo(FieldPath other) {
        int n = Math.min(elements.size(), other.elements.size());
        for (int i = 0; i < n; i++) {
            int c = elements.get(i).compareTo(other.elements.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(elements.size(), other.elements.size());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldPath p && p.elements.equals(elements);
    }

    @Override
    public int hashCode() {
        return elements.hashCode();
    }

    /** ".data.color", ".spec.containers[name=\"nginx\"].image" (as conflict messages show paths). */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        elements.forEach(out::append);
        return out.toString();
    }
}

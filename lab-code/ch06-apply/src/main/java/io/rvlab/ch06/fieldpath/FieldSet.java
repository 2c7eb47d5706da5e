package io.rvlab.ch06.fieldpath;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An immutable set of paths, stored as a trie (members + children), as structured-merge-diff's
 * {@code fieldpath.Set}. At each node, {@code members} are the path elements whose path is in the
 * set, {@code children} the sets below path elements that have longer paths in the set; an element
 * can be both (the FieldsV1 {@code "."}). Children are never empty.
 */
public final class FieldSet {

    private static final FieldSet EMPTY = new FieldSet(new TreeSet<>(), new TreeMap<>());

    private final NavigableSet<PathElement> members;
    private final NavigableMap<PathElement, FieldSet> children;

    private FieldSet(NavigableSet<PathElement> members, NavigableMap<PathElement, FieldSet> children) {
        this.members = members;
        this.children = children;
    }

    private static FieldSet make(NavigableSet<PathElement> members, NavigableMap<PathElement, FieldSet> children) {
        children.values().removeIf(FieldSet::isEmpty);
        if (members.isEmpty() && children.isEmpty()) {
            return EMPTY;
        }
        return new FieldSet(members, children);
    }

    public static FieldSet empty() {
        return EMPTY;
    }

    public static FieldSet of(FieldPath... paths) {
        return of(List.of(paths));
    }

    public static FieldSet of(Collection<FieldPath> paths) {
        FieldSet set = EMPTY;
        for (FieldPath path : paths) {
            set = set.with(path);
        }
        return set;
    }

    /** A set of one path element (a member at the root). */
    public static FieldSet member(PathElement element) {
        return of(FieldPath.of(element));
    }

    /** The set that has {@code child}'s paths under {@code element}. */
    public static FieldSet under(PathElement element, FieldSet child) {
        if (child.isEmpty()) {
            return EMPTY;
        }
        TreeMap<PathElement, FieldSet> children = new TreeMap<>();
        children.put(element, child);
        return make(new TreeSet<>(), children);
    }

    public FieldSet with(FieldPath path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("the empty path is not a member of a field set");
        }
        PathElement head = path.elements().get(0);
        TreeSet<PathElement> m = new TreeSet<>(members);
        TreeMap<PathElement, FieldSet> c = new TreeMap<>(children);
        if (path.size() == 1) {
            if (!m.add(head)) {
                return this;
            }
        } else {
            c.put(head, c.getOrDefault(head, EMPTY).with(path.tail()));
        }
        return make(m, c);
    }

    public boolean has(FieldPath path) {
        if (path.isEmpty()) {
            return false;
        }
        PathElement head = path.elements().get(0);
        if (path.size() == 1) {
            return members.contains(head);
        }
        FieldSet child = children.get(head);
        return child != null && child.has(path.tail());
    }

    public boolean isEmpty() {
        return members.isEmpty() && children.isEmpty();
    }

    /** How many paths the set holds. */
    public int size() {
        int n = members.size();
        for (FieldSet child : children.values()) {
            n += child.size();
        }
        return n;
    }

    /** The path elements that are members at this level (sorted). */
    public NavigableSet<PathElement> members() {
        return Collections.unmodifiableNavigableSet(members);
    }

    /** The non-empty sets below path elements at this level (sorted by element). */
    public NavigableMap<PathElement, FieldSet> children() {
        return Collections.unmodifiableNavigableMap(children);
    }

    /** The paths under {@code element}, without it (SMD's WithPrefix); empty if none. */
    public FieldSet withPrefix(PathElement element) {
        return children.getOrDefault(element, EMPTY);
    }

    public FieldSet union(FieldSet other) {
        if (other.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return other;
        }
        TreeSet<PathElement> m = new TreeSet<>(members);
        m.addAll(other.members);
        TreeMap<PathElement, FieldSet> c = new TreeMap<>(children);
        other.children.forEach((pe, set) -> c.merge(pe, set, FieldSet::union));
        return make(m, c);
    }

    public FieldSet intersection(FieldSet other) {
        TreeSet<PathElement> m = new TreeSet<>(members);
        m.retainAll(other.members);
        TreeMap<PathElement, FieldSet> c = new TreeMap<>();
        children.forEach((pe, set) -> {
            FieldSet o = other.children.get(pe);
            if (o != null) {
                c.put(pe, set.intersection(o));
            }
        });
        return make(m, c);
    }

    /** The paths of this set that are not in {@code other} (exact paths only). */
    public FieldSet difference(FieldSet other) {
        if (other.isEmpty()) {
            return this;
        }
        TreeSet<PathElement> m = new TreeSet<>(members);
        m.removeAll(other.members);
        TreeMap<PathElement, FieldSet> c = new TreeMap<>();
        children.forEach((pe, set) -> {
            FieldSet o = other.children.get(pe);
            c.put(pe, o == null ? set : set.difference(o));
        });
        return make(m, c);
    }

    /** Like {@link #difference}, and also drops everything below a member of {@code other}. */
    public FieldSet recursiveDifference(FieldSet other) {
        if (other.isEmpty()) {
            return this;
        }
        TreeSet<PathElement> m = new TreeSet<>(members);
        m.removeAll(other.members);
        TreeMap<PathElement, FieldSet> c = new TreeMap<>();
        children.forEach((pe, set) -> {
            if (other.members.contains(pe)) {
                return;
            }
            FieldSet o = other.children.get(pe);
            c.put(pe, o == null ? set : set.recursiveDifference(o));
        });
        return make(m, c);
    }

    /** The paths of the set that have no longer path in the set below them. */
    public FieldSet leaves() {
        TreeSet<PathElement> m = new TreeSet<>();
        for (PathElement pe : members) {
            if (!children.containsKey(pe)) {
                m.add(pe);
            }
        }
        TreeMap<PathElement, FieldSet> c = new TreeMap<>();
        children.forEach((pe, set) -> c.put(pe, set.leaves()));
        return make(m, c);
    }

    /** Every path of the set, sorted. */
    public List<FieldPath> paths() {
        List<FieldPath> out = new ArrayList<>();
        collect(FieldPath.empty(), out);
        Collections.sort(out);
        return out;
    }

    private void collect(FieldPath prefix, List<FieldPath> out) {
        members.forEach(pe -> out.add(prefix.child(pe)));
        children.forEach((pe, set) -> set.collect(prefix.child(pe), out));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldSet s && s.members.equals(members) && s.children.equals(children);
    }

    @Override
    public int hashCode() {
        return members.hashCode() * 31 + children.hashCode();
    }

    /** The paths, one per line-free entry: {@code {.data.color, .data.owner}}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("{");
        List<FieldPath> all = paths();
        for (int i = 0; i < all.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(all.get(i));
        }
        return out.append('}').toString();
    }

    /** Visits this level's elements in order, each once, telling whether it is a member and its children. */
    void forEachElement(ElementVisitor visitor) {
        TreeSet<PathElement> all = new TreeSet<>(members);
        all.addAll(children.keySet());
        for (PathElement pe : all) {
            visitor.visit(pe, members.contains(pe), children.get(pe));
        }
    }

    interface ElementVisitor {
        void visit(PathElement element, boolean member, FieldSet children);
    }

    static FieldSet build(NavigableSet<PathElement> members, Map<PathElement, FieldSet> children) {
        return make(new TreeSet<>(members), new TreeMap<>(children));
    }
}

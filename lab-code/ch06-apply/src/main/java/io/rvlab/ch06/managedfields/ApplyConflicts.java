package io.rvlab.ch06.managedfields;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.ch06.structured.ConflictsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answer to an apply that lost to other owners: 409 Conflict, reason Conflict, whose details
 * hold only causes (no name, group or kind), one per contested field per manager:
 * {@code {"reason":"FieldManagerConflict","message":"conflict with \"alice\"","field":".data.color"}}.
 * The message is kube's (NewConflictError): {@code Apply failed with 1 conflict: conflict with
 * "alice": .data.color}, or for several {@code Apply failed with 2 conflicts: conflicts with
 * "x":\n- .a\n- .b}, managers sorted by identity.
 *
 * <p>Order: kube collects conflicts from a Go map, so the order of managers in the causes varies
 * from one request to the next; here managers come sorted by identity (as in the message), and a
 * manager's paths in structured-merge-diff's Set.Iterate order: at each level the owned fields
 * first, then the subtrees, each in element order.
 */
public final class ApplyConflicts {

    private ApplyConflicts() {
    }

    /** One contested field and the manager (identity) that owns it. */
    public record Conflict(String manager, FieldPath path) {
    }

    // tag::apply-conflicts[]
    /** The 409 Status of {@code conflicts}. */
    public static Status toStatus(ConflictsException conflicts) {
        return toStatus(list(conflicts.conflicts()));
    }

    /** The 409 Status of these conflicts, in the given order. */
    public static Status toStatus(List<Conflict> conflicts) {
        List<Status.Cause> causes = new ArrayList<>();
        for (Conflict conflict : conflicts) {
            causes.add(new Status.Cause("FieldManagerConflict",
                    "conflict with " + ManagerIdentity.print(conflict.manager()), conflict.path().toString()));
        }
        return Status.failure(409, "Conflict", message(conflicts),
                new Status.Details(null, null, null, null, causes, 0));
    }

    /** kube's getConflictMessage. */
    static String message(List<Conflict> conflicts) {
        if (conflicts.size() == 1) {
            Conflict only = conflicts.get(0);
            return "Apply failed with 1 conflict: conflict with " + ManagerIdentity.print(only.manager()) + ": " + only.path();
        }
        Map<String, List<FieldPath>> byManager = new TreeMap<>(); // Go's sort.Strings: byte order, as String order for ASCII
        for (Conflict conflict : conflicts) {
            byManager.computeIfAbsent(conflict.manager(), m -> new ArrayList<>()).add(conflict.path());
        }
        List<String> lines = new ArrayList<>();
        byManager.forEach((manager, paths) -> {
            lines.add("conflicts with " + ManagerIdentity.print(manager) + ":");
            paths.forEach(path -> lines.add("- " + path));
        });
        return "Apply failed with " + conflicts.size() + " conflicts: " + String.join("\n", lines);
    }
    // end::apply-conflicts[]

    /** The conflicts flattened: managers by identity, each manager's paths in Set.Iterate order. */
    public static List<Conflict> list(Map<String, FieldSet> conflicts) {
        List<Conflict> list = new ArrayList<>();
        new TreeMap<>(conflicts).forEach((manager, set) ->
                iterationOrder(set).forEach(path -> list.add(new Conflict(manager, path))));
        return list;
    }

    /** structured-merge-diff's Set.Iterate: a level's members, then each child subtree, in element order. */
    static List<FieldPath> iterationOrder(FieldSet set) {
        List<FieldPath> out = new ArrayList<>();
        walk(set.paths(), 0, out);
        return out;
    }

    private static void walk(List<FieldPath> paths, int depth, List<FieldPath> out) {
        List<FieldPath> members = new ArrayList<>();
        TreeMap<PathElement, List<FieldPath>> children = new TreeMap<>();
        for (FieldPath path : paths) {
            List<PathElement> elements = path.elements();
            if (elements.size() == depth + 1) {
                members.add(path);
            } else if (elements.size() > depth + 1) {
                children.computeIfAbsent(elements.get(depth), e -> new ArrayList<>()).add(path);
            }
        }
        members.sort((a, b) -> a.elements().get(depth).compareTo(b.elements().get(depth)));
        out.addAll(members);
        children.values().forEach(group -> walk(group, depth + 1, out));
    }
}

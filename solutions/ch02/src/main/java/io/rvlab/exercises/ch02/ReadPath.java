package io.rvlab.exercises.ch02;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Reference answer to exercise 2.3: which read does a LIST ask for?
 *
 * <p>Two layers, as in kube-apiserver: the API layer's {@code ValidateListOptions} (422, every
 * broken rule at once), then the storage layer's checks (400, the first problem only), then the
 * table of "Semantics for get and list".
 */
public final class ReadPath {

    private ReadPath() {
    }

    public enum Semantics {
        MOST_RECENT,
        ANY,
        NOT_OLDER_THAN,
        EXACT,
        CONTINUATION
    }

    private static final String EXACT = "Exact";
    private static final String NOT_OLDER_THAN = "NotOlderThan";

    public static Semantics forList(String resourceVersion, String resourceVersionMatch, long limit, String continueToken) {
        // Layer 1: the options themselves (apimachinery ValidateListOptions) -> 422 Invalid.
        List<String> fieldErrors = new ArrayList<>();
        if (!resourceVersionMatch.isEmpty()) {
            if (resourceVersion.isEmpty()) {
                fieldErrors.add(forbidden("resourceVersionMatch is forbidden unless resourceVersion is provided"));
            }
            if (!continueToken.isEmpty()) {
                fieldErrors.add(forbidden("resourceVersionMatch is forbidden when continue is provided"));
            }
            if (!resourceVersionMatch.equals(EXACT) && !resourceVersionMatch.equals(NOT_OLDER_THAN)) {
                fieldErrors.add("resourceVersionMatch: Unsupported value: " + ResourceVersions.goQuote(resourceVersionMatch)
                        + ": supported values: \"Exact\", \"NotOlderThan\", \"\"");
            }
            if (resourceVersionMatch.equals(EXACT) && resourceVersion.equals("0")) {
                fieldErrors.add(forbidden("resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
            }
        }
        if (!fieldErrors.isEmpty()) {
            throw StatusException.invalid("ListOptions.meta.k8s.io \"\" is invalid: " + aggregate(fieldErrors));
        }

        // Layer 2: storage (ValidateListOptions in apiserver's storage package) -> 400 BadRequest.
        if (!continueToken.isEmpty()) {
            // The token carries its own revision; "0" is tolerated because it asks for nothing in particular.
            if (!resourceVersion.isEmpty() && !resourceVersion.equals("0")) {
                throw StatusException.badRequest("specifying resource version is not allowed when using continue");
            }
            return Semantics.CONTINUATION;
        }
        if (resourceVersion.isEmpty()) {
            return Semantics.MOST_RECENT;
        }
        long revision;
        try {
            revision = ResourceVersions.parse(resourceVersion);
        } catch (IllegalArgumentException e) {
            throw StatusException.badRequest("invalid resource version: " + e.getMessage());
        }

        // The table.
        if (resourceVersionMatch.equals(EXACT)) {
            return Semantics.EXACT;
        }
        if (revision == 0) {
            return Semantics.ANY;
        }
        if (resourceVersionMatch.isEmpty() && limit > 0) {
            return Semantics.EXACT; // the legacy rule: a paged list at N is a snapshot at N
        }
        return Semantics.NOT_OLDER_THAN;
    }

    private static String forbidden(String detail) {
        return "resourceVersionMatch: Forbidden: " + detail;
    }

    /** Go's utilerrors aggregate: one error as itself, several as "[e1, e2]", duplicates dropped. */
    private static String aggregate(List<String> errors) {
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(errors));
        return distinct.size() == 1 ? distinct.get(0) : "[" + String.join(", ", distinct) + "]";
    }
}

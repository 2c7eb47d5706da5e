package io.rvlab.exercises.ch02;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Reference answer to exercise 2.3: which read does a LIST ask for, on a server whose continue
 * tokens do not carry the list's revision?
 *
 * <p>Two layers, as in kube-apiserver: the options' validation (422, every broken rule at once),
 * then storage's checks (400, the first problem only), then the promise. Everything without a
 * continue token is Kubernetes' "Semantics for get and list" table. With one, the client must name
 * the snapshot itself, and only a resourceVersion read exactly names one: Exact, or the legacy rule
 * (a paged list at N is a snapshot at N). Unset (Most Recent), "0" (Any) and NotOlderThan would
 * read each page at whatever revision is newest, so the pages would not add up to one list.
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
        boolean continuing = !continueToken.isEmpty();

        // Layer 1: the options themselves (apimachinery's ValidateListOptions, with this server's
        // rules about continue) -> 422 Invalid, every broken rule at once.
        List<String> fieldErrors = new ArrayList<>();
        if (!resourceVersionMatch.isEmpty()) {
            if (resourceVersion.isEmpty()) {
                fieldErrors.add(forbidden("resourceVersionMatch",
                        "resourceVersionMatch is forbidden unless resourceVersion is provided"));
            }
            if (continuing && resourceVersionMatch.equals(NOT_OLDER_THAN)) {
                // Kubernetes forbids any match beside a token; here Exact is how a client names the snapshot.
                fieldErrors.add(forbidden("resourceVersionMatch",
                        "resourceVersionMatch \"NotOlderThan\" is forbidden when continue is provided"));
            }
            if (!resourceVersionMatch.equals(EXACT) && !resourceVersionMatch.equals(NOT_OLDER_THAN)) {
                fieldErrors.add("resourceVersionMatch: Unsupported value: " + ResourceVersionParser.goQuote(resourceVersionMatch)
                        + ": supported values: \"Exact\", \"NotOlderThan\", \"\"");
            }
            if (resourceVersionMatch.equals(EXACT) && resourceVersion.equals("0")) {
                fieldErrors.add(forbidden("resourceVersionMatch",
                        "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
            }
        }
        if (continuing) {
            // The token says where the next page starts, not at which revision: the request must say it.
            if (resourceVersion.isEmpty()) {
                fieldErrors.add(forbidden("continue", "continue is forbidden unless resourceVersion is provided"));
            } else if (resourceVersion.equals("0")) {
                fieldErrors.add(forbidden("continue", "continue is forbidden for resourceVersion \"0\""));
            }
        }
        if (!fieldErrors.isEmpty()) {
            throw StatusException.invalid("ListOptions.meta.k8s.io \"\" is invalid: " + aggregate(fieldErrors));
        }

        // Layer 2: storage, which must turn the resourceVersion into a revision -> 400 BadRequest.
        if (resourceVersion.isEmpty()) {
            return Semantics.MOST_RECENT;
        }
        long revision;
        try {
            revision = ResourceVersionParser.parse(resourceVersion);
        } catch (IllegalArgumentException e) {
            throw StatusException.badRequest("invalid resource version: " + e.getMessage());
        }

        // The promise.
        if (continuing) {
            return Semantics.CONTINUATION; // the next page, exactly at the revision the client named
        }
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

    private static String forbidden(String field, String detail) {
        return field + ": Forbidden: " + detail;
    }

    /** Go's utilerrors aggregate: one error as itself, several as "[e1, e2]", duplicates dropped. */
    private static String aggregate(List<String> errors) {
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(errors));
        return distinct.size() == 1 ? distinct.get(0) : "[" + String.join(", ", distinct) + "]";
    }
}

package io.rvlab.ch05.cache;

/**
 * The query of one LIST request (the list half of apimachinery's {@code metav1.ListOptions}).
 *
 * @param resourceVersion "" (consistent, from etcd), "0" (any, from the cache) or "N" (not older than N)
 * @param resourceVersionMatch "" (legacy: N means not-older-than), "NotOlderThan" or "Exact"
 * @param limit page size, 0 for all at once
 * @param continueToken the previous page's {@code metadata.continue}, "" for the first page
 */
public record ListOptions(String resourceVersion, String resourceVersionMatch, long limit, String continueToken) {

    public ListOptions {
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
        resourceVersionMatch = resourceVersionMatch == null ? "" : resourceVersionMatch;
        continueToken = continueToken == null ? "" : continueToken;
    }

    /** A whole list at {@code rv}: no match, no limit, no continue. */
    public static ListOptions resourceVersion(String rv) {
        return new ListOptions(rv, "", 0, "");
    }

    public ListOptions withLimit(long limit) {
        return new ListOptions(resourceVersion, resourceVersionMatch, limit, continueToken);
    }

    public ListOptions withContinue(String token) {
        return new ListOptions(resourceVersion, resourceVersionMatch, limit, token);
    }

    public ListOptions withMatch(String match) {
        return new ListOptions(resourceVersion, match, limit, continueToken);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("resourceVersion=\"").append(resourceVersion).append('"');
        if (!resourceVersionMatch.isEmpty()) {
            s.append(" resourceVersionMatch=").append(resourceVersionMatch);
        }
        if (limit > 0) {
            s.append(" limit=").append(limit);
        }
        if (!continueToken.isEmpty()) {
            s.append(" continue=").append(continueToken);
        }
        return s.toString();
    }
}

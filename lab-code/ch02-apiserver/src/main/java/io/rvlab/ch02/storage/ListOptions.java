package io.rvlab.ch02.storage;

/**
 * Options of a list read ({@code GET .../configmaps?resourceVersion=&resourceVersionMatch=&limit=&continue=}),
 * as storage sees them after the API layer has checked the combinations it forbids (422).
 *
 * @param resourceVersion "" (most recent), "0" (any) or "N"
 * @param resourceVersionMatch how to read {@code resourceVersion}
 * @param limit the most items to return; 0 or less means no limit
 * @param continueToken the token of the previous page, or ""
 * @param filter label and field selectors
 */
public record ListOptions(String resourceVersion, ResourceVersionMatch resourceVersionMatch, long limit,
        String continueToken, ObjectFilter filter) {

    public ListOptions {
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
        resourceVersionMatch = resourceVersionMatch == null ? ResourceVersionMatch.UNSET : resourceVersionMatch;
        continueToken = continueToken == null ? "" : continueToken;
        filter = filter == null ? ObjectFilter.EVERYTHING : filter;
    }

    /** A consistent list of everything: no resourceVersion, no paging, no selector. */
    public static ListOptions latest() {
        return new ListOptions("", ResourceVersionMatch.UNSET, 0, "", ObjectFilter.EVERYTHING);
    }

    public ListOptions withResourceVersion(String rv, ResourceVersionMatch match) {
        return new ListOptions(rv, match, limit, continueToken, filter);
    }

    public ListOptions withLimit(long newLimit) {
        return new ListOptions(resourceVersion, resourceVersionMatch, newLimit, continueToken, filter);
    }

    public ListOptions withContinue(String token) {
        return new ListOptions(resourceVersion, resourceVersionMatch, limit, token, filter);
    }

    public ListOptions withFilter(ObjectFilter newFilter) {
        return new ListOptions(resourceVersion, resourceVersionMatch, limit, continueToken, newFilter);
    }

    /** Whether the client asked for pages. */
    public boolean paging() {
        return limit > 0;
    }
}

package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.3: which read does a LIST ask for?</b>
 *
 * <p>A LIST carries four query parameters that together say how fresh the answer must be:
 * {@code resourceVersion}, {@code resourceVersionMatch}, {@code limit} and {@code continue}.
 * Kubernetes' documentation ("Semantics for get and list") turns every combination into one of
 * five meanings, or refuses it:
 *
 * <table>
 *   <caption>LIST semantics (resourceVersionMatch unset)</caption>
 *   <tr><th>paging</th><th>RV unset</th><th>RV "0"</th><th>RV "N"</th></tr>
 *   <tr><td>no limit</td><td>Most Recent</td><td>Any</td><td>Not older than N</td></tr>
 *   <tr><td>limit, no continue</td><td>Most Recent</td><td>Any</td><td><b>Exact</b> N (legacy rule)</td></tr>
 *   <tr><td>continue</td><td>Continuation</td><td>Continuation ("0" is ignored)</td><td>400</td></tr>
 * </table>
 * With {@code resourceVersionMatch=NotOlderThan}: "0" is Any, N is Not older than N, limit or not.
 * With {@code resourceVersionMatch=Exact}: N is Exact N, limit or not.
 *
 * <p>The refusals come in two layers, in this order:
 * <ol>
 *   <li><b>422 Invalid</b>: apimachinery's {@code ValidateListOptions} checks the options and collects
 *       every broken rule, each a field error of {@code resourceVersionMatch}, in this order: a
 *       match without a resourceVersion ({@code Forbidden: resourceVersionMatch is forbidden unless
 *       resourceVersion is provided}); a match with a continue token ({@code Forbidden:
 *       resourceVersionMatch is forbidden when continue is provided}); a match that is neither
 *       {@code Exact} nor {@code NotOlderThan}, case-sensitive ({@code Unsupported value: "exact":
 *       supported values: "Exact", "NotOlderThan", ""}); {@code Exact} with resourceVersion "0"
 *       ({@code Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"}).
 *       The message is {@code ListOptions.meta.k8s.io "" is invalid: } followed by the one field
 *       error, or by all of them as {@code [e1, e2]}; a field error reads
 *       {@code resourceVersionMatch: Forbidden: ...}. For example (GOLD b3.9):
 *       <pre>ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided</pre></li>
 *   <li><b>400 BadRequest</b>, when the options pass: a continue token with a resourceVersion other
 *       than "" or "0" ({@code specifying resource version is not allowed when using continue});
 *       otherwise, a resourceVersion that does not parse: {@code invalid resource version: }
 *       followed by exercise 2.1's message.</li>
 * </ol>
 *
 * <p>Whether the continue token itself is valid is exercise 2.4's business: here, any non-empty
 * token means "continue". Exercise 2.1's {@link ResourceVersions#parse} does the parsing, so solve
 * 2.1 first. Grade it with {@code ./course grade 2 --exercise 2.3}; the specification is
 * {@code ReadPathTest}, one row per combination.
 */
public final class ReadPath {

    private ReadPath() {
    }

    // tag::signature[]
    /** What a LIST promises about the freshness of its answer. */
    public enum Semantics {
        /** The latest data: a consistent (quorum) read at etcd's current revision. */
        MOST_RECENT,
        /** Any data the server has, possibly stale (a cache); the newest is preferred. */
        ANY,
        /** Data at a revision equal to or newer than the resourceVersion. */
        NOT_OLDER_THAN,
        /** Data exactly at the resourceVersion, from etcd's history; 410 Gone if it was compacted. */
        EXACT,
        /** The next page, at the revision written in the continue token. */
        CONTINUATION
    }

    /**
     * Chooses the semantics of a LIST from its query parameters, or refuses them as Kubernetes does.
     *
     * @param resourceVersion {@code ?resourceVersion=}, {@code ""} when absent
     * @param resourceVersionMatch {@code ?resourceVersionMatch=} exactly as sent, {@code ""} when absent
     * @param limit {@code ?limit=}; 0 or less means no limit
     * @param continueToken {@code ?continue=}, {@code ""} when absent
     * @throws StatusException 422 {@code Invalid} or 400 {@code BadRequest}, with Kubernetes' message
     */
    public static Semantics forList(String resourceVersion, String resourceVersionMatch, long limit, String continueToken) {
        throw new UnsupportedOperationException(
                "TODO exercise 2.3: first collect the 422 field errors of resourceVersionMatch, then the 400s"
                        + " (continue with a resourceVersion, a resourceVersion that does not parse), then pick the semantics");
    }
    // end::signature[]
}

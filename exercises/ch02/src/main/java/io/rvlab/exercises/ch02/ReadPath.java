package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.3: which read does a LIST ask for?</b>
 *
 * <p>A LIST carries four query parameters that together say how fresh the answer must be:
 * {@code resourceVersion}, {@code resourceVersionMatch}, {@code limit} and {@code continue}. Before a
 * server reads anything it must know which promise the client asked for (one of the five
 * {@link Semantics}), or refuse a combination it cannot honour. Chapter 2's tables ("GET and LIST at
 * a resourceVersion") say what each combination means; this method is that knowledge as code.
 * (The capstone, exercise 2.7, then turns each promise into a read of etcd inside the server.)
 *
 * <p>Some combinations make no sense, and the point is to see why rather than to memorise them. A
 * {@code resourceVersionMatch} qualifies a resourceVersion: what can it qualify when there is none,
 * or when a continue token already fixes the revision? Can "exactly as it was at revision 0" mean
 * anything? A resourceVersion next to a continue token: two answers to "which snapshot?" Kubernetes
 * refuses in two layers, and the grading tests check both, with its exact codes, reasons and words:
 * <ol>
 *   <li><b>422 Invalid</b> when the options themselves are contradictory (apimachinery's
 *       {@code ValidateListOptions}): every broken rule is reported at once, as field errors of
 *       {@code ListOptions.meta.k8s.io ""}, so a client can fix them all in one go;</li>
 *   <li><b>400 BadRequest</b> when the options are well formed but storage cannot serve them: the
 *       first problem only (a resourceVersion that is not a number is worded as exercise 2.1 words
 *       it, after {@code invalid resource version: }).</li>
 * </ol>
 * The golden capture {@code b3-list-limit-continue.txt} (in {@code conformance/golden/}) shows
 * several of these answers as a real kube-apiserver sent them.
 *
 * <p>Whether the continue token itself is valid is exercise 2.4's business: here, any non-empty
 * token means "continue". Solve exercise 2.1 first. Grade it with
 * {@code ./course grade 2 --exercise 2.3}; the specification is {@code ReadPathTest}, one row per
 * combination.
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
     * @throws StatusException the given {@code io.rvlab.exercises.ch02.StatusException} (in
 *     {@code src/given}, not chapter 2's server's class of the same name): 422 {@code Invalid} or
 *     400 {@code BadRequest}, with Kubernetes' message
     */
    public static Semantics forList(String resourceVersion, String resourceVersionMatch, long limit, String continueToken) {
        throw new UnsupportedOperationException("TODO exercise 2.3");
    }
    // end::signature[]
}

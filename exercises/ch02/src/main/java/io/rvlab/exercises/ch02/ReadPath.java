package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.3: which read does a LIST ask for?</b>
 *
 * <p>A LIST's {@code resourceVersion}, {@code resourceVersionMatch}, {@code limit} and {@code continue}
 * together say how fresh the answer must be. Before reading anything a server must know which of the
 * five {@link Semantics} the client asked for, or refuse what it cannot honour: 422 {@code Invalid}
 * when the options contradict each other (every broken rule at once, as field errors of
 * {@code ListOptions.meta.k8s.io ""}, so a client can fix them all in one go), 400 {@code BadRequest}
 * when storage cannot use them (the first problem only; a resourceVersion that is not a number is
 * worded as the given {@code io.rvlab.exercises.ch02.ResourceVersionParser} words it, after
 * {@code invalid resource version: }).
 *
 * <p>Without a continue token, answer exactly as kube-apiserver does, codes and words included
 * (chapter 2, "GET and LIST at a resourceVersion"; golden capture {@code b3-list-limit-continue.txt}).
 *
 * <p><b>The variation.</b> This server's continue tokens say only where the next page starts, not the
 * revision the list is read at: a request with a token must itself name the one snapshot every page
 * is read at, and a request that names none is refused. Which parameters name one is yours to work
 * out from the five promises. This server's own refusals, in the same field-error form:
 * <ul>
 *   <li>{@code resourceVersionMatch: Forbidden: resourceVersionMatch "NotOlderThan" is forbidden when
 *       continue is provided}, in the place of Kubernetes' rule about continue, which it replaces;</li>
 *   <li>{@code continue: Forbidden: continue is forbidden unless resourceVersion is provided} and
 *       {@code continue: Forbidden: continue is forbidden for resourceVersion "0"}, after every rule
 *       about resourceVersionMatch.</li>
 * </ul>
 * Whether the token itself is valid is exercise 2.4's business: any non-empty token means "continue".
 *
 * <p>Throw the given {@code io.rvlab.exercises.ch02.StatusException} (in {@code src/given}, not
 * chapter 2's server's class of the same name). Solve exercise 2.1 first. Grade it with
 * {@code ./course grade 2 --exercise 2.3}; the specification is {@code ReadPathTest}.
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
        /** The next page of a list, at the one revision all of its pages are read at. */
        CONTINUATION
    }

    /**
     * Chooses the semantics of a LIST from its query parameters, or refuses them as this server does.
     *
     * @param resourceVersion {@code ?resourceVersion=}, {@code ""} when absent
     * @param resourceVersionMatch {@code ?resourceVersionMatch=} exactly as sent, {@code ""} when absent
     * @param limit {@code ?limit=}; 0 or less means no limit
     * @param continueToken {@code ?continue=}, {@code ""} when absent
     * @throws StatusException the given {@code io.rvlab.exercises.ch02.StatusException}: 422
     *     {@code Invalid} or 400 {@code BadRequest}, with Kubernetes' message (or this server's, for continue)
     */
    public static Semantics forList(String resourceVersion, String resourceVersionMatch, long limit, String continueToken) {
        throw new UnsupportedOperationException("TODO exercise 2.3");
    }
    // end::signature[]
}

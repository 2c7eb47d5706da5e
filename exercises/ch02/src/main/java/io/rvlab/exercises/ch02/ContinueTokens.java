package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.4: continue tokens.</b>
 *
 * <p>A paged LIST ({@code ?limit=2}) answers with at most {@code limit} items and, when there are
 * more, a {@code metadata.continue} token for the next page. The client must treat it as opaque;
 * the server reads it back. A real one (GOLD b3.1) is
 * <pre>eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODYsInN0YXJ0IjoiY20tYVx1MDAwMCJ9</pre>
 * which is base64 of a small JSON document, with the URL alphabet ('-' and '_' instead of '+' and
 * '/') and no '=' padding (Go's {@code base64.RawURLEncoding}). Decode it yourself before you write
 * a line: it holds the format version ({@code v}), the revision every page of the list is read at
 * ({@code rv}; -1 means "continue at the latest revision", offered once the original revision is
 * gone) and where the next page starts ({@code start}). Why is {@code start} what it is, and what
 * is it relative to?
 *
 * <p>A client can send anything back, so decoding checks every field, with apiserver's own error
 * texts (storage/continue.go), each starting {@code continue key is not valid}:
 * <ul>
 *   <li>not RawURL base64, or not that JSON: {@code continue key is not valid: <reason>};</li>
 *   <li>{@code rv} 0 or missing: {@code continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)};</li>
 *   <li>{@code start} empty or missing: {@code continue key is not valid: encoded start key empty (version meta.k8s.io/v1)};</li>
 *   <li>any other {@code v}: {@code continue key is not valid: server does not recognize this encoded version <v>};</li>
 *   <li>a {@code start} that could climb out of the prefix, or is not written the one way a key
 *       under it is: {@code continue key is not valid: <start>}. Which those are is for you to
 *       work out, as kube-apiserver decides it in {@code DecodeContinue}.</li>
 * </ul>
 *
 * <p>The chapter's server has a codec of its own ({@code io.rvlab.ch02.storage.ContinueToken}): read it
 * once you pass, but the tests check that the codec they grade is yours. Grade it with
 * {@code ./course grade 2 --exercise 2.4}; the specification is {@code ContinueTokensTest}.
 */
public final class ContinueTokens {

    private ContinueTokens() {
    }

    // tag::signature[]
    /**
     * Where the next page starts.
     *
     * @param resourceVersion the revision every page is read at; -1 for "the latest"
     * @param startKey the full etcd key the next page starts at (the list's key prefix included)
     */
    public record Position(long resourceVersion, String startKey) {
    }

    /**
     * The token for the page after {@code lastKey}, read at {@code resourceVersion}: exactly the
     * bytes kube-apiserver would send, whatever characters the key holds (a lone surrogate, which no
     * Go string can hold, is written as Go writes a byte that is not UTF-8: U+FFFD).
     *
     * @param lastKey the etcd key of the last item returned, e.g. {@code /registry/configmaps/lab/cm-a}
     * @param keyPrefix the prefix the list reads, e.g. {@code /registry/configmaps/lab/}
     * @throws IllegalArgumentException if {@code lastKey} does not start with {@code keyPrefix}
     */
    public static String encode(String lastKey, String keyPrefix, long resourceVersion) {
        throw new UnsupportedOperationException("TODO exercise 2.4");
    }

    /**
     * Reads a token a client sent back.
     *
     * @param keyPrefix the prefix of the list being continued; the start key is put under it
     * @return the revision to read at and the full key the next page starts at
     * @throws IllegalArgumentException with Kubernetes' message if the token is not one a server
     *     could have made
     */
    public static Position decode(String token, String keyPrefix) {
        throw new UnsupportedOperationException("TODO exercise 2.4");
    }
    // end::signature[]
}

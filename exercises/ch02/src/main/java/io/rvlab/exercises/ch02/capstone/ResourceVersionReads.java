package io.rvlab.exercises.ch02.capstone;

import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ReadAt;
import io.rvlab.ch02.storage.ReadDecision;
import io.rvlab.ch02.storage.Versioner;

/**
 * <b>Exercise 2.7 (capstone): decide where every GET and LIST of the API server reads.</b>
 *
 * <p>This class runs inside chapter 2's API server: {@code EtcdStorage} asks it, for every read a
 * client makes, where in etcd to read, and then does exactly what it answers. Your decision is judged
 * from the outside, by real clients of the running server (HTTP requests modelled on the golden
 * captures of kube-apiserver 1.26.1, and kubectl), never by calling these methods directly.
 * {@code ./course serve --exercise 2.7} runs the server with your decision in it.
 *
 * <p>Why it matters. A resourceVersion on a read is a promise the client asks for. An informer that
 * relists after a broken watch must not be handed a state older than one it already saw, or its cache
 * would go back in time; kubectl paging with {@code --chunk-size} needs every page from one snapshot,
 * or an object can be listed twice or never; a client that asks for the list exactly as it was at N
 * must get that list or a 410, never something else with N written on it. Chapter 2's section "GET
 * and LIST at a resourceVersion" says what each request promises; your job is to turn each promise
 * into a read that keeps it.
 *
 * <p>The contract:
 * <ul>
 *   <li>The answer is a {@link ReadAt}: a revision to read at (0 for the latest), a revision the answer
 *       must at least reach (0 for none), and for the next page of a list the continue token being
 *       followed. Read its Javadoc for what the server does with each.</li>
 *   <li>A request the server cannot serve is refused with one of storage's exceptions, which the server
 *       answers with a 400 Status, word for word kube-apiserver's message. A {@code RuntimeException}
 *       of any other kind becomes a 500, which a client reads as "the server is broken".</li>
 *   <li>The options reach you after the API layer's validation (the 422s are not yours), and the
 *       server's own reads come through here too: before a create, it looks the namespace up with a
 *       GET without a resourceVersion.</li>
 *   <li>The decision is yours: delegating to the chapter's own ({@code EtcdStorage.listRead},
 *       {@code EtcdStorage.getRead}, {@code ReadDecision.kubernetes}) fails the grading.</li>
 * </ul>
 *
 * <p>Grade it with {@code ./course grade 2 --exercise 2.7}; the specification is
 * {@code ReadDecisionCapstoneTest}.
 */
public final class ResourceVersionReads implements ReadDecision {

    private final Versioner versioner;

    /** @param versioner the server's translation between resourceVersions and etcd revisions */
    public ResourceVersionReads(Versioner versioner) {
        this.versioner = versioner;
    }

    // tag::signature[]
    /**
     * Where a GET of one object ({@code GET .../configmaps/cm-a?resourceVersion=}) reads.
     *
     * @param options the request's resourceVersion, "" when the client sent none
     * @return where storage must read to keep the GET's promise
     */
    @Override
    public ReadAt forGet(GetOptions options) {
        throw new UnsupportedOperationException("TODO exercise 2.7");
    }

    /**
     * Where a LIST, or one page of a paged LIST, reads
     * ({@code GET .../configmaps?resourceVersion=&resourceVersionMatch=&limit=&continue=}).
     *
     * @param options the request's resourceVersion, resourceVersionMatch, limit, continue token and
     *        selectors, as sent (already past the 422 validation of the options)
     * @return where storage must read to keep the LIST's promise
     */
    @Override
    public ReadAt forList(ListOptions options) {
        throw new UnsupportedOperationException("TODO exercise 2.7");
    }
    // end::signature[]
}

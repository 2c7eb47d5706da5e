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
 * client makes, where in etcd to read, and then does exactly what it answers. It is judged from the
 * outside, by real clients of the running server (HTTP requests modelled on the golden captures of
 * kube-apiserver 1.26.1, and kubectl), never by calling these methods directly.
 * {@code ./course serve --exercise 2.7} runs the server with your decision in it.
 *
 * <p>Why it matters: a resourceVersion on a read is a promise the client asks for. A relisting
 * informer must never be handed a state older than one it saw, kubectl's pages must form one list,
 * and "the list exactly as it was at N" must be that list or a 410, never another one.
 *
 * <p>The contract:
 * <ul>
 *   <li>Every promise of chapter 2's "Semantics for get and list" keeps its meaning, as kube-apiserver
 *       with {@code --watch-cache=false} keeps it (the chapter's table).</li>
 *   <li><b>The variation</b>, which kube-apiserver does not have: a resourceVersion N (other than "0")
 *       beside a continue token is not refused outright. It means "not older than N" for the rest of
 *       the list: serve it when the read this token asks for can keep that promise, and refuse it with
 *       kube-apiserver's 400 ({@code specifying resource version is not allowed when using continue})
 *       when no read of that list can.</li>
 *   <li>The answer is an {@code io.rvlab.ch02.storage.ReadAt} (read its Javadoc: revision, floor,
 *       continue token). Refuse with storage's exceptions of {@code io.rvlab.ch02.storage}, which the
 *       server answers with a 400 Status; any other {@code RuntimeException} becomes a 500.</li>
 *   <li>The options arrive past the API layer's 422 validation, and the server's own reads come here
 *       too (before a create, a GET of the namespace without a resourceVersion).</li>
 *   <li>The decision is yours: delegating to the chapter's own ({@code EtcdStorage.listRead},
 *       {@code EtcdStorage.getRead}, {@code ReadDecision.kubernetes}) fails the grading.</li>
 * </ul>
 *
 * <p>The specification is {@code ReadDecisionCapstoneTest}: {@code ./course grade 2 --exercise 2.7}.
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

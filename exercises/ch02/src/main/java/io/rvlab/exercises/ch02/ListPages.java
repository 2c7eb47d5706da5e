package io.rvlab.exercises.ch02;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KV;
import java.util.List;
import java.util.Map;

/**
 * <b>Exercise 2.6: a paged list is one snapshot, even through a label selector.</b>
 *
 * <p>A client-go pager lists 500 objects at a time: {@code ?limit=500}, then
 * {@code ?limit=500&continue=<token>} until the answer has no token. Objects keep changing
 * between the requests, yet the pages together must be one consistent list, as if it had been read
 * at once: no object listed twice, none missed, none shown in two different versions. Every page's
 * {@code metadata.resourceVersion} is the same R (GOLD b3.1 to b3.3: three pages, all at 86,
 * although a write happened in between).
 *
 * <p>{@code kubectl get pods -l app=web --chunk-size=500} sends a label selector with the limit, and
 * the limit counts the objects that <em>match</em>. etcd
 * knows nothing of labels, so a server that filtered one etcd read would send pages of 3 objects, or 0,
 * each with a token, and a pager would make thousands of requests. kube-apiserver's etcd3 store
 * ({@code staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go}, {@code GetList}) fills the page.
 * The guarantees your pages must keep:
 * <ul>
 *   <li>nothing written after the first page's read shows, on any page;</li>
 *   <li>a page holds only matching objects, and {@code limit} of them whenever it has a token;</li>
 *   <li>however few objects match, no etcd read asks for more than max({@code limit}, 10 000) keys
 *       (kube-apiserver's {@code maxLimit}), nor for all of them;</li>
 *   <li>a next token exactly when etcd holds keys after the last object returned, matching or not
 *       (the server does not read ahead to find out whether they match), whether or not the page is full;</li>
 *   <li>a token whose revision is -1 continues at whatever is latest now, and the pages after it
 *       stay at that new revision;</li>
 *   <li>a list that can no longer be continued consistently ends with 410 Expired, never with a
 *       page from another revision.</li>
 * </ul>
 * Chapter 1 gave you the tool (exercise 1.2), exercise 2.4 the token and 2.5 the items: solve those
 * first, and use them; the tests check that neither the reads nor the tokens are handed to the chapter's
 * server ({@code io.rvlab.ch02.storage}). Grade it with {@code ./course grade 2 --exercise 2.6}; the
 * specification is {@code ListPagesTest}, on an etcd of its own because it compacts.
 */
public final class ListPages {

    private ListPages() {
    }

    // tag::signature[]
    /**
     * One page of a list.
     *
     * @param resourceVersion the page's {@code metadata.resourceVersion}: the revision R it was read at
     * @param items at most {@code limit} matching objects, in key order, each with its own resourceVersion
     * @param continueToken the token for the next page, or {@code ""} on the last page
     */
    public record Page(String resourceVersion, List<ObjectNode> items, String continueToken) {
    }

    /**
     * Reads one page of the objects under {@code keyPrefix}.
     *
     * @param keyPrefix the list's prefix, ending in '/', e.g. {@code /registry/configmaps/lab/}
     * @param labelSelector an equality-based selector, as {@code matchLabels}: an object matches when
     *     its {@code metadata.labels} has every one of these keys with exactly that value; empty
     *     matches every object
     * @param limit the most matching items to return; 0 or less means all of them, in one page
     * @param continueToken {@code ""} for the first page, else the token of the previous page
     * @throws ResourceExpiredException the given {@code io.rvlab.exercises.ch02.ResourceExpiredException}
     *     (in {@code src/given}, a 410 {@code StatusException}), with the message
     *     {@link ResourceExpiredException#CONTINUE_TOO_OLD}, if the token's revision has been compacted
     * @throws IllegalArgumentException if the token is not valid (as {@link ContinueTokens#decode})
     * @throws IllegalStateException if the calling thread is interrupted while waiting for etcd
     *     (caused by the {@code InterruptedException}), with the thread's interrupt flag set again
     */
    public static Page list(KV kv, String keyPrefix, Map<String, String> labelSelector, long limit,
            String continueToken) {
        throw new UnsupportedOperationException("TODO exercise 2.6");
    }
    // end::signature[]
}

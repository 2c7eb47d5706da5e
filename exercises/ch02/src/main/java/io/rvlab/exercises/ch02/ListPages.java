package io.rvlab.exercises.ch02;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KV;
import java.util.List;

/**
 * <b>Exercise 2.6: a paged list is one snapshot.</b>
 *
 * <p>A client-go pager lists 500 objects at a time: {@code ?limit=500}, then
 * {@code ?limit=500&continue=<token>} until the answer has no token. Objects keep changing
 * between the requests, yet the pages together must be one consistent list, as if it had been read
 * at once. kube-apiserver gets this from etcd's history (chapter 1): the first page is read at the
 * latest revision R, and every later page is read <i>at R</i>, the revision written in the token.
 * Every page's {@code metadata.resourceVersion} is R (GOLD b3.1 to b3.3: three pages, all at 86,
 * although a write happened in between).
 *
 * <p>One page, as kube-apiserver builds it (storage/etcd3/store.go):
 * <ol>
 *   <li>no token: read up to {@code limit} keys under the prefix, at the latest revision; R is
 *       the response header's revision;</li>
 *   <li>a token (exercise 2.4 decodes it): read up to {@code limit} keys from its start key to the
 *       end of the prefix, at the token's revision R. A token with revision -1 asks for the
 *       latest revision instead: then R is the header's, as for a first page;</li>
 *   <li>if etcd says there are more keys in the range ({@code GetResponse.isMore()}), the next
 *       token is the one after the last key returned, at R. Otherwise there is no token, even when
 *       the page is exactly full;</li>
 *   <li>if R has been compacted, the list cannot continue consistently: 410 Expired.</li>
 * </ol>
 *
 * <p>Useful calls: {@code GetOption.builder().withRevision(r).withLimit(n).withRange(end)}, with
 * {@code OptionsUtil.prefixEndOf(prefixBytes)} as the end of the prefix; exercise 2.5's
 * {@link ObjectReader#toObject} for the items; exercise 2.4's {@link ContinueTokens}. A compacted
 * revision fails the read with an {@code ExecutionException} whose cause
 * {@code EtcdExceptionFactory.toEtcdException(...)} turns into an {@code EtcdException} with
 * {@code ErrorCode.OUT_OF_RANGE} and a message containing "compacted" (chapter 1, exercise 1.2).
 * Solve 2.4 and 2.5 first. Grade it with {@code ./course grade 2 --exercise 2.6}; the
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
     * @param items at most {@code limit} objects, in key order, each with its own resourceVersion
     * @param continueToken the token for the next page, or {@code ""} on the last page
     */
    public record Page(String resourceVersion, List<ObjectNode> items, String continueToken) {
    }

    /**
     * Reads one page of the objects under {@code keyPrefix}.
     *
     * @param keyPrefix the list's prefix, ending in '/', e.g. {@code /registry/configmaps/lab/}
     * @param limit the most items to return; 0 or less means all of them, in one page
     * @param continueToken {@code ""} for the first page, else the token of the previous page
     * @throws ResourceExpiredException with the message
     *     {@link ResourceExpiredException#CONTINUE_TOO_OLD} if the token's revision has been compacted
     * @throws IllegalArgumentException if the token is not valid (as {@link ContinueTokens#decode})
     */
    public static Page list(KV kv, String keyPrefix, long limit, String continueToken) {
        throw new UnsupportedOperationException(
                "TODO exercise 2.6: read up to limit keys from the start key (the prefix, or the token's) to the end of"
                        + " the prefix, at the token's revision if there is one; a next token only if etcd says there are more");
    }
    // end::signature[]
}

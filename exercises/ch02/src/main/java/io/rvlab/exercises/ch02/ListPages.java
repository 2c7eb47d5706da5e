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
 * at once: no object listed twice, none missed, none shown in two different versions. Every page's
 * {@code metadata.resourceVersion} is the same R (GOLD b3.1 to b3.3: three pages, all at 86,
 * although a write happened in between). The guarantees your pages must keep:
 * <ul>
 *   <li>nothing written after the first page shows on a later one;</li>
 *   <li>a next token exactly when there is more to read, whether or not the page is full;</li>
 *   <li>a token whose revision is -1 continues at whatever is latest now, and the pages after it
 *       stay at that new revision;</li>
 *   <li>a list that can no longer be continued consistently ends with 410 Expired, never with a
 *       page from another revision.</li>
 * </ul>
 * Chapter 1 gave you the tool (exercise 1.2), exercise 2.4 the token and 2.5 the items: solve those
 * first. Grade it with {@code ./course grade 2 --exercise 2.6}; the
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
     * @throws ResourceExpiredException the given {@code io.rvlab.exercises.ch02.ResourceExpiredException}
     *     (in {@code src/given}, a 410 {@code StatusException}), with the message
     *     {@link ResourceExpiredException#CONTINUE_TOO_OLD}, if the token's revision has been compacted
     * @throws IllegalArgumentException if the token is not valid (as {@link ContinueTokens#decode})
     */
    public static Page list(KV kv, String keyPrefix, long limit, String continueToken) {
        throw new UnsupportedOperationException("TODO exercise 2.6");
    }
    // end::signature[]
}

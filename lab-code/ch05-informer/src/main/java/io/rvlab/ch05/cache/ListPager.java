package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.client.ExpiredException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists a collection page by page (client-go's {@code tools/pager}): {@code limit=pageSize}, then
 * {@code continue=<token>} until a page has none. Every page of one list is read at the first
 * page's resourceVersion, which is the list's. A continued page clears resourceVersion and match
 * (the server refuses them with a continue token).
 *
 * <p>A page after the first may fail with 410 Expired (its snapshot was compacted away): like
 * client-go's {@code FullListIfExpired}, the pager then asks once more for the whole list, unpaged,
 * at the resourceVersion first asked for. A server that answers a paged request whole (the watch
 * cache does for resourceVersion "0") is fine: a page without a continue token is the end.
 */
public final class ListPager {

    /** A whole list: its resourceVersion, its items, and whether it came in more than one page. */
    public record Result(String resourceVersion, List<ObjectNode> items, boolean paginated) {
    }

    private final ListerWatcher listerWatcher;

    public ListPager(ListerWatcher listerWatcher) {
        this.listerWatcher = listerWatcher;
    }

    // tag::pager[]
    /** The whole list for {@code options}, in pages of {@code pageSize} (0: one request). */
    public Result list(ListOptions options, long pageSize) throws IOException {
        ListOptions page = options.limit() == 0 ? options.withLimit(pageSize) : options;
        List<ObjectNode> items = new ArrayList<>();
        String resourceVersion = null;
        boolean paginated = false;
        while (true) {
            ObjectNode list;
            try {
                list = listerWatcher.list(page);
            } catch (ExpiredException e) {
                if (page.continueToken().isEmpty()) {
                    throw e; // the first page: the resourceVersion itself is gone, the caller decides
                }
                // A later page's snapshot was compacted: one unpaged list at what was first asked for.
                ObjectNode whole = listerWatcher.list(options.withLimit(0).withContinue(""));
                return new Result(rv(whole), items(whole), paginated);
            }
            if (resourceVersion == null) {
                resourceVersion = rv(list);
            }
            items.addAll(items(list));
            String next = list.path("metadata").path("continue").asText("");
            if (next.isEmpty()) {
                return new Result(resourceVersion, items, paginated);
            }
            page = new ListOptions("", "", page.limit(), next);
            paginated = true;
        }
    }
    // end::pager[]

    private static String rv(ObjectNode list) {
        return list.path("metadata").path("resourceVersion").asText("");
    }

    private static List<ObjectNode> items(ObjectNode list) {
        List<ObjectNode> items = new ArrayList<>();
        for (JsonNode item : list.path("items")) {
            if (item instanceof ObjectNode object) {
                items.add(object);
            }
        }
        return items;
    }
}

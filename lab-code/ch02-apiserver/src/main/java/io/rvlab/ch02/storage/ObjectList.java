package io.rvlab.ch02.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.OptionalLong;

/**
 * What a list read returns: the items (each with its own resourceVersion = mod_revision) and the
 * list metadata.
 *
 * @param items in etcd key order, which is namespace then name
 * @param resourceVersion the revision the whole list was read at (a list's resourceVersion)
 * @param continueToken the token for the next page, or "" on the last page
 * @param remainingItemCount how many items the following pages hold, when storage can know it
 */
public record ObjectList(List<ObjectNode> items, String resourceVersion, String continueToken,
        OptionalLong remainingItemCount) {

    public ObjectList {
        items = List.copyOf(items);
    }
}

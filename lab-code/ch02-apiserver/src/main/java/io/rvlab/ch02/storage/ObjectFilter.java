package io.rvlab.ch02.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Which objects a list keeps (apiserver's SelectionPredicate: label and field selectors). Storage
 * still reads every key of the range; a filter only decides what is returned, which is why a
 * filtered page can hold fewer items than {@code limit}.
 */
public interface ObjectFilter {

    /** Keeps every object. */
    ObjectFilter EVERYTHING = new ObjectFilter() {
        @Override
        public boolean matches(ObjectNode object) {
            return true;
        }

        @Override
        public boolean matchesEverything() {
            return true;
        }

        @Override
        public String toString() {
            return "everything";
        }
    };

    boolean matches(ObjectNode object);

    /**
     * Whether the filter keeps every object. Only then can a page say how many items remain
     * ({@code remainingItemCount}): etcd can count keys, not keys that match a selector.
     */
    boolean matchesEverything();
}

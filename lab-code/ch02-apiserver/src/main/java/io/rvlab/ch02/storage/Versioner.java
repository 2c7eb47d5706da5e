package io.rvlab.ch02.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;

/**
 * Turns etcd revisions into resourceVersions and back: the whole of Kubernetes' answer to "which
 * version of this object is this?" (apiserver's {@code APIObjectVersioner}).
 *
 * <p>To a client a resourceVersion is an opaque string it may only hand back, never do arithmetic
 * on. Inside the server it is an etcd revision written in decimal:
 * <ul>
 *   <li>an object's resourceVersion is its key's {@code mod_revision}, the revision of the last
 *       write to it;</li>
 *   <li>a list's resourceVersion is the revision of the whole store the list was read at: the
 *       {@code revision} in the header of etcd's answer.</li>
 * </ul>
 * The number is never stored inside the object in etcd: etcd already keeps it next to the value,
 * and a copy inside the value would be stale the moment the next write happened.
 */
public class Versioner {

    /** The one field of an object this class owns. */
    public static final String FIELD = "resourceVersion";

    // tag::parse[]
    /**
     * The etcd revision a client's resourceVersion stands for. {@code ""} (not given) and
     * {@code "0"} (any version) both mean 0: "no particular revision".
     *
     * @throws InvalidResourceVersionException when the text is not a decimal unsigned number,
     *         with the same wording as Kubernetes (which reuses Go's strconv.ParseUint error)
     */
    public long parse(String resourceVersion) {
        if (resourceVersion == null || resourceVersion.isEmpty() || resourceVersion.equals("0")) {
            return 0;
        }
        // Go's ParseUint reads left to right and stops at the first problem: a character that is not
        // an ASCII digit is "invalid syntax", a digit that takes the number past 2^64-1 is "value out of
        // range", whichever comes first ("99999999999999999999x" overflows before it reaches the x).
        long value = 0; // unsigned
        for (int i = 0; i < resourceVersion.length(); i++) {
            char c = resourceVersion.charAt(i);
            if (c < '0' || c > '9') {
                throw new InvalidResourceVersionException(resourceVersion, "invalid syntax");
            }
            if (Long.compareUnsigned(value, UINT64_CUTOFF) >= 0) {
                throw new InvalidResourceVersionException(resourceVersion, "value out of range");
            }
            long next = value * 10 + (c - '0');
            if (Long.compareUnsigned(next, value * 10) < 0) {
                throw new InvalidResourceVersionException(resourceVersion, "value out of range");
            }
            value = next;
        }
        // etcd revisions are signed 64-bit numbers; anything above that range can never exist yet.
        return value < 0 ? Long.MAX_VALUE : value;
    }

    /** The smallest value that overflows 64 unsigned bits when multiplied by 10 (Go's cutoff). */
    private static final long UINT64_CUTOFF = Long.divideUnsigned(-1L, 10) + 1;
    // end::parse[]

    /**
     * Like {@link #parse}, but text that is not a number counts as 0. Kubernetes reads the
     * resourceVersion inside a create's body this way, so {@code "-1"} there is ignored.
     */
    public long parseOrZero(String resourceVersion) {
        try {
            return parse(resourceVersion);
        } catch (InvalidResourceVersionException e) {
            return 0;
        }
    }

    // tag::format[]
    /** The resourceVersion for an etcd revision; revision 0 (nothing read yet) has none. */
    public String format(long revision) {
        return revision == 0 ? "" : Long.toString(revision);
    }

    /**
     * Writes the object's resourceVersion from the etcd key it was read from: its mod_revision.
     * Used on every object that leaves storage, never stored.
     */
    public void updateObject(ObjectNode object, long modRevision) {
        ObjectMetaOrder.set(object, FIELD, format(modRevision));
    }

    /** Removes the resourceVersion before an object is written to etcd. */
    public void prepareObjectForStorage(ObjectNode object) {
        if (object.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove(FIELD);
            metadata.remove("selfLink"); // derived from the URL, never stored either
        }
    }
    // end::format[]

    /** The resourceVersion written in an object, or "" if it has none. */
    public String objectResourceVersion(ObjectNode object) {
        if (object.get("metadata") instanceof ObjectNode metadata && metadata.get(FIELD) != null) {
            return metadata.get(FIELD).asText("");
        }
        return "";
    }
}

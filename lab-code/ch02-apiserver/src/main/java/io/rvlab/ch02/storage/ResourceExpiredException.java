package io.rvlab.ch02.storage;

import java.util.Optional;

/**
 * The revision a list had to be read at has been compacted away: etcd answered "mvcc: required
 * revision has been compacted". Becomes 410 Gone with reason Expired. For an expired continue
 * token it also carries a new token that continues from the same key at the latest revision
 * ({@code "rv":-1}), which Kubernetes puts in the Status' {@code metadata.continue}.
 */
public class ResourceExpiredException extends StorageException {

    /** For a list at an exact (or legacy limit+resourceVersion) revision. */
    public static final String LIST_TOO_OLD = "The resourceVersion for the provided list is too old.";

    /**
     * For a GET read at a compacted revision. Kubernetes never reads a GET at an exact revision; only a
     * read decision other than its own (exercise 2.7) can ask for one.
     */
    public static final String GET_TOO_OLD = "The resourceVersion for the provided get is too old.";

    /** For an expired continue token, when a consistent-continuation token could be made. */
    public static final String CONTINUE_TOO_OLD = "The provided continue parameter is too old to display a "
            + "consistent list result. You can start a new list without the continue parameter, or use the "
            + "continue token in this response to retrieve the remainder of the results. Continuing with the "
            + "provided token results in an inconsistent list - objects that were created, modified, or deleted "
            + "between the time the first chunk was returned and now may show up in the list.";

    private final long requestedRevision;
    private final String continueToken;

    public ResourceExpiredException(String message, long requestedRevision, String continueToken) {
        super(message);
        this.requestedRevision = requestedRevision;
        this.continueToken = continueToken;
    }

    /** The compacted revision the read asked for. */
    public long requestedRevision() {
        return requestedRevision;
    }

    /** A token to go on inconsistently from where the expired one stopped, if there is one. */
    public Optional<String> continueToken() {
        return Optional.ofNullable(continueToken);
    }
}

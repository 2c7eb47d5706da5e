package io.rvlab.ch02.storage;

/**
 * A combination of list options storage cannot serve, such as a resourceVersion together with a
 * continue token (the token already says which revision to read). Becomes 400 BadRequest.
 */
public class InvalidListOptionsException extends StorageException {

    /** Kubernetes' wording for a resourceVersion (other than "0") sent with a continue token. */
    public static final String RESOURCE_VERSION_WITH_CONTINUE =
            "specifying resource version is not allowed when using continue";

    public InvalidListOptionsException(String message) {
        super(message);
    }
}

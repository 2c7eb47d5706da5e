package io.rvlab.ch02.storage;

/**
 * A continue token this server cannot have made: bad base64, bad JSON, an unknown version, a zero
 * revision, an empty or unclean start key. Becomes 400 BadRequest "invalid continue token: ...".
 */
public class InvalidContinueTokenException extends StorageException {

    public InvalidContinueTokenException(String reason) {
        super("invalid continue token: continue key is not valid" + (reason.isEmpty() ? "" : ": " + reason));
    }
}

package io.rvlab.ch04.client;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;

/**
 * A 410 from the API server: the resourceVersion asked for is older than the history the server
 * still keeps (reason {@code Expired}, or a bare {@code Gone}). A watch reports it as an ERROR event
 * after a 200, a list as an HTTP 410. Retrying the same resourceVersion cannot help: the watcher
 * has to list again and watch from the list's resourceVersion (client-go's {@code
 * IsResourceExpired} and {@code IsGone}, which make its reflector relist).
 */
public class ExpiredException extends StatusException {

    public ExpiredException(Status status) {
        super(status);
    }
}

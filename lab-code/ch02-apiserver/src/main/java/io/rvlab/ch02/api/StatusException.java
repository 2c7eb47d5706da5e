package io.rvlab.ch02.api;

/**
 * Carries a {@link Status} from wherever a request goes wrong to the HTTP layer, which writes it
 * as the response. The exception's message is the Status' message.
 */
public class StatusException extends RuntimeException {

    private final Status status;

    public StatusException(Status status) {
        super(status.message());
        this.status = status;
    }

    public Status status() {
        return status;
    }
}

package io.rvlab.conformance;

/**
 * One way this server's answer to a replayed request differs from kube-apiserver's (or, for
 * {@link Aspect#SERVER_ERROR}, from rvlab's own rule).
 *
 * @param aspect what differs
 * @param expected what kube-apiserver 1.26.1 answered, normalised and translated into this replay's
 *        revisions (for {@link Aspect#SERVER_ERROR}: what rvlab's rule asks for)
 * @param actual what this server answered, normalised the same way
 */
public record Difference(Aspect aspect, String expected, String actual) {

    /** What a difference is about; listed differences name the aspects they explain. */
    public enum Aspect {
        /** The HTTP status code (and with it the Status reason and message: compared no further). */
        STATUS("status code"),
        CONTENT_TYPE("Content-Type header"),
        RETRY_AFTER("Retry-After header"),
        /** Content-Length versus Transfer-Encoding: chunked, for bodies on the same side of 2 KiB. */
        FRAMING("framing"),
        /** Whether the server made the client wait (about 3 s) before answering. */
        WAIT("time to answer"),
        /** The names of a list's items, and their order where kube-apiserver's order is defined. */
        ITEMS("list items"),
        /** The JSON body (field order, values, resourceVersions), once ignored fields are set aside. */
        BODY("body"),
        /**
         * A watch's events: their types, objects and order (initial ADDED events of a watch from
         * resourceVersion unset or "0" as a set: kube-apiserver sends them in no order). Chunk
         * boundaries are not compared: kube-apiserver's are not aligned with events.
         */
        EVENTS("watch events"),
        /**
         * When a watch answered, and when it ended: headers and initial events at once, a BOOKMARK
         * within 1.5 s of the recorded time, the end within 1 s of the recorded one (timeoutSeconds), or
         * still open when the recording's client closed it.
         */
        TIMING("watch timing"),
        /** A written object's resourceVersion is not a new, higher revision (or a delete wrote none). */
        RESOURCE_VERSION("resourceVersion order"),
        /**
         * A 5xx other than a Timeout: rvlab's rule (CONTRIBUTING) is that a client's mistake gets a
         * 4xx Status, even where kube-apiserver answers 500. Checked whatever the transcript says.
         */
        SERVER_ERROR("5xx answer", "rvlab's rule");

        private final String title;
        private final String expectedBy;

        Aspect(String title) {
            this(title, "kube-apiserver 1.26.1");
        }

        Aspect(String title, String expectedBy) {
            this.title = title;
            this.expectedBy = expectedBy;
        }

        public String title() {
            return title;
        }

        /** Whose answer the expected side is. */
        public String expectedBy() {
            return expectedBy;
        }
    }

    @Override
    public String toString() {
        return aspect.title() + String.format("\n    %-23s%s\n    %-23s%s", aspect.expectedBy() + ":", expected, "rvlab:", actual);
    }
}

package io.rvlab.conformance;

/**
 * One way this server's answer to a replayed request differs from kube-apiserver's.
 *
 * @param aspect what differs
 * @param expected what kube-apiserver 1.26.1 answered, normalised and translated into this replay's revisions
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
        /** A created object's resourceVersion is not a new, higher revision. */
        RESOURCE_VERSION("resourceVersion order");

        private final String title;

        Aspect(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    @Override
    public String toString() {
        return aspect.title() + "\n    kube-apiserver 1.26.1: " + expected + "\n    rvlab:                 " + actual;
    }
}

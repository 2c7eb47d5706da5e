package io.rvlab.exercises.ch03;

/**
 * <b>Exercise 3.6: the Status bodies of write errors, both ends of the wire.</b>
 *
 * <p>A client tells a conflict from other 409s by the {@code reason} of the {@code Status} object
 * in the response (exercise 3.2), and a person by its {@code message}, so the server has to get
 * both exactly right. apimachinery builds them with {@code errors.NewConflict},
 * {@code NewAlreadyExists} and {@code NewNotFound}:
 * <pre>{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"...","reason":"...",
 *  "details":{"name":"...","group":"...","kind":"..."},"code":...}</pre>
 * in exactly this field order, with {@code group} left out when it is empty (the core group), and
 * no spaces. The "kind" in details is the <em>resource</em> the error was built with, and the
 * message names it with its group after a dot when there is one: {@code configmaps},
 * {@code deployments.apps}. The messages:
 * <ul>
 *   <li>Conflict (409): {@code Operation cannot be fulfilled on <resource> "<name>": <detail>};
 *       for a stale resourceVersion the detail is {@link #OPTIMISTIC_LOCK_ERROR_MSG} (GOLD c1.2).
 *       A DELETE precondition builds it with the Kind in the resource's place (GOLD c2.1, c2.2);</li>
 *   <li>AlreadyExists (409): {@code <resource> "<name>" already exists} (GOLD c2.7);</li>
 *   <li>NotFound (404): {@code <resource> "<name>" not found} (GOLD c1.11, c2.4).</li>
 * </ul>
 *
 * <p>The other end is {@link #classify}: what a client-go program decides about an error answer
 * with apimachinery's {@code errors.IsConflict}, {@code IsAlreadyExists} and {@code IsNotFound}
 * (k8s.io/apimachinery/pkg/api/errors/errors.go), from the answer as it arrives, which is not always
 * kube-apiserver's own Status: a proxy, a load balancer or an older server may answer instead. A
 * controller retries on one of the three, creates on another and gives up on the third, so a wrong
 * verdict is a retry loop that cannot end or a create that never happens.
 *
 * <p>Nothing is given: build and read the JSON text with Jackson or by hand. The course's own
 * {@code io.rvlab.ch02.api.Status}, {@code io.rvlab.ch03.api.Conflicts} and chapter 4's client
 * already write and read these bodies; they are not for you to call (a grading test checks that
 * your class does not). Grade it with {@code ./course grade 3 --exercise 3.6}; the specification is
 * {@code StatusErrorsTest}.
 */
public final class StatusErrors {

    private StatusErrors() {
    }

    // tag::signature[]
    /** apiserver's {@code OptimisticLockErrorMsg}: the detail of a 409 for a stale resourceVersion. */
    public static final String OPTIMISTIC_LOCK_ERROR_MSG =
            "the object has been modified; please apply your changes to the latest version and try again";

    /**
     * The body of a 409 Conflict ({@code errors.NewConflict}).
     *
     * @param group the API group, {@code ""} for the core group
     * @param resource the resource ({@code configmaps}), or the Kind for a DELETE precondition
     * @param detail what went wrong, e.g. {@link #OPTIMISTIC_LOCK_ERROR_MSG}
     */
    public static String conflict(String group, String resource, String name, String detail) {
        throw new UnsupportedOperationException("TODO exercise 3.6");
    }

    /** The body of the 409 a PUT with a stale resourceVersion gets (GOLD c1.2). */
    public static String staleUpdate(String group, String resource, String name) {
        throw new UnsupportedOperationException("TODO exercise 3.6");
    }

    /** The body of a 409 AlreadyExists: a create of a name that is taken (GOLD c2.7). */
    public static String alreadyExists(String group, String resource, String name) {
        throw new UnsupportedOperationException("TODO exercise 3.6");
    }

    /** The body of a 404 NotFound (GOLD c1.11, c2.4). */
    public static String notFound(String group, String resource, String name) {
        throw new UnsupportedOperationException("TODO exercise 3.6");
    }

    /** The verdict of {@code errors.IsConflict}, {@code IsAlreadyExists} and {@code IsNotFound}: at most one holds. */
    public enum Classification { CONFLICT, ALREADY_EXISTS, NOT_FOUND, OTHER }

    /**
     * What client-go's {@code rest.Result.Error()} turns an error answer into, classified as
     * apimachinery's {@code IsConflict}, {@code IsAlreadyExists} and {@code IsNotFound} would.
     *
     * @param method the request's HTTP method, upper case ({@code PUT}, {@code POST}, {@code DELETE}...)
     * @param httpCode the answer's HTTP status code, an error (4xx or 5xx)
     * @param body the answer's body as received, {@code ""} if it had none: a Status in JSON from
     *     kube-apiserver, but anything (text, HTML, other JSON) from something in between
     */
    public static Classification classify(String method, int httpCode, String body) {
        throw new UnsupportedOperationException("TODO exercise 3.6");
    }
    // end::signature[]
}

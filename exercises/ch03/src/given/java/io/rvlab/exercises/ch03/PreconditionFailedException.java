package io.rvlab.exercises.ch03;

/**
 * A patch would change a field that identifies the object. Given, not an exercise: exercise 3.4
 * throws it. {@code kubectl apply} and {@code kubectl edit} refuse to send such a patch, with the
 * message "At least one of apiVersion, kind and name was changed": a patch is applied to the object
 * its URL names, so it cannot turn that object into another one (the preconditions
 * {@code RequireKeyUnchanged("apiVersion")}, {@code RequireKeyUnchanged("kind")} and
 * {@code RequireMetadataKeyUnchanged("name")} of k8s.io/apimachinery/pkg/util/mergepatch/util.go, as
 * k8s.io/kubectl/pkg/cmd/apply/patcher.go passes them to
 * k8s.io/apimachinery/pkg/util/jsonmergepatch/patch.go).
 */
public class PreconditionFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String path;

    /** @param path the identifying field the patch would change, as {@code .kind} or {@code .metadata.name} */
    public PreconditionFailedException(String path) {
        super("At least one of apiVersion, kind and name was changed (the patch changes " + path + ")");
        this.path = path;
    }

    /** The identifying field the patch would change: {@code .apiVersion}, {@code .kind} or {@code .metadata.name}. */
    public String path() {
        return path;
    }
}

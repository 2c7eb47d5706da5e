package io.rvlab.ch02.api;

import io.rvlab.ch02.storage.ResourceVersionMatch;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks kube-apiserver makes on list options before it reads anything
 * (apimachinery's internalversion/validation ValidateListOptions). Each broken rule is a field
 * error; together they make one 422 Invalid Status for the kind {@code ListOptions.meta.k8s.io},
 * named "".
 */
public final class ListOptionsValidation {

    /** How errors name the options: group meta.k8s.io, kind ListOptions. */
    public static final GroupKind LIST_OPTIONS = new GroupKind("meta.k8s.io", "ListOptions");

    private ListOptionsValidation() {
    }

    // tag::validate[]
    /**
     * Every rule the options break, in Kubernetes' order.
     *
     * @param resourceVersion {@code ?resourceVersion=}, "" if absent
     * @param match {@code ?resourceVersionMatch=} as sent, "" if absent
     * @param continueToken {@code ?continue=}, "" if absent
     * @param sendInitialEvents whether {@code ?sendInitialEvents=} was sent (a watch-only option)
     */
    public static List<FieldError> errors(String resourceVersion, String match, String continueToken,
            boolean sendInitialEvents) {
        List<FieldError> errors = new ArrayList<>();
        if (!match.isEmpty()) {
            if (resourceVersion.isEmpty()) {
                errors.add(FieldError.forbidden("resourceVersionMatch",
                        "resourceVersionMatch is forbidden unless resourceVersion is provided"));
            }
            if (!continueToken.isEmpty()) {
                errors.add(FieldError.forbidden("resourceVersionMatch",
                        "resourceVersionMatch is forbidden when continue is provided"));
            }
            if (ResourceVersionMatch.fromWire(match).isEmpty()) {
                errors.add(FieldError.notSupported("resourceVersionMatch", match,
                        ResourceVersionMatch.EXACT.wire(), ResourceVersionMatch.NOT_OLDER_THAN.wire(), ""));
            }
            if (match.equals(ResourceVersionMatch.EXACT.wire()) && resourceVersion.equals("0")) {
                errors.add(FieldError.forbidden("resourceVersionMatch",
                        "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
            }
        }
        if (sendInitialEvents) {
            errors.add(FieldError.forbidden("sendInitialEvents", "sendInitialEvents is forbidden for list"));
        }
        return errors;
    }

    /** @throws StatusException 422 Invalid if any rule is broken */
    public static void check(String resourceVersion, String match, String continueToken, boolean sendInitialEvents) {
        List<FieldError> errors = errors(resourceVersion, match, continueToken, sendInitialEvents);
        if (!errors.isEmpty()) {
            throw Status.invalid(LIST_OPTIONS, "", errors).exception();
        }
    }
    // end::validate[]
}

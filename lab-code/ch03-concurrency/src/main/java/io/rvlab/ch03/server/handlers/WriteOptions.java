package io.rvlab.ch03.server.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.handlers.DryRun;
import io.rvlab.ch03.api.FieldValidation.Directive;

/**
 * The two steps a POST or a PUT takes before its write, in the order kube-apiserver takes them
 * (k8s.io/apiserver pkg/endpoints/handlers/create.go and update.go): the body is read (413 when too
 * large) and the options are decoded ({@code fieldValidation}: 400); then the body is decoded as an
 * object (415, 400) and {@code dryRun} is refused. A later chapter checks its own options between
 * the two (chapter 6: {@code fieldManager}), so the order of the answers stays Kubernetes'.
 */
public final class WriteOptions {

    private WriteOptions() {
    }

    /** Reads the body, then the {@code fieldValidation} of {@code optionsKind} ("CreateOptions", "UpdateOptions"). */
    public static Directive fieldValidation(ApiRequest request, String optionsKind) {
        request.rawBody(); // as Kubernetes: the body is read (413) before the options are checked
        return Directive.of(request.param("fieldValidation"), optionsKind);
    }

    /** The body as a JSON object; then a dry run is refused, since this server stores every write. */
    public static ObjectNode object(ApiRequest request) {
        ObjectNode body = request.jsonBody();
        DryRun.reject(request);
        return body;
    }
}

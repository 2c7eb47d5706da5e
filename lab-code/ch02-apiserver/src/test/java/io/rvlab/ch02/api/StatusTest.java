package io.rvlab.ch02.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.ResourceExpiredException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Status: Kubernetes error objects, byte for byte")
class StatusTest {

    private static final GroupResource CONFIGMAPS = new GroupResource("", "configmaps");

    @Test
    @DisplayName("NotFound and AlreadyExists, as in golden c2 and apimachinery's api/errors/errors.go")
    void notFoundAndAlreadyExists() {
        assertThat(Status.notFound(CONFIGMAPS, "foo").toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                + "\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps \\\"foo\\\" not found\",\"reason\":\"NotFound\","
                + "\"details\":{\"name\":\"foo\",\"kind\":\"configmaps\"},\"code\":404}");
        assertThat(Status.alreadyExists(CONFIGMAPS, "cm-b").toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                + "\"metadata\":{},\"status\":\"Failure\",\"message\":\"configmaps \\\"cm-b\\\" already exists\","
                + "\"reason\":\"AlreadyExists\",\"details\":{\"name\":\"cm-b\",\"kind\":\"configmaps\"},\"code\":409}");
        assertThat(Status.notFound(new GroupResource("apps", "deployments"), "web").toString())
                .contains("\"message\":\"deployments.apps \\\"web\\\" not found\"")
                .contains("\"details\":{\"name\":\"web\",\"group\":\"apps\",\"kind\":\"deployments\"}");
    }

    @Test
    @DisplayName("Invalid list options: golden b3.9, exact bytes")
    void invalidListOptions() {
        Status status = Status.invalid(ListOptionsValidation.LIST_OPTIONS, "", List.of(FieldError.forbidden(
                "resourceVersionMatch", "resourceVersionMatch is forbidden unless resourceVersion is provided")));
        assertThat(status.toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"ListOptions.meta.k8s.io \\\"\\\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch "
                + "is forbidden unless resourceVersion is provided\",\"reason\":\"Invalid\",\"details\":{\"group\":\"meta.k8s.io\","
                + "\"kind\":\"ListOptions\",\"causes\":[{\"reason\":\"FieldValueForbidden\",\"message\":\"Forbidden: "
                + "resourceVersionMatch is forbidden unless resourceVersion is provided\",\"field\":\"resourceVersionMatch\"}]},"
                + "\"code\":422}");
    }

    @Test
    @DisplayName("several field errors are joined as [e1, e2], duplicates once, one cause each")
    void aggregate() {
        FieldError a = FieldError.invalid("metadata.name", "X", "bad");
        FieldError b = FieldError.required("metadata.name", "name or generateName is required");
        Status status = Status.invalid(new GroupKind("apps", "Deployment"), "X", List.of(a, b, a));
        assertThat(status.message()).isEqualTo("Deployment.apps \"X\" is invalid: [metadata.name: Invalid value: \"X\": bad, "
                + "metadata.name: Required value: name or generateName is required]");
        assertThat(status.details().causes()).hasSize(3);
        assertThat(status.details().group()).isEqualTo("apps");
        assertThat(status.details().kind()).isEqualTo("Deployment");
    }

    @Test
    @DisplayName("Too large resource version: golden d1, exact bytes, and Retry-After")
    void tooLarge() {
        Status status = Status.tooLargeResourceVersion(1000098, 97, 1);
        assertThat(status.toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"Timeout: Too large resource version: 1000098, current: 97\",\"reason\":\"Timeout\","
                + "\"details\":{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\",\"message\":\"Too large resource version\"}],"
                + "\"retryAfterSeconds\":1},\"code\":504}");
        assertThat(status.retryAfterSeconds()).isEqualTo(1);
        assertThat(Status.tooLargeResourceVersion(5, 4, 0).toString()).as("the etcd path of golden n1: no retry")
                .doesNotContain("retryAfterSeconds");
    }

    @Test
    @DisplayName("Expired: golden f1, with the new continue token first in metadata")
    void expired() {
        String token = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoiY20tYVx1MDAwMCJ9";
        assertThat(Status.expired(ResourceExpiredException.LIST_TOO_OLD, null).toString()).isEqualTo("{\"kind\":\"Status\","
                + "\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"The resourceVersion for the provided "
                + "list is too old.\",\"reason\":\"Expired\",\"code\":410}");
        assertThat(Status.expired(ResourceExpiredException.CONTINUE_TOO_OLD, token).toString())
                .startsWith("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{\"continue\":\"" + token + "\"},"
                        + "\"status\":\"Failure\",\"message\":\"The provided continue parameter is too old");
    }

    @Test
    @DisplayName("the generic 404 and 405 carry an empty details object; InternalError carries the error as a cause; 401 carries none")
    void generic() {
        assertThat(Status.pathNotFound().toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"the server could not find the requested resource\",\"reason\":\"NotFound\","
                + "\"details\":{},\"code\":404}");
        assertThat(Status.methodNotAllowed().toString()).contains("\"reason\":\"MethodNotAllowed\",\"details\":{},\"code\":405");
        assertThat(Status.internalError("boom").toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"Internal error occurred: boom\",\"reason\":\"InternalError\","
                + "\"details\":{\"causes\":[{\"message\":\"boom\"}]},\"code\":500}");
        assertThat(Status.unsupportedMediaType(List.of("application/json")).toString()).isEqualTo("{\"kind\":\"Status\","
                + "\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"the body of the request was in an "
                + "unknown format - accepted media types include: application/json\",\"reason\":\"UnsupportedMediaType\",\"code\":415}");
        assertThat(Status.unauthorized().toString()).as("kube-apiserver's answer to a missing or wrong token, byte for byte")
                .isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                        + "\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}");
        assertThat(GoJson.pretty(Status.badRequest("x").toJson())).startsWith("{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {},");
    }

    private static Status decode(String body, int httpCode) throws IOException {
        return Status.fromJson(GoJson.read(body.getBytes(StandardCharsets.UTF_8)), httpCode);
    }

    @Test
    @DisplayName("fromJson keeps details.causes: golden d1's Too large resource version decodes to the same bytes, cause included")
    void fromJsonKeepsCauses() throws IOException {
        String d1 = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"Timeout: Too large resource version: 1000098, current: 97\",\"reason\":\"Timeout\","
                + "\"details\":{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\",\"message\":\"Too large resource version\"}],"
                + "\"retryAfterSeconds\":1},\"code\":504}";
        Status status = decode(d1, 504);
        assertThat(status.details().causes()).containsExactly(
                new Status.Cause("ResourceVersionTooLarge", "Too large resource version", null));
        assertThat(status.retryAfterSeconds()).isEqualTo(1);
        assertThat(status.toString()).as("decoding loses nothing toJson writes").isEqualTo(d1);

        Status invalid = Status.invalid(ListOptionsValidation.LIST_OPTIONS, "", List.of(
                FieldError.forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden unless resourceVersion is provided"),
                FieldError.invalid("metadata.name", "X", "bad")));
        Status back = decode(invalid.toString(), 500);
        assertThat(back.details().causes()).isEqualTo(invalid.details().causes());
        assertThat(back.details().causes()).extracting(Status.Cause::field).containsExactly("resourceVersionMatch", "metadata.name");
        assertThat(back.toString()).isEqualTo(invalid.toString());
    }

    @Test
    @DisplayName("fromJson: the continue token of a 410, the HTTP code when the body has none, no details when none were sent")
    void fromJsonRest() throws IOException {
        Status expired = Status.expired(ResourceExpiredException.CONTINUE_TOO_OLD, "tok");
        assertThat(decode(expired.toString(), 410).continueToken()).isEqualTo("tok");
        assertThat(decode(expired.toString(), 410).toString()).isEqualTo(expired.toString());

        Status bare = decode("{\"message\":\"no\"}", 503);
        assertThat(bare.code()).isEqualTo(503);
        assertThat(bare.status()).isEqualTo("Failure");
        assertThat(bare.reason()).isNull();
        assertThat(bare.details()).isNull();
        assertThat(decode("{\"details\":{}}", 404).details()).isNotNull()
                .satisfies(d -> assertThat(d.causes()).isEmpty());
    }
}

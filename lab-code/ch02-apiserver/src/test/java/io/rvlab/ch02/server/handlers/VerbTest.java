package io.rvlab.ch02.server.handlers;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.server.ResourcePath;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Verb: a request's verb, named from its method, its path's shape and ?watch")
class VerbTest {

    private static final ResourcePath COLLECTION = new ResourcePath("dev", "configmaps", "", "", true);
    private static final ResourcePath OBJECT = new ResourcePath("dev", "configmaps", "cm-a", "", true);

    private static Optional<Verb> verb(String method, String uri, ResourcePath path) {
        return Verb.of(new ApiRequest(method, uri, Map.of(), new byte[0]), path);
    }

    @Test
    void getIsListGetOrWatch() {
        assertThat(verb("GET", "/api/v1/namespaces/dev/configmaps", COLLECTION)).contains(Verb.LIST);
        assertThat(verb("GET", "/api/v1/namespaces/dev/configmaps?watch=0", COLLECTION)).contains(Verb.LIST);
        assertThat(verb("GET", "/api/v1/namespaces/dev/configmaps?watch=yes", COLLECTION)).contains(Verb.LIST);
        for (String t : List.of("1", "t", "T", "TRUE", "true", "True")) {
            assertThat(verb("GET", "/api/v1/namespaces/dev/configmaps?watch=" + t, COLLECTION)).as(t).contains(Verb.WATCH);
        }
        assertThat(verb("GET", "/api/v1/namespaces/dev/configmaps/cm-a", OBJECT)).contains(Verb.GET);
        assertThat(verb("GET", "/api/v1/namespaces/dev/configmaps/cm-a?watch=1", OBJECT)).contains(Verb.WATCH);
        assertThat(verb("GET", "/api/v1/watch/namespaces/dev/configmaps", COLLECTION)).contains(Verb.WATCH);
        assertThat(verb("GET", "/apis/apps/v1/watch/deployments", COLLECTION)).contains(Verb.WATCH);
    }

    @Test
    void writes() {
        assertThat(verb("POST", "/api/v1/namespaces/dev/configmaps", COLLECTION)).contains(Verb.CREATE);
        assertThat(verb("PUT", "/api/v1/namespaces/dev/configmaps/cm-a", OBJECT)).contains(Verb.UPDATE);
        assertThat(verb("PATCH", "/api/v1/namespaces/dev/configmaps/cm-a", OBJECT)).contains(Verb.PATCH);
        assertThat(verb("DELETE", "/api/v1/namespaces/dev/configmaps/cm-a", OBJECT)).contains(Verb.DELETE);
        assertThat(verb("DELETE", "/api/v1/namespaces/dev/configmaps", COLLECTION)).contains(Verb.DELETECOLLECTION);
        assertThat(verb("HEAD", "/api/v1/namespaces/dev/configmaps", COLLECTION)).isEmpty();
    }

    @Test
    void routes() {
        ResourcePath status = new ResourcePath("dev", "deployments", "web", "status", true);
        assertThat(Verb.CREATE.routedOn(OBJECT)).isFalse();
        assertThat(Verb.UPDATE.routedOn(COLLECTION)).isFalse();
        assertThat(Verb.DELETE.routedOn(status)).isFalse();
        assertThat(Verb.PATCH.routedOn(status)).isTrue();
    }
}

package io.rvlab.ch02.server.authn;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("BearerTokenAuthenticator: the Authorization header as kube-apiserver reads it")
class BearerTokenAuthenticatorTest {

    private static final String TOKEN = "s3cr3t-token-0123456789abcdef";
    private final BearerTokenAuthenticator authenticator = new BearerTokenAuthenticator(TOKEN);

    @Test
    @DisplayName("the right token is the course's admin on every path; the scheme's case does not matter")
    void rightToken() {
        assertThat(authenticator.authenticate("/api/v1/namespaces", "Bearer " + TOKEN)).contains(BearerTokenAuthenticator.USER);
        assertThat(authenticator.authenticate("/healthz", "Bearer " + TOKEN)).contains(BearerTokenAuthenticator.USER);
        assertThat(authenticator.authenticate("/version", "bearer " + TOKEN)).contains(BearerTokenAuthenticator.USER);
        assertThat(authenticator.authenticate("/api", "  BEARER " + TOKEN + "  ")).as("surrounding spaces are trimmed")
                .contains(BearerTokenAuthenticator.USER);
        assertThat(authenticator.authenticate("/api", "Bearer " + TOKEN + " ignored")).as("a third part is ignored, as in bearertoken.go")
                .contains(BearerTokenAuthenticator.USER);
    }

    @Test
    @DisplayName("no token: 401 everywhere but the three health checks, which are anonymous")
    void noToken() {
        for (String path : new String[] {"/", "/api", "/api/v1/namespaces/default/configmaps", "/version", "/openapi/v2",
                "/healthz/etcd", "/livez/", "/metrics"}) {
            assertThat(authenticator.authenticate(path, null)).as(path).isEmpty();
        }
        for (String path : BearerTokenAuthenticator.ANONYMOUS_PATHS) {
            assertThat(authenticator.authenticate(path, null)).as(path).contains(BearerTokenAuthenticator.ANONYMOUS);
        }
        assertThat(authenticator.authenticate("/api", "")).isEmpty();
        assertThat(authenticator.authenticate("/api", "Basic YWRtaW46YWRtaW4=")).as("basic auth is not a bearer token").isEmpty();
        assertThat(authenticator.authenticate("/healthz", "Basic YWRtaW46YWRtaW4=")).as("... so it is anonymous")
                .contains(BearerTokenAuthenticator.ANONYMOUS);
        assertThat(authenticator.authenticate("/healthz", "Bearer")).as("a bare scheme is no token at all")
                .contains(BearerTokenAuthenticator.ANONYMOUS);
    }

    @Test
    @DisplayName("a wrong or empty token is 401 even on a health check: a failed credential is not downgraded to none")
    void wrongToken() {
        for (String header : new String[] {"Bearer wrong", "Bearer " + TOKEN + "x", "Bearer " + TOKEN.substring(1),
                "Bearer " + TOKEN.toUpperCase(), "Bearer  " + TOKEN}) {
            assertThat(authenticator.authenticate("/api/v1/namespaces", header)).as(header).isEmpty();
            assertThat(authenticator.authenticate("/healthz", header)).as(header).isEqualTo(Optional.empty());
        }
    }

    @Test
    @DisplayName("the header's parts: scheme, one space, token")
    void parsing() {
        assertThat(BearerTokenAuthenticator.bearerToken(null)).isNull();
        assertThat(BearerTokenAuthenticator.bearerToken("Token abc")).isNull();
        assertThat(BearerTokenAuthenticator.bearerToken("Bearer abc")).isEqualTo("abc");
        assertThat(BearerTokenAuthenticator.bearerToken("Bearer  abc")).as("two spaces: an empty token").isEmpty();
        assertThat(BearerTokenAuthenticator.bearerToken("Bearer\tabc")).as("only a space separates").isNull();
    }

    private static String protocol(String token) {
        return BearerTokenAuthenticator.WEBSOCKET_PROTOCOL_PREFIX
                + Base64.getUrlEncoder().withoutPadding().encodeToString(token.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    @DisplayName("a WebSocket's token as a subprotocol, base64url: accepted among other subprotocols, in any header line")
    void webSocketProtocolToken() {
        assertThat(authenticator.authenticateWebSocket("/api/v1/namespaces", List.of(protocol(TOKEN))))
                .contains(BearerTokenAuthenticator.USER);
        assertThat(authenticator.authenticateWebSocket("/api/v1/namespaces", List.of("v4.channel.k8s.io, " + protocol(TOKEN))))
                .contains(BearerTokenAuthenticator.USER);
        assertThat(authenticator.authenticateWebSocket("/api/v1/namespaces", List.of("v4.channel.k8s.io", protocol(TOKEN))))
                .contains(BearerTokenAuthenticator.USER);
    }

    @Test
    @DisplayName("a WebSocket's subprotocol token that is wrong, empty, not base64url or given twice is refused, even on a health check")
    void webSocketProtocolTokenRefused() {
        for (List<String> headers : List.of(List.of(protocol("wrong")), List.of(BearerTokenAuthenticator.WEBSOCKET_PROTOCOL_PREFIX),
                List.of(BearerTokenAuthenticator.WEBSOCKET_PROTOCOL_PREFIX + "not*base64"),
                List.of(protocol(TOKEN) + "," + protocol(TOKEN)))) {
            assertThat(authenticator.authenticateWebSocket("/api/v1/namespaces", headers)).as("%s", headers).isEmpty();
            assertThat(authenticator.authenticateWebSocket("/healthz", headers)).as("%s", headers).isEmpty();
        }
    }

    @Test
    @DisplayName("a WebSocket without a token subprotocol has no credentials: anonymous on the health checks only")
    void webSocketWithoutProtocolToken() {
        assertThat(authenticator.authenticateWebSocket("/api/v1/namespaces", List.of())).isEmpty();
        assertThat(authenticator.authenticateWebSocket("/api/v1/namespaces", List.of("v4.channel.k8s.io"))).isEmpty();
        assertThat(authenticator.authenticateWebSocket("/healthz", List.of())).contains(BearerTokenAuthenticator.ANONYMOUS);
    }
}

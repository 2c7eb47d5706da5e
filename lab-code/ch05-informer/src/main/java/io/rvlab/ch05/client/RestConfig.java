package io.rvlab.ch05.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * Where an API server is and how to talk to it (client-go's {@code rest.Config}): its URL, the TLS
 * trust and client certificate to use, and a bearer token. The course's own server needs only a
 * URL; a real cluster's comes from a kubeconfig file.
 *
 * @param server the API server's base URL, such as {@code http://127.0.0.1:6443/}
 * @param sslContext for an https server: whom to trust and which client certificate to show; null for http
 * @param bearerToken sent as {@code Authorization: Bearer ...}, or null
 */
public record RestConfig(URI server, SSLContext sslContext, String bearerToken) {

    /** The course's own server: plain http, no credentials. */
    public static RestConfig forUrl(URI server) {
        return new RestConfig(server, null, null);
    }

    /** An HTTP client for this server (HTTP/1.1, as kube-apiserver's watch streams are read here). */
    public HttpClient httpClient() {
        HttpClient.Builder builder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10));
        if (sslContext != null) {
            builder.sslContext(sslContext);
        }
        return builder.build();
    }

    /** A request to {@code pathAndQuery} on this server, with the headers every call carries. */
    public HttpRequest.Builder request(String pathAndQuery) {
        String base = server.toString().endsWith("/") ? server.toString() : server + "/";
        String relative = pathAndQuery.startsWith("/") ? pathAndQuery.substring(1) : pathAndQuery;
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + relative))
                .header("Accept", "application/json")
                .header("User-Agent", "rvlab-client/1.0");
        if (bearerToken != null) {
            builder.header("Authorization", "Bearer " + bearerToken);
        }
        return builder;
    }
}

package io.rvlab.ch05.client;

import java.io.IOException;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * Where an API server is and how to talk to it (client-go's {@code rest.Config}): its URL, the TLS
 * trust and client certificate to use, and a bearer token. The course's own server needs only a
 * URL; a real cluster's comes from a kubeconfig file ({@link #fromKubeconfig}).
 *
 * @param server the API server's base URL, such as {@code http://127.0.0.1:6443/}
 * @param sslContext for an https server: whom to trust and which client certificate to show; null for http
 * @param bearerToken sent as {@code Authorization: Bearer ...}, or null
 * @param namespace the kubeconfig context's namespace ({@code default} when it names none)
 */
public record RestConfig(URI server, SSLContext sslContext, String bearerToken, String namespace) {

    public RestConfig {
        namespace = namespace == null || namespace.isEmpty() ? "default" : namespace;
    }

    public RestConfig(URI server, SSLContext sslContext, String bearerToken) {
        this(server, sslContext, bearerToken, null);
    }

    /** The course's own server: plain http, no credentials. */
    public static RestConfig forUrl(URI server) {
        return new RestConfig(server, null, null);
    }

    // tag::kubeconfig[]
    /**
     * The cluster and user of a kubeconfig {@code context} (null: its {@code current-context}), as
     * {@code kubectl --kubeconfig file --context context} would use them.
     *
     * @throws IOException if the file, or a file it points to, cannot be read
     * @throws IllegalArgumentException if the context is unknown, or the file asks for what rvlab
     *         does not support (exec and auth-provider plugins)
     */
    public static RestConfig fromKubeconfig(Path file, String context) throws IOException {
        return Kubeconfig.load(file).restConfig(context);
    }

    /** The current context of {@code $KUBECONFIG}'s first entry, or else of {@code ~/.kube/config} (kubectl's default). */
    public static RestConfig fromDefaultKubeconfig() throws IOException {
        return fromKubeconfig(defaultKubeconfig(System.getenv("KUBECONFIG"), System.getProperty("user.home")), null);
    }
    // end::kubeconfig[]

    /** The file kubectl reads: the first entry of {@code $KUBECONFIG} if it is set, else {@code ~/.kube/config}. */
    static Path defaultKubeconfig(String kubeconfigVariable, String home) {
        if (kubeconfigVariable != null) {
            for (String entry : kubeconfigVariable.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    return Path.of(entry.strip());
                }
            }
        }
        return Path.of(home, ".kube", "config");
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

    /** Leaves the token out, so a config can be logged. */
    @Override
    public String toString() {
        return "RestConfig[server=" + server + ", tls=" + (sslContext != null) + ", token="
                + (bearerToken == null ? "none" : "***") + ", namespace=" + namespace + "]";
    }
}

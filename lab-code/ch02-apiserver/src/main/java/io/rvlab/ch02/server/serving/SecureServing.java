package io.rvlab.ch02.server.serving;

import io.rvlab.ch02.server.authn.BearerTokenAuthenticator;
import io.rvlab.ch02.server.authn.TokenFile;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.PfxOptions;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything {@code ./course serve --tls} serves with, prepared before the server listens: the
 * serving certificate (made or reused under {@code <state>/pki/}), the bearer token (made or reused
 * in {@code <state>/token}) and the authenticator that checks it. Once the server listens and its
 * URL is known, {@link #writeKubeconfig} writes {@code <state>/kubeconfig} for kubectl.
 *
 * <p>kube-apiserver keeps the same three things apart in its options
 * (k8s.io/apiserver pkg/server/options serving.go SecureServingOptions, and
 * pkg/kubeapiserver/options authentication.go for {@code --token-auth-file}); here one directory
 * holds them all, so deleting it starts afresh.
 *
 * @param stateDir the directory that holds {@code pki/}, {@code token} and {@code kubeconfig} ({@code .rvlab})
 * @param servingCertKey the certificate, key and CA to serve HTTPS with
 * @param token the bearer token clients must send
 * @param authenticator checks each request's token: the first step of every request
 */
public record SecureServing(Path stateDir, ServingCertKey servingCertKey, String token,
        BearerTokenAuthenticator authenticator) {

    /** The CA, certificates and keys of the course, under the state directory. */
    public static final String PKI_DIR = "pki";
    public static final String TOKEN_FILE = "token";
    public static final String KUBECONFIG_FILE = "kubeconfig";

    /** Makes or reuses the certificates (naming what clients of {@code bindAddress} dial) and the token in {@code stateDir}. */
    public static SecureServing prepare(Path stateDir, String bindAddress) {
        ServingCertKey certKey = new ServingCertificates(stateDir.resolve(PKI_DIR)).ensure(AlternateNames.forBindAddress(bindAddress));
        String token = TokenFile.loadOrCreate(stateDir.resolve(TOKEN_FILE));
        return new SecureServing(stateDir, certKey, token, new BearerTokenAuthenticator(token));
    }

    /** Writes {@code <state>/kubeconfig} for the server at {@code server} (https) and returns its path. */
    public Path writeKubeconfig(URI server) {
        return AdminKubeconfig.write(kubeconfig(), server, servingCertKey.caPem(), token);
    }

    public Path kubeconfig() {
        return stateDir.resolve(KUBECONFIG_FILE);
    }

    public Path tokenFile() {
        return stateDir.resolve(TOKEN_FILE);
    }

    // tag::tls-options[]
    /**
     * HTTPS with the course's serving certificate, and ALPN offering HTTP/2 first, then HTTP/1.1, as
     * kube-apiserver's secure serving does (k8s.io/apiserver pkg/server secure_serving.go sets
     * NextProtos to h2 and http/1.1): kubectl and client-go speak HTTP/2 to it, curl --http1.1 and
     * older clients HTTP/1.1, on one port. HTTP/2 without TLS (h2c) is not offered on it. The API server
     * calls it on the options of the HTTP server it is about to start.
     */
    public void configure(HttpServerOptions options) {
        options.setSsl(true)
                .setKeyCertOptions(new PfxOptions()
                        .setPath(servingCertKey.keystore().toString())
                        .setPassword(servingCertKey.keystorePassword()))
                .setUseAlpn(true)
                .setAlpnVersions(List.of(HttpVersion.HTTP_2, HttpVersion.HTTP_1_1))
                .setHttp2ClearTextEnabled(false);
    }
    // end::tls-options[]

    /** Leaves the token out, so it can be logged. */
    @Override
    public String toString() {
        return "SecureServing[stateDir=" + stateDir + ", cert=" + servingCertKey.certFile() + ", token=***]";
    }
}

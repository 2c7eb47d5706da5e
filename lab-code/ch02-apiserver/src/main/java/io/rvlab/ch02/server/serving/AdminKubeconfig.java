package io.rvlab.ch02.server.serving;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * A kubeconfig for the course's HTTPS server, as kubeadm writes {@code admin.conf} for a new
 * cluster (cmd/kubeadm/app/util/kubeconfig kubeconfig.go, CreateWithToken): one cluster with the
 * server's URL and its CA, one user with the bearer token, one context joining them, made current.
 * kubectl, client-go and chapter 5's {@code RestConfig.fromKubeconfig} read it unchanged:
 * {@code kubectl --kubeconfig .rvlab/kubeconfig get ns}.
 *
 * <p>The CA goes in as {@code certificate-authority-data} (base64 of the PEM), not as a file name,
 * so the kubeconfig can be copied to another machine alone. It holds the token, so it is written
 * with mode 0600, as kubeadm writes {@code admin.conf}.
 */
public final class AdminKubeconfig {

    public static final String CLUSTER = "rvlab";
    public static final String USER = "rvlab-admin";
    public static final String CONTEXT = USER + "@" + CLUSTER;

    /** The values are written as plain YAML scalars, so each must be one a YAML reader takes as it is. */
    private static final Pattern PLAIN_TOKEN = Pattern.compile("[A-Za-z0-9._~+/=-]+");

    private AdminKubeconfig() {
    }

    // tag::render[]
    /** The kubeconfig text for {@code server} (https), trusting {@code caPem}, authenticating with {@code token}. */
    public static String render(URI server, String caPem, String token) {
        if (!"https".equals(server.getScheme()) || server.getHost() == null) {
            throw new IllegalArgumentException("a kubeconfig with a CA and a token is for an https server, not " + server);
        }
        if (!PLAIN_TOKEN.matcher(token).matches()) {
            throw new IllegalArgumentException("the token holds characters a kubeconfig would have to quote");
        }
        String caData = Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII));
        return """
                apiVersion: v1
                kind: Config
                clusters:
                - name: %1$s
                  cluster:
                    server: %4$s
                    certificate-authority-data: %5$s
                users:
                - name: %2$s
                  user:
                    token: %6$s
                contexts:
                - name: %3$s
                  context:
                    cluster: %1$s
                    user: %2$s
                current-context: %3$s
                preferences: {}
                """.formatted(CLUSTER, USER, CONTEXT, server, caData, token);
    }
    // end::render[]

    /** Writes {@link #render} to {@code file} (mode 0600) and returns the file. */
    public static Path write(Path file, URI server, String caPem, String token) {
        try {
            PrivateFiles.write(file, render(server, caPem, token).getBytes(StandardCharsets.UTF_8));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the kubeconfig " + file + ": " + e.getMessage(), e);
        }
    }
}

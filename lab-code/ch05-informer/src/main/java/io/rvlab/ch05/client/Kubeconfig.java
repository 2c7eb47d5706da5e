package io.rvlab.ch05.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.net.URI;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A kubeconfig file (client-go's {@code clientcmd}): named clusters, users and contexts, each
 * context pairing a cluster with a user. Only what a {@link RestConfig} needs is read: a cluster's
 * {@code server}, {@code certificate-authority[-data]} and {@code insecure-skip-tls-verify}; a
 * user's {@code token}, {@code tokenFile}, {@code client-certificate[-data]} and
 * {@code client-key[-data]}. Relative file names are relative to the kubeconfig's directory, as in
 * kubectl. Not supported: exec and auth-provider plugins (cloud logins), basic auth,
 * {@code tls-server-name}, proxies, and merging several files.
 */
final class Kubeconfig {

    private static final YAMLMapper YAML = new YAMLMapper();

    private final Path file;
    private final JsonNode root;

    private Kubeconfig(Path file, JsonNode root) {
        this.file = file;
        this.root = root;
    }

    static Kubeconfig load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no kubeconfig file there");
        }
        JsonNode root = YAML.readTree(file.toFile());
        if (root == null || !root.isObject()) {
            throw new IOException(file + ": not a kubeconfig (expected a YAML mapping)");
        }
        return new Kubeconfig(file, root);
    }

    /** The RestConfig of {@code contextName}, or of the current context when it is null or empty. */
    RestConfig restConfig(String contextName) throws IOException {
        String name = contextName == null || contextName.isEmpty() ? root.path("current-context").asText("") : contextName;
        if (name.isEmpty()) {
            throw new IllegalArgumentException(file + ": no context given and no current-context set");
        }
        JsonNode context = named("contexts", "context", name, "context");
        JsonNode cluster = named("clusters", "cluster", context.path("cluster").asText(""), "cluster of context " + name);
        JsonNode user = context.path("user").asText("").isEmpty() ? YAML.createObjectNode()
                : named("users", "user", context.path("user").asText(), "user of context " + name);
        rejectUnsupported(user, name);

        String server = cluster.path("server").asText("");
        if (server.isEmpty()) {
            throw new IllegalArgumentException(file + ": the cluster of context " + name + " has no server");
        }
        URI uri = URI.create(server);
        SSLContext ssl = "https".equalsIgnoreCase(uri.getScheme()) ? sslContext(cluster, user, name) : null;
        return new RestConfig(uri, ssl, token(user), context.path("namespace").asText(null));
    }

    /** The entry {@code name} of the list {@code listField} ({@code - name: ..., <field>: {...}}). */
    private JsonNode named(String listField, String field, String name, String what) {
        for (JsonNode entry : root.path(listField)) {
            if (name.equals(entry.path("name").asText())) {
                return entry.path(field);
            }
        }
        List<String> known = new ArrayList<>();
        root.path(listField).forEach(entry -> known.add(entry.path("name").asText()));
        throw new IllegalArgumentException(file + ": no " + field + " named \"" + name + "\" (the " + what
                + "); " + listField + " in the file: " + known);
    }

    private void rejectUnsupported(JsonNode user, String context) {
        for (String plugin : List.of("exec", "auth-provider")) {
            if (user.hasNonNull(plugin)) {
                throw new IllegalArgumentException(file + ": the user of context " + context + " logs in with an "
                        + plugin + " plugin, which is not supported by rvlab, use a token (for example a"
                        + " ServiceAccount's, from kubectl create token) or a client certificate");
            }
        }
        if (user.hasNonNull("username") || user.hasNonNull("password")) {
            throw new IllegalArgumentException(file + ": basic auth (username/password) in context " + context
                    + " is not supported by rvlab, use a token");
        }
    }

    /** {@code token} wins over {@code tokenFile}, as in client-go. The file is read once, here. */
    private String token(JsonNode user) throws IOException {
        String token = user.path("token").asText("");
        if (!token.isEmpty()) {
            return token;
        }
        String tokenFile = user.path("tokenFile").asText("");
        return tokenFile.isEmpty() ? null : Files.readString(resolve(tokenFile), StandardCharsets.UTF_8).strip();
    }

    private SSLContext sslContext(JsonNode cluster, JsonNode user, String context) throws IOException {
        byte[] ca = bytes(cluster, "certificate-authority");
        boolean insecure = cluster.path("insecure-skip-tls-verify").asBoolean(false);
        if (insecure && ca != null) {
            // client-go refuses this pair too: trusting a CA and trusting anything contradict each other
            throw new IllegalArgumentException(file + ": context " + context
                    + " names a certificate authority and insecure-skip-tls-verify; use one of them");
        }
        byte[] cert = bytes(user, "client-certificate");
        byte[] key = bytes(user, "client-key");
        if ((cert == null) != (key == null)) {
            throw new IllegalArgumentException(file + ": the user of context " + context
                    + " needs both client-certificate and client-key, or neither");
        }
        try {
            TrustManager[] trust = insecure ? new TrustManager[] {new TrustAnything()} : caTrust(ca);
            KeyManager[] keys = cert == null ? null : clientKeys(Pem.certificates(cert), Pem.privateKey(key));
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(keys, trust, new SecureRandom());
            return ssl;
        } catch (GeneralSecurityException e) {
            throw new IOException(file + ": cannot set up TLS for context " + context + ": " + e.getMessage(), e);
        }
    }

    /** Trust the kubeconfig's CA only, or the JDK's default CAs when it names none. */
    private static TrustManager[] caTrust(byte[] caPem) throws GeneralSecurityException, IOException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        if (caPem == null) {
            factory.init((KeyStore) null);
        } else {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int i = 0;
            for (X509Certificate ca : Pem.certificates(caPem)) {
                store.setCertificateEntry("ca-" + i++, ca);
            }
            factory.init(store);
        }
        return factory.getTrustManagers();
    }

    private static KeyManager[] clientKeys(List<X509Certificate> chain, PrivateKey key)
            throws GeneralSecurityException, IOException {
        char[] password = new char[0];
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("client", key, password, chain.toArray(new Certificate[0]));
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(store, password);
        return factory.getKeyManagers();
    }

    /** {@code <field>-data} (base64 of the PEM), else the PEM file {@code <field>}, else null. */
    private byte[] bytes(JsonNode node, String field) throws IOException {
        String data = node.path(field + "-data").asText("");
        if (!data.isEmpty()) {
            try {
                return Base64.getDecoder().decode(data.replaceAll("\\s", ""));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + field + "-data is not base64: " + e.getMessage(), e);
            }
        }
        String path = node.path(field).asText("");
        return path.isEmpty() ? null : Files.readAllBytes(resolve(path));
    }

    private Path resolve(String path) {
        Path p = Path.of(path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path);
        Path dir = file.toAbsolutePath().getParent();
        return p.isAbsolute() || dir == null ? p : dir.resolve(p);
    }

    /**
     * {@code insecure-skip-tls-verify}: any certificate, any host name. Being an extended trust
     * manager, it also replaces the JDK's host name check, which is what "insecure" asks for.
     */
    private static final class TrustAnything extends X509ExtendedTrustManager {
        @Override public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) { }
        @Override public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) { }
        @Override public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) { }
        @Override public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) { }
        @Override public void checkClientTrusted(X509Certificate[] chain, String authType) { }
        @Override public void checkServerTrusted(X509Certificate[] chain, String authType) { }
        @Override public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}

package io.rvlab.ch05.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * A kubeconfig for an https server with a self-signed certificate (made by keytool, as a
 * cluster's CA would be): its CA is trusted from a file or from base64 data, insecure-skip-tls-verify
 * trusts anything, and client certificates are shown with their keys in every PEM form kubeconfigs
 * carry. The server echoes the client certificate's subject it verified.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@DisplayName("RestConfig from a kubeconfig over TLS: CA, insecure, client certificates")
class TlsKubeconfigTest {

    private static final char[] PASSWORD = "changeit".toCharArray();

    private Path dir;
    private HttpsServer server;
    private String url;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createTempDirectory("rvlab-tls");
        keytool("-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=rvlab-server",
                "-ext", "san=ip:127.0.0.1,dns:localhost", "-validity", "2", "-keystore", "server.p12");
        keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", "server.p12", "-file", "server.pem");
        keytool("-genkeypair", "-alias", "client", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=rvlab-rsa-client",
                "-validity", "2", "-keystore", "client-rsa.p12");
        keytool("-genkeypair", "-alias", "client", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=rvlab-ec-client", "-validity", "2", "-keystore", "client-ec.p12");

        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("rsa", keystore("client-rsa.p12").getCertificate("client"));
        trusted.setCertificateEntry("ec", keystore("client-ec.p12").getCertificate("client"));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keystore("server.p12"), PASSWORD);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);

        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(ssl) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters parameters = ssl.getDefaultSSLParameters();
                parameters.setWantClientAuth(true); // as kube-apiserver: a certificate if the client has one
                params.setSSLParameters(parameters);
            }
        });
        server.createContext("/", exchange -> {
            String client;
            try {
                client = ((HttpsExchange) exchange).getSSLSession().getPeerPrincipal().getName();
            } catch (SSLPeerUnverifiedException e) {
                client = "anonymous";
            }
            String auth = String.valueOf(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = ("{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"x\","
                    + "\"annotations\":{\"client\":\"" + client + "\",\"auth\":\"" + auth + "\"}}}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        url = "https://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(Arrays.asList(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", new String(PASSWORD), "-noprompt"));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("keytool %s: %s", args[0], output).isZero();
    }

    private KeyStore keystore(String name) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(dir.resolve(name).toFile())) {
            store.load(in, PASSWORD);
        }
        return store;
    }

    private String annotations(String kubeconfig) throws IOException {
        Path file = dir.resolve("config-" + System.nanoTime());
        Files.writeString(file, kubeconfig);
        var metadata = new RestClient(RestConfig.fromKubeconfig(file, null)).get("/api/v1/namespaces/x").path("metadata");
        return metadata.path("annotations").path("client").asText() + " " + metadata.path("annotations").path("auth").asText();
    }

    private String config(String clusterExtra, String user) {
        return KubeconfigTest.kubeconfig(url, user).replace("server: " + url, "server: " + url + "\n    " + clusterExtra);
    }

    private String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    private String b64(String text) {
        return KubeconfigTest.base64(text);
    }

    // tag::tls-kubeconfig-test[]
    @Test
    @DisplayName("the cluster's CA from certificate-authority-data or a certificate-authority file (relative to the kubeconfig) is trusted, with a token")
    void trustedCa() throws IOException {
        String caPem = Files.readString(dir.resolve("server.pem"));

        assertThat(annotations(config("certificate-authority-data: " + b64(caPem), "token: secret")))
                .isEqualTo("anonymous Bearer secret");
        assertThat(annotations(config("certificate-authority: server.pem", "token: secret")))
                .isEqualTo("anonymous Bearer secret");
    }
    // end::tls-kubeconfig-test[]

    @Test
    @DisplayName("without the CA the self-signed server is refused; insecure-skip-tls-verify accepts it; both together are refused")
    void insecure() throws IOException {
        assertThatThrownBy(() -> annotations(config("", "token: t")))
                .as("the JDK's default CAs do not know it").isInstanceOf(UncheckedIOException.class);
        assertThat(annotations(config("insecure-skip-tls-verify: true", "token: t"))).isEqualTo("anonymous Bearer t");
        String caPem = Files.readString(dir.resolve("server.pem"));
        assertThatThrownBy(() -> annotations(config("insecure-skip-tls-verify: true\n    certificate-authority-data: "
                + b64(caPem), "token: t"))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("insecure");
    }

    @Test
    @DisplayName("a client certificate with an RSA key in PKCS#8 (PRIVATE KEY) or PKCS#1 (RSA PRIVATE KEY, kind's) form, as data or files")
    void rsaClientCertificate() throws Exception {
        KeyStore client = keystore("client-rsa.p12");
        String cert = pem("CERTIFICATE", client.getCertificate("client").getEncoded());
        byte[] pkcs8 = client.getKey("client", PASSWORD).getEncoded();
        byte[] pkcs1 = Der.children(pkcs8).get(2).content(); // PrivateKeyInfo's privateKey OCTET STRING
        String ca = "certificate-authority: server.pem";

        assertThat(annotations(config(ca, "client-certificate-data: " + b64(cert) + "\nclient-key-data: "
                + b64(pem("PRIVATE KEY", pkcs8))))).isEqualTo("CN=rvlab-rsa-client null");
        assertThat(annotations(config(ca, "client-certificate-data: " + b64(cert) + "\nclient-key-data: "
                + b64(pem("RSA PRIVATE KEY", pkcs1))))).isEqualTo("CN=rvlab-rsa-client null");

        Files.writeString(dir.resolve("client.crt"), cert);
        Files.writeString(dir.resolve("client.key"), pem("RSA PRIVATE KEY", pkcs1));
        assertThat(annotations(config(ca, "client-certificate: client.crt\nclient-key: client.key")))
                .isEqualTo("CN=rvlab-rsa-client null");
    }

    @Test
    @DisplayName("a client certificate with an EC key in PKCS#8 or SEC1 (EC PRIVATE KEY, k3s') form")
    void ecClientCertificate() throws Exception {
        KeyStore client = keystore("client-ec.p12");
        String cert = pem("CERTIFICATE", client.getCertificate("client").getEncoded());
        byte[] pkcs8 = client.getKey("client", PASSWORD).getEncoded();
        // openssl's SEC1 form carries the curve ([0] parameters), which the JDK keeps in PKCS#8's algorithm
        List<Der> algorithm = Der.children(Der.children(pkcs8).get(1).encoded());
        byte[] sec1 = Der.sequence(Der.children(Der.children(pkcs8).get(2).content()), Der.tlv(0xa0, algorithm.get(1).encoded()));
        String ca = "certificate-authority: server.pem";

        assertThat(annotations(config(ca, "client-certificate-data: " + b64(cert) + "\nclient-key-data: "
                + b64(pem("PRIVATE KEY", pkcs8))))).isEqualTo("CN=rvlab-ec-client null");
        assertThat(annotations(config(ca, "client-certificate-data: " + b64(cert) + "\nclient-key-data: "
                + b64(pem("EC PRIVATE KEY", sec1))))).isEqualTo("CN=rvlab-ec-client null");
    }

    @Test
    @DisplayName("a certificate without its key, or an encrypted key, is a clear error")
    void incompleteClientCredentials() throws Exception {
        String cert = pem("CERTIFICATE", keystore("client-rsa.p12").getCertificate("client").getEncoded());
        String ca = "certificate-authority: server.pem";
        assertThatThrownBy(() -> annotations(config(ca, "client-certificate-data: " + b64(cert))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("client-key");
        assertThatThrownBy(() -> annotations(config(ca, "client-certificate-data: " + b64(cert) + "\nclient-key-data: "
                + b64(pem("ENCRYPTED PRIVATE KEY", new byte[] {1, 2, 3})))))
                .isInstanceOf(IOException.class).hasMessageContaining("encrypted");
    }

    /** Just enough DER to take keys apart in a test. */
    record Der(int tag, byte[] encoded, byte[] content) {

        static List<Der> children(byte[] sequence) {
            Der outer = read(sequence, 0);
            List<Der> children = new ArrayList<>();
            int position = 0;
            while (position < outer.content.length) {
                Der child = read(outer.content, position);
                children.add(child);
                position += child.encoded.length;
            }
            return children;
        }

        static Der read(byte[] bytes, int offset) {
            int length = bytes[offset + 1] & 0xff;
            int header = 2;
            if (length >= 0x80) {
                int n = length & 0x7f;
                length = 0;
                for (int i = 0; i < n; i++) {
                    length = (length << 8) | (bytes[offset + 2 + i] & 0xff);
                }
                header += n;
            }
            return new Der(bytes[offset] & 0xff, Arrays.copyOfRange(bytes, offset, offset + header + length),
                    Arrays.copyOfRange(bytes, offset + header, offset + header + length));
        }

        static byte[] sequence(List<Der> children, byte[] extra) {
            ByteArrayOutputStream content = new ByteArrayOutputStream();
            children.forEach(child -> content.writeBytes(child.encoded));
            content.writeBytes(extra);
            return tlv(0x30, content.toByteArray());
        }

        static byte[] tlv(int tag, byte[] content) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(tag);
            if (content.length < 0x80) {
                out.write(content.length);
            } else {
                out.write(0x82);
                out.write(content.length >>> 8);
                out.write(content.length);
            }
            out.writeBytes(content);
            return out.toByteArray();
        }
    }

}

package io.rvlab.ch02.server.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The course CA and serving certificate, made by keytool into a directory: what they hold, that a
 * TLS client trusting the CA accepts the server by 127.0.0.1 and localhost, and when they are
 * reused or made again. One set is made for the class (keytool takes a few seconds); tests that
 * change it work on a copy.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@DisplayName("ServingCertificates: a course CA and a serving certificate, made with keytool, reused while valid")
class ServingCertificatesTest {

    private Path pki;
    private ServingCertKey first;

    @BeforeAll
    void generate() throws IOException {
        pki = Files.createTempDirectory("rvlab-pki").resolve("pki");
        first = new ServingCertificates(pki).ensure(AlternateNames.loopback());
    }

    @Test
    @DisplayName("made once: a CA (10 years, CA:true) and a serving certificate it signed (1 year, serverAuth, localhost and 127.0.0.1)")
    void contents() throws Exception {
        X509Certificate ca = first.ca();
        X509Certificate serving = first.certificate();
        Instant now = Instant.now();

        assertThat(first.generated()).isTrue();
        assertThat(ca.getBasicConstraints()).as("a CA").isGreaterThanOrEqualTo(0);
        assertThat(ca.getSubjectX500Principal().getName()).startsWith("CN=rvlab-ca@");
        assertThat(ca.getKeyUsage()[5]).as("keyCertSign").isTrue();
        assertThat(Duration.between(now, ca.getNotAfter().toInstant()).toDays()).isBetween(3640L, 3650L);

        serving.verify(ca.getPublicKey());
        assertThat(serving.getBasicConstraints()).as("not a CA").isEqualTo(-1);
        assertThat(serving.getSubjectX500Principal().getName()).startsWith("CN=rvlab-apiserver@");
        assertThat(serving.getIssuerX500Principal()).isEqualTo(ca.getSubjectX500Principal());
        assertThat(serving.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1"); // serverAuth
        assertThat(ServingCertificates.alternateNames(serving)).isEqualTo(AlternateNames.loopback());
        assertThat(serving.getNotBefore().toInstant()).as("backdated an hour for clocks a little behind")
                .isBefore(now.minus(Duration.ofMinutes(50)));
        assertThat(Duration.between(now, serving.getNotAfter().toInstant()).toDays()).isBetween(360L, 365L);
    }

    @Test
    @DisplayName("the files: PEM chain (certificate then CA), PKCS#8 key matching it, CA PEM; keys 0600 in a 0700 directory")
    void files() throws Exception {
        assertThat(first.certFile()).isEqualTo(pki.resolve("apiserver.crt"));
        List<X509Certificate> chain = certificates(first.certFile());
        assertThat(chain).containsExactly(first.certificate(), first.ca());
        assertThat(certificates(first.caFile())).containsExactly(first.ca());
        assertThat(first.caPem()).startsWith("-----BEGIN CERTIFICATE-----\n").endsWith("-----END CERTIFICATE-----\n");

        String keyPem = Files.readString(first.keyFile());
        assertThat(keyPem).startsWith("-----BEGIN PRIVATE KEY-----\n");
        PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getMimeDecoder()
                .decode(keyPem.replaceAll("-----[A-Z ]+-----", ""))));
        Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(key);
        signer.update(new byte[] {1, 2, 3});
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(first.certificate());
        verifier.update(new byte[] {1, 2, 3});
        assertThat(verifier.verify(signer.sign())).as("the key file's key is the certificate's").isTrue();

        assertThat(mode(pki)).isEqualTo("rwx------");
        for (String secret : List.of("apiserver.key", "apiserver.p12", "ca.p12")) {
            assertThat(mode(pki.resolve(secret))).as(secret).isEqualTo("rw-------");
        }
        try (Stream<Path> listed = Files.list(pki)) {
            assertThat(listed.map(p -> p.getFileName().toString()))
                    .as("no request or temporary file is left").containsExactlyInAnyOrder(
                            "ca.p12", "ca.crt", "apiserver.p12", "apiserver.crt", "apiserver.key");
        }
    }

    @Test
    @DisplayName("a TLS client trusting the CA accepts the server at https://127.0.0.1 and https://localhost, with HTTP/2 offered")
    void handshake() throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(first.loadKeyStore(), first.keystorePassword().toCharArray());
        SSLContext serverContext = SSLContext.getInstance("TLS");
        serverContext.init(keys.getKeyManagers(), null, null);
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext));
        server.createContext("/", exchange -> {
            byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            int port = server.getAddress().getPort();
            HttpClient trusting = HttpClient.newBuilder().sslContext(first.clientContext()).build();
            for (String host : List.of("127.0.0.1", "localhost")) {
                HttpResponse<String> response = trusting.send(HttpRequest.newBuilder(URI.create("https://" + host + ":" + port + "/")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.body()).as(host).isEqualTo("ok");
            }
            HttpClient defaultTrust = HttpClient.newHttpClient();
            assertThatThrownBy(() -> defaultTrust.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/")).build(),
                    HttpResponse.BodyHandlers.ofString())).as("the JDK's CAs do not know the course CA")
                    .isInstanceOf(SSLHandshakeException.class);
        } finally {
            server.stop(0);
        }
    }

    @Test
    @DisplayName("reused: a second start finds both valid and makes nothing, not even a file write")
    void reused() throws Exception {
        Instant written = Files.getLastModifiedTime(first.keyFile()).toInstant();
        ServingCertKey again = new ServingCertificates(pki).ensure(AlternateNames.loopback());

        assertThat(again.generated()).isFalse();
        assertThat(again.certificate()).isEqualTo(first.certificate());
        assertThat(again.ca()).isEqualTo(first.ca());
        assertThat(Files.getLastModifiedTime(first.keyFile()).toInstant()).isEqualTo(written);
    }

    @Test
    @DisplayName("a new address (bound beyond loopback): a new serving certificate naming it, signed by the same CA")
    void newNames() throws Exception {
        Path copy = copyOfPki();
        AlternateNames wider = new AlternateNames(Set.of("localhost", "lab.example"), Set.of("127.0.0.1", "192.0.2.7"));

        ServingCertKey widened = new ServingCertificates(copy).ensure(wider);
        assertThat(widened.generated()).isTrue();
        assertThat(widened.ca()).as("the CA is kept, so kubeconfigs handed out stay valid").isEqualTo(first.ca());
        assertThat(ServingCertificates.alternateNames(widened.certificate())).isEqualTo(wider);
        widened.certificate().verify(first.ca().getPublicKey());

        ServingCertKey narrower = new ServingCertificates(copy).ensure(AlternateNames.loopback());
        assertThat(narrower.generated()).as("a certificate naming more serves loopback too").isFalse();
        assertThat(narrower.certificate()).isEqualTo(widened.certificate());
    }

    @Test
    @DisplayName("about to expire: the serving certificate 30 days before its end (same CA); the CA 30 days before its own (both new)")
    void renewed() throws Exception {
        Path copy = copyOfPki();
        Clock in340Days = Clock.fixed(Instant.now().plus(Duration.ofDays(340)), ZoneOffset.UTC);
        ServingCertKey renewed = new ServingCertificates(copy, in340Days).ensure(AlternateNames.loopback());
        assertThat(renewed.generated()).isTrue();
        assertThat(renewed.certificate()).isNotEqualTo(first.certificate());
        assertThat(renewed.ca()).isEqualTo(first.ca());

        Clock in3630Days = Clock.fixed(Instant.now().plus(Duration.ofDays(3630)), ZoneOffset.UTC);
        ServingCertKey newCa = new ServingCertificates(copy, in3630Days).ensure(AlternateNames.loopback());
        assertThat(newCa.ca()).isNotEqualTo(first.ca());
        newCa.certificate().verify(newCa.ca().getPublicKey());
        assertThat(certificates(newCa.caFile())).containsExactly(newCa.ca());
    }

    @Test
    @DisplayName("damaged or foreign files are replaced: a truncated keystore, a serving certificate from another CA")
    void damaged() throws Exception {
        Path copy = copyOfPki();
        Files.write(copy.resolve("apiserver.p12"), new byte[] {0x30, 0x03});
        ServingCertKey repaired = new ServingCertificates(copy).ensure(AlternateNames.loopback());
        assertThat(repaired.generated()).isTrue();
        assertThat(repaired.ca()).isEqualTo(first.ca());

        Path other = copyOfPki();
        Files.delete(other.resolve("ca.p12")); // a new CA: the old serving certificate is not its
        ServingCertKey resigned = new ServingCertificates(other).ensure(AlternateNames.loopback());
        assertThat(resigned.ca()).isNotEqualTo(first.ca());
        resigned.certificate().verify(resigned.ca().getPublicKey());
    }

    private Path copyOfPki() throws IOException {
        Path copy = Files.createTempDirectory("rvlab-pki-copy").resolve("pki");
        Files.createDirectory(copy);
        try (Stream<Path> files = Files.list(pki)) {
            for (Path file : files.toList()) {
                Files.copy(file, copy.resolve(file.getFileName()));
            }
        }
        return copy;
    }

    private static List<X509Certificate> certificates(Path pem) throws Exception {
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        return factory.generateCertificates(new ByteArrayInputStream(Files.readAllBytes(pem))).stream()
                .map(X509Certificate.class::cast).toList();
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}

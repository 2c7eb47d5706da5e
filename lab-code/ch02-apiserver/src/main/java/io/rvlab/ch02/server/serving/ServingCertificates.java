package io.rvlab.ch02.server.serving;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The course's own certificate authority and the API server's serving certificate signed by it,
 * kept in one directory ({@code ./course serve --tls} uses {@code .rvlab/pki/}) and reused from run
 * to run, so a kubeconfig written once keeps working.
 *
 * <p>kube-apiserver started without {@code --tls-cert-file} does much the same: it makes a CA and a
 * serving certificate signed by it and writes them to {@code --cert-dir} as {@code apiserver.crt}
 * and {@code apiserver.key}, reusing them when present (k8s.io/apiserver pkg/server/options
 * serving.go; the certificates come from k8s.io/client-go util/cert cert.go,
 * GenerateSelfSignedCertKey). The same shape here: RSA 2048 keys, a CA named
 * {@code rvlab-ca@<unix time>} and a certificate named {@code rvlab-apiserver@<unix time>}, both
 * valid from an hour ago so that a clock a little behind does not reject them. Unlike client-go's,
 * the CA is kept with its key and lives ten years (as kubeadm's cluster CA), so a serving
 * certificate that expires or must name a new address is signed again by the same CA, and
 * kubeconfigs already handed out stay valid.
 *
 * <p>Files in the directory (mode 0700): {@code ca.p12} (the CA's key), {@code ca.crt},
 * {@code apiserver.p12}, {@code apiserver.crt} (certificate then CA), {@code apiserver.key}. Each is
 * made with the JDK's keytool; {@code openssl x509 -in .rvlab/pki/apiserver.crt -noout -text} shows
 * what a client is shown.
 */
public final class ServingCertificates {

    public static final Duration CA_VALIDITY = Duration.ofDays(3650);
    public static final Duration SERVING_VALIDITY = Duration.ofDays(365);
    /** A certificate with less left than this is replaced, so a server started today is not cut off next week. */
    public static final Duration RENEW_BEFORE = Duration.ofDays(30);

    static final String CA_KEYSTORE = "ca.p12";
    static final String CA_CERT = "ca.crt";
    static final String SERVING_KEYSTORE = "apiserver.p12";
    static final String SERVING_CERT = "apiserver.crt";
    static final String SERVING_KEY = "apiserver.key";
    private static final String CA_ALIAS = "ca";
    private static final String SERVING_ALIAS = "apiserver";

    private final Path dir;
    private final Clock clock;
    private final Keytool keytool;

    public ServingCertificates(Path dir) {
        this(dir, Clock.systemUTC());
    }

    /** {@code clock} decides what is about to expire; the certificates themselves start at the real time. */
    ServingCertificates(Path dir, Clock clock) {
        this.dir = dir.toAbsolutePath();
        this.clock = clock;
        this.keytool = new Keytool(this.dir);
    }

    /**
     * The serving certificate and key for a server dialled by {@code names}: the ones in the
     * directory if they are there, were signed by the CA there, name at least {@code names} and
     * have more than {@link #RENEW_BEFORE} left; otherwise a new one (and a new CA, if the CA is
     * missing or itself about to expire).
     */
    public ServingCertKey ensure(AlternateNames names) {
        try {
            PrivateFiles.directory(dir);
            boolean generated = false;
            X509Certificate ca = usableCa();
            if (ca == null) {
                ca = newCa();
                generated = true;
            }
            X509Certificate[] chain = generated ? null : usableServingChain(ca, names);
            if (chain == null) {
                chain = newServingCertificate(ca, names);
                generated = true;
            }
            writePemFiles(ca, chain);
            return new ServingCertKey(dir.resolve(SERVING_KEYSTORE), Keytool.STORE_PASSWORD, SERVING_ALIAS,
                    dir.resolve(SERVING_CERT), dir.resolve(SERVING_KEY), dir.resolve(CA_CERT), chain[0], ca, generated);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the serving certificates in " + dir + ": " + e.getMessage(), e);
        }
    }

    // tag::reuse[]
    /** The CA in the directory, or null if it is missing, unreadable, not a CA or about to expire. */
    private X509Certificate usableCa() {
        X509Certificate[] chain = keyEntryChain(CA_KEYSTORE, CA_ALIAS);
        if (chain == null || chain[0].getBasicConstraints() < 0 || !fresh(chain[0])) {
            return null;
        }
        return chain[0];
    }

    /** The serving chain in the directory, or null unless {@code ca} signed it, it names {@code names} and is fresh. */
    private X509Certificate[] usableServingChain(X509Certificate ca, AlternateNames names) {
        X509Certificate[] chain = keyEntryChain(SERVING_KEYSTORE, SERVING_ALIAS);
        if (chain == null || !fresh(chain[0])) {
            return null;
        }
        try {
            chain[0].verify(ca.getPublicKey()); // signed by this CA, not by one replaced since
        } catch (GeneralSecurityException e) {
            return null;
        }
        return alternateNames(chain[0]).covers(names) ? chain : null;
    }

    /** Valid now, and still valid {@link #RENEW_BEFORE} from now. */
    private boolean fresh(X509Certificate certificate) {
        Instant now = clock.instant();
        return !certificate.getNotBefore().toInstant().isAfter(now)
                && certificate.getNotAfter().toInstant().isAfter(now.plus(RENEW_BEFORE));
    }
    // end::reuse[]

    // tag::generate[]
    private X509Certificate newCa() throws IOException {
        keytool.delete(CA_KEYSTORE, CA_CERT);
        keytool.run("-genkeypair", "-alias", CA_ALIAS, "-keyalg", "RSA", "-keysize", "2048",
                "-dname", "CN=rvlab-ca@" + Instant.now().getEpochSecond(),
                "-ext", "bc:c=ca:true,pathlen:0", "-ext", "ku:c=keyCertSign,cRLSign",
                "-startdate", "-1H", "-validity", String.valueOf(CA_VALIDITY.toDays()), "-keystore", CA_KEYSTORE);
        PrivateFiles.restrict(dir.resolve(CA_KEYSTORE));
        X509Certificate[] chain = keyEntryChain(CA_KEYSTORE, CA_ALIAS);
        if (chain == null) {
            throw new IllegalStateException("keytool made " + dir.resolve(CA_KEYSTORE) + " but it holds no CA key");
        }
        return chain[0];
    }

    /** A key pair, a request for it, the CA's signature over it with the names, and the signed chain put back with the key. */
    private X509Certificate[] newServingCertificate(X509Certificate ca, AlternateNames names) throws IOException {
        String request = "apiserver.csr";
        String signed = "apiserver-signed.pem";
        String chainFile = "apiserver-chain.pem";
        keytool.delete(SERVING_KEYSTORE, SERVING_CERT, SERVING_KEY);
        try {
            keytool.run("-genkeypair", "-alias", SERVING_ALIAS, "-keyalg", "RSA", "-keysize", "2048",
                    "-dname", "CN=rvlab-apiserver@" + Instant.now().getEpochSecond(), "-keystore", SERVING_KEYSTORE);
            PrivateFiles.restrict(dir.resolve(SERVING_KEYSTORE));
            keytool.run("-certreq", "-alias", SERVING_ALIAS, "-keystore", SERVING_KEYSTORE, "-file", request);
            keytool.run("-gencert", "-alias", CA_ALIAS, "-keystore", CA_KEYSTORE, "-infile", request, "-outfile", signed,
                    "-rfc", "-ext", names.keytoolExtension(), "-ext", "ku:c=digitalSignature,keyEncipherment",
                    "-ext", "eku=serverAuth", "-startdate", "-1H", "-validity", String.valueOf(SERVING_VALIDITY.toDays()));
            Files.writeString(dir.resolve(chainFile), Files.readString(dir.resolve(signed)) + pem("CERTIFICATE", encoded(ca)),
                    StandardCharsets.US_ASCII);
            keytool.run("-importcert", "-alias", SERVING_ALIAS, "-keystore", SERVING_KEYSTORE, "-file", chainFile);
        } finally {
            keytool.delete(request, signed, chainFile);
        }
        X509Certificate[] chain = keyEntryChain(SERVING_KEYSTORE, SERVING_ALIAS);
        if (chain == null || chain.length < 2) {
            throw new IllegalStateException("keytool made " + dir.resolve(SERVING_KEYSTORE) + " but it holds no signed key");
        }
        return chain;
    }
    // end::generate[]

    /** The PEM files a learner inspects with openssl, and a PEM-configured server reads; rewritten only when they differ. */
    private void writePemFiles(X509Certificate ca, X509Certificate[] chain) throws IOException {
        writeIfChanged(dir.resolve(CA_CERT), pem("CERTIFICATE", encoded(ca)), false);
        StringBuilder chainPem = new StringBuilder();
        for (X509Certificate certificate : chain) {
            chainPem.append(pem("CERTIFICATE", encoded(certificate)));
        }
        writeIfChanged(dir.resolve(SERVING_CERT), chainPem.toString(), false);
        writeIfChanged(dir.resolve(SERVING_KEY), pem("PRIVATE KEY", servingKey().getEncoded()), true);
    }

    private static void writeIfChanged(Path file, String content, boolean secret) throws IOException {
        if (Files.isRegularFile(file) && Files.readString(file, StandardCharsets.US_ASCII).equals(content)) {
            if (secret && !PrivateFiles.isPrivate(file)) {
                PrivateFiles.restrict(file);
            }
            return;
        }
        if (secret) {
            PrivateFiles.write(file, content.getBytes(StandardCharsets.US_ASCII));
        } else {
            Files.writeString(file, content, StandardCharsets.US_ASCII);
        }
    }

    private PrivateKey servingKey() {
        try {
            Key key = load(SERVING_KEYSTORE).getKey(SERVING_ALIAS, Keytool.STORE_PASSWORD.toCharArray());
            return (PrivateKey) key;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(dir.resolve(SERVING_KEYSTORE) + ": " + e.getMessage(), e);
        }
    }

    /** The certificate chain of a key entry, or null when the keystore or entry is missing or unreadable. */
    private X509Certificate[] keyEntryChain(String keystore, String alias) {
        if (!Files.isRegularFile(dir.resolve(keystore))) {
            return null;
        }
        try {
            KeyStore store = load(keystore);
            Certificate[] chain = store.isKeyEntry(alias) ? store.getCertificateChain(alias) : null;
            if (chain == null || chain.length == 0) {
                return null;
            }
            return Arrays.stream(chain).map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
        } catch (GeneralSecurityException | IOException | ClassCastException e) {
            return null; // made again below
        }
    }

    private KeyStore load(String keystore) throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve(keystore))) {
            store.load(in, Keytool.STORE_PASSWORD.toCharArray());
        }
        return store;
    }

    /** The DNS names and IP addresses a certificate is valid for. */
    public static AlternateNames alternateNames(X509Certificate certificate) {
        Set<String> dns = new TreeSet<>();
        Set<String> ips = new TreeSet<>();
        try {
            Collection<List<?>> names = certificate.getSubjectAlternativeNames();
            if (names != null) {
                for (List<?> name : names) {
                    int type = (Integer) name.get(0);
                    if (type == 2) {
                        dns.add(String.valueOf(name.get(1)));
                    } else if (type == 7) {
                        ips.add(String.valueOf(name.get(1)));
                    }
                }
            }
        } catch (CertificateParsingException e) {
            // no usable names: covers nothing
        }
        return new AlternateNames(dns, ips);
    }

    private static byte[] encoded(X509Certificate certificate) {
        try {
            return certificate.getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}

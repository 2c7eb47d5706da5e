package io.rvlab.ch02.server.serving;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * What an HTTPS server needs to prove who it is, and what its clients need to believe it: the
 * serving certificate and key (kube-apiserver's {@code --tls-cert-file} and
 * {@code --tls-private-key-file}), in two forms, and the CA that signed it (what a kubeconfig's
 * {@code certificate-authority-data} holds).
 *
 * @param keystore PKCS12 keystore with one key entry, {@link #alias()}, whose chain is the serving certificate then the CA
 * @param keystorePassword the keystore's password: a constant, since the key is also in {@code keyFile},
 *        unencrypted; both files are protected by their mode (0600) in a 0700 directory, as kubeadm's keys are
 * @param alias the key entry's alias in the keystore
 * @param certFile PEM: the serving certificate then the CA certificate (the chain a TLS server sends)
 * @param keyFile PEM: the serving key, PKCS#8 ({@code PRIVATE KEY})
 * @param caFile PEM: the CA certificate
 * @param certificate the serving certificate
 * @param ca the CA certificate
 * @param generated true if made now, false if reused from an earlier run
 */
public record ServingCertKey(Path keystore, String keystorePassword, String alias, Path certFile, Path keyFile,
        Path caFile, X509Certificate certificate, X509Certificate ca, boolean generated) {

    /** The CA certificate as PEM text, for a kubeconfig or a client's trust store. */
    public String caPem() {
        try {
            return Files.readString(caFile, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The keystore, loaded. */
    public KeyStore loadKeyStore() {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, keystorePassword.toCharArray());
            return store;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(keystore + ": " + e.getMessage(), e);
        }
    }

    /** A client's TLS context that trusts this CA only: what kubectl builds from the kubeconfig. */
    public SSLContext clientContext() {
        try {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry("ca", ca);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}

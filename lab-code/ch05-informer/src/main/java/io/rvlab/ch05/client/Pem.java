package io.rvlab.ch05.client;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PEM blocks a kubeconfig holds: certificates, and a private key as PKCS#8 ({@code PRIVATE
 * KEY}), PKCS#1 ({@code RSA PRIVATE KEY}, what kubeadm and kind write) or SEC1 ({@code EC PRIVATE
 * KEY}, what k3s writes). The JDK reads only PKCS#8, so the other two are wrapped into a PKCS#8
 * structure first: a few bytes of DER around the key, no key material is touched.
 */
final class Pem {

    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END \\1-----");

    /** DER of the AlgorithmIdentifier {rsaEncryption, NULL}. */
    private static final byte[] RSA_ALGORITHM = hex("300d06092a864886f70d0101010500");
    /** DER of the OID id-ecPublicKey (1.2.840.10045.2.1). */
    private static final byte[] EC_PUBLIC_KEY_OID = hex("06072a8648ce3d0201");

    private Pem() {
    }

    static List<X509Certificate> certificates(byte[] pem) throws CertificateException {
        List<X509Certificate> certificates = new ArrayList<>();
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        for (var cert : factory.generateCertificates(new ByteArrayInputStream(pem))) {
            certificates.add((X509Certificate) cert);
        }
        if (certificates.isEmpty()) {
            throw new CertificateException("no CERTIFICATE block in the PEM data");
        }
        return certificates;
    }

    static PrivateKey privateKey(byte[] pem) throws GeneralSecurityException {
        Matcher block = BLOCK.matcher(new String(pem, StandardCharsets.US_ASCII));
        while (block.find()) {
            byte[] der = Base64.getMimeDecoder().decode(block.group(2).strip());
            switch (block.group(1)) {
                case "PRIVATE KEY":
                    return pkcs8(der);
                case "RSA PRIVATE KEY":
                    return KeyFactory.getInstance("RSA").generatePrivate(
                            new PKCS8EncodedKeySpec(pkcs8(RSA_ALGORITHM, der)));
                case "EC PRIVATE KEY":
                    byte[] algorithm = sequence(EC_PUBLIC_KEY_OID, sec1Curve(der));
                    return KeyFactory.getInstance("EC").generatePrivate(
                            new PKCS8EncodedKeySpec(pkcs8(algorithm, der)));
                case "ENCRYPTED PRIVATE KEY":
                    throw new GeneralSecurityException("the client key is encrypted; rvlab reads unencrypted keys only");
                default:
                    // EC PARAMETERS and other blocks before the key: skip them
            }
        }
        throw new GeneralSecurityException("no PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block in the PEM data");
    }

    /** A PKCS#8 key of whichever algorithm the JDK recognises in it. */
    private static PrivateKey pkcs8(byte[] der) throws GeneralSecurityException {
        GeneralSecurityException last = null;
        for (String algorithm : List.of("RSA", "EC", "Ed25519", "RSASSA-PSS")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                last = e;
            }
        }
        throw new GeneralSecurityException("a PKCS#8 key of an algorithm the JDK cannot read (tried RSA, EC, Ed25519)", last);
    }

    // tag::pkcs8-wrapper[]
    /** PrivateKeyInfo ::= SEQUENCE { version 0, AlgorithmIdentifier, OCTET STRING privateKey }. */
    private static byte[] pkcs8(byte[] algorithmIdentifier, byte[] key) {
        return sequence(hex("020100"), algorithmIdentifier, tlv(0x04, key));
    }
    // end::pkcs8-wrapper[]

    /**
     * The named curve of a SEC1 ECPrivateKey ::= SEQUENCE { version 1, OCTET STRING key,
     * [0] parameters (the curve's OID), [1] public key }: the parameters' content, a DER OID.
     */
    private static byte[] sec1Curve(byte[] der) throws GeneralSecurityException {
        int[] outer = header(der, 0, 0x30);
        int position = outer[0];
        int end = outer[0] + outer[1];
        while (position < end) {
            int tag = der[position] & 0xff;
            int[] field = header(der, position, tag);
            if (tag == 0xa0) {
                return Arrays.copyOfRange(der, field[0], field[0] + field[1]);
            }
            position = field[0] + field[1];
        }
        throw new GeneralSecurityException("an EC PRIVATE KEY without its curve; convert it with openssl pkcs8 -topk8 -nocrypt");
    }

    /** {content offset, content length} of the DER element at {@code offset}, which must have {@code tag}. */
    private static int[] header(byte[] der, int offset, int tag) throws GeneralSecurityException {
        if (offset + 2 > der.length || (der[offset] & 0xff) != tag) {
            throw new GeneralSecurityException("malformed DER in the private key");
        }
        int length = der[offset + 1] & 0xff;
        int position = offset + 2;
        if (length >= 0x80) {
            int bytes = length & 0x7f;
            length = 0;
            for (int i = 0; i < bytes; i++) {
                length = (length << 8) | (der[position++] & 0xff);
            }
        }
        if (position + length > der.length) {
            throw new GeneralSecurityException("malformed DER in the private key");
        }
        return new int[] {position, length};
    }

    private static byte[] sequence(byte[]... parts) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            content.writeBytes(part);
        }
        return tlv(0x30, content.toByteArray());
    }

    /** A DER element: tag, length (short or long form), content. */
    private static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = length > 0xffffff ? 4 : length > 0xffff ? 3 : length > 0xff ? 2 : 1;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] hex(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}

package io.rvlab.ch02.server.serving;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The names a serving certificate is valid for (its subjectAltName): the host names and IP
 * addresses clients may dial. A client checks the name in its URL against this list only; since Go
 * 1.15, kubectl ignores the certificate's common name. So {@code https://127.0.0.1:8443} needs IP
 * 127.0.0.1 here, and {@code https://localhost:8443} needs DNS localhost.
 *
 * <p>kube-apiserver's self-signed certificate covers the advertised address, {@code localhost} and
 * the service IP and names (k8s.io/apiserver pkg/server/options serving.go,
 * MaybeDefaultWithSelfSignedCerts); this one covers loopback always, and the machine's own names and
 * addresses when the server is bound beyond loopback, so other machines can reach it by them.
 *
 * @param dnsNames host names, sorted
 * @param ipAddresses IP addresses in the JDK's canonical text form, sorted
 */
public record AlternateNames(Set<String> dnsNames, Set<String> ipAddresses) {

    /** What a DNS subjectAltName may hold (a host name with a ".local" or similar suffix, no underscore). */
    private static final Pattern DNS_NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*");

    public AlternateNames {
        dnsNames = Collections.unmodifiableSet(new TreeSet<>(dnsNames));
        TreeSet<String> ips = new TreeSet<>();
        ipAddresses.forEach(ip -> ips.add(canonicalIp(ip)));
        ipAddresses = Collections.unmodifiableSet(ips);
    }

    /** DNS localhost and IP 127.0.0.1: what {@code ./course serve --tls} on loopback is dialled by. */
    public static AlternateNames loopback() {
        return new AlternateNames(Set.of("localhost"), Set.of("127.0.0.1"));
    }

    /**
     * The names for a server bound to {@code bindAddress}: loopback's, plus, beyond loopback, the
     * bind address itself (or, for a wildcard such as 0.0.0.0, every address of every interface that
     * is up) and this machine's host name.
     */
    public static AlternateNames forBindAddress(String bindAddress) {
        InetAddress bind;
        try {
            bind = InetAddress.getByName(bindAddress);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve the bind address " + bindAddress + ": " + e.getMessage(), e);
        }
        Set<String> dns = new TreeSet<>(Set.of("localhost"));
        Set<String> ips = new TreeSet<>(Set.of("127.0.0.1"));
        if (bind.isLoopbackAddress()) {
            ips.add(bind.getHostAddress()); // ::1 when bound there
            return new AlternateNames(dns, ips);
        }
        if (bind.isAnyLocalAddress()) {
            ips.addAll(interfaceAddresses());
        } else {
            ips.add(bind.getHostAddress());
        }
        if (!isIpLiteral(bindAddress)) {
            addIfDnsName(dns, bindAddress); // bound by a name: clients dial that name
        }
        try {
            InetAddress local = InetAddress.getLocalHost();
            addIfDnsName(dns, local.getHostName());
            addIfDnsName(dns, local.getCanonicalHostName());
        } catch (UnknownHostException e) {
            // a machine whose own name does not resolve is reached by address only
        }
        return new AlternateNames(dns, ips);
    }

    /** Whether {@code other}'s names are all among these (a certificate for these serves {@code other}'s clients too). */
    public boolean covers(AlternateNames other) {
        return dnsNames.containsAll(other.dnsNames) && ipAddresses.containsAll(other.ipAddresses);
    }

    /** keytool's {@code -ext san=...} value: {@code dns:localhost,ip:127.0.0.1}. */
    String keytoolExtension() {
        StringBuilder san = new StringBuilder("san=");
        String separator = "";
        for (String name : dnsNames) {
            san.append(separator).append("dns:").append(name);
            separator = ",";
        }
        for (String ip : ipAddresses) {
            san.append(separator).append("ip:").append(ip);
            separator = ",";
        }
        return san.toString();
    }

    private static void addIfDnsName(Set<String> dns, String name) {
        if (name != null && !isIpLiteral(name) && DNS_NAME.matcher(name).matches()) {
            dns.add(name.toLowerCase(Locale.ROOT));
        }
    }

    private static boolean isIpLiteral(String text) {
        return text.contains(":") || text.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }

    /** Every address of every interface that is up, except link-local IPv6 ones (they need a zone, which a certificate cannot name). */
    private static List<String> interfaceAddresses() {
        try {
            return NetworkInterface.networkInterfaces()
                    .filter(AlternateNames::isUp)
                    .flatMap(NetworkInterface::inetAddresses)
                    .filter(a -> !(a.isLinkLocalAddress() && a.getAddress().length == 16))
                    .map(a -> canonicalIp(a.getHostAddress()))
                    .toList();
        } catch (SocketException e) {
            return List.of();
        }
    }

    private static boolean isUp(NetworkInterface networkInterface) {
        try {
            return networkInterface.isUp();
        } catch (SocketException e) {
            return false;
        }
    }

    /** One text form per address: 0:0:0:0:0:0:0:1 and ::1 are the same address, with no zone (%eth0). */
    static String canonicalIp(String ip) {
        String bare = ip.contains("%") ? ip.substring(0, ip.indexOf('%')) : ip;
        if (!bare.matches("[0-9A-Fa-f:.]+")) {
            throw new IllegalArgumentException("not an IP address: " + ip);
        }
        try {
            return InetAddress.getByName(bare).getHostAddress(); // a literal: no DNS lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + ip, e);
        }
    }
}

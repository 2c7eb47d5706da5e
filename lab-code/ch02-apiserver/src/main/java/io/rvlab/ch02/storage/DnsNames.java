package io.rvlab.ch02.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The two name rules of Kubernetes that matter for keys (apimachinery's validation.IsDNS1123Label
 * and IsDNS1123Subdomain), with Kubernetes' own error messages.
 *
 * <ul>
 *   <li>A DNS-1123 <b>label</b> (namespaces): at most 63 characters, lower-case letters, digits
 *       and '-', starting and ending with a letter or digit.</li>
 *   <li>A DNS-1123 <b>subdomain</b> (names of most objects): at most 253 characters, labels joined
 *       by '.'.</li>
 * </ul>
 * Neither allows '/', '%', NUL, upper case, white space, an empty string, "." or "..": exactly the
 * characters that could make a name escape its place in the etcd key space.
 */
public final class DnsNames {

    public static final int LABEL_MAX_LENGTH = 63;
    public static final int SUBDOMAIN_MAX_LENGTH = 253;

    static final String LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    static final String SUBDOMAIN_FMT = LABEL_FMT + "(\\." + LABEL_FMT + ")*";

    private static final Pattern LABEL = Pattern.compile(LABEL_FMT);
    private static final Pattern SUBDOMAIN = Pattern.compile(SUBDOMAIN_FMT);

    // Kubernetes' messages, including the doubled space in the label example.
    private static final String LABEL_ERROR = "a lowercase RFC 1123 label must consist of lower case alphanumeric "
            + "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or "
            + "'123-abc', regex used for validation is '" + LABEL_FMT + "')";
    private static final String SUBDOMAIN_ERROR = "a lowercase RFC 1123 subdomain must consist of lower case "
            + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
            + "'example.com', regex used for validation is '" + SUBDOMAIN_FMT + "')";

    private DnsNames() {
    }

    // tag::validate[]
    /** Every reason {@code value} is not a DNS-1123 label; empty if it is one. */
    public static List<String> labelErrors(String value) {
        List<String> errors = new ArrayList<>();
        if (value.length() > LABEL_MAX_LENGTH) {
            errors.add("must be no more than " + LABEL_MAX_LENGTH + " characters");
        }
        if (!LABEL.matcher(value).matches()) {
            errors.add(LABEL_ERROR);
        }
        return errors;
    }

    /** Every reason {@code value} is not a DNS-1123 subdomain; empty if it is one. */
    public static List<String> subdomainErrors(String value) {
        List<String> errors = new ArrayList<>();
        if (value.length() > SUBDOMAIN_MAX_LENGTH) {
            errors.add("must be no more than " + SUBDOMAIN_MAX_LENGTH + " characters");
        }
        if (!SUBDOMAIN.matcher(value).matches()) {
            errors.add(SUBDOMAIN_ERROR);
        }
        return errors;
    }
    // end::validate[]

    public static boolean isLabel(String value) {
        return value != null && labelErrors(value).isEmpty();
    }

    public static boolean isSubdomain(String value) {
        return value != null && subdomainErrors(value).isEmpty();
    }
}

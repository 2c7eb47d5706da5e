package io.rvlab.ch02.api;

import io.rvlab.ch02.storage.DnsNames;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a label key and a label value may look like (apimachinery's IsQualifiedName and
 * IsValidLabelValue), with Kubernetes' messages. Used to validate {@code metadata.labels} on create
 * and the keys and values in a label selector.
 */
public final class LabelRules {

    private static final Pattern NAME_PART = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
    private static final Pattern VALUE = Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");

    static final String NAME_PART_ERROR = "name part must consist of alphanumeric characters, '-', '_' or "
            + "'.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
            + "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    static final String VALUE_ERROR = "a valid label must be an empty string or consist of alphanumeric "
            + "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  "
            + "or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

    private LabelRules() {
    }

    /** Every reason {@code key} is not a label key ([prefix/]name); empty if it is one. */
    public static List<String> keyErrors(String key) {
        List<String> errors = new ArrayList<>();
        String name = key;
        int slash = key.indexOf('/');
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            name = key.substring(slash + 1);
            if (prefix.isEmpty()) {
                errors.add("prefix part must be non-empty");
            } else {
                DnsNames.subdomainErrors(prefix).forEach(e -> errors.add("prefix part " + e));
            }
        }
        if (name.isEmpty()) {
            errors.add("name part must be non-empty");
        } else {
            if (name.length() > 63) {
                errors.add("name part must be no more than 63 characters");
            }
            if (!NAME_PART.matcher(name).matches()) {
                errors.add(NAME_PART_ERROR);
            }
        }
        return errors;
    }

    /** Every reason {@code value} is not a label value; empty if it is one. */
    public static List<String> valueErrors(String value) {
        List<String> errors = new ArrayList<>();
        if (value.length() > 63) {
            errors.add("must be no more than 63 characters");
        }
        if (!VALUE.matcher(value).matches()) {
            errors.add(VALUE_ERROR);
        }
        return errors;
    }
}

package io.rvlab.ch06.managedfields;

import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The name a write is recorded under in managedFields, and the checks kube makes on it.
 *
 * <p>A non-apply write (POST, PUT, non-apply PATCH) without {@code ?fieldManager=} is recorded under
 * its User-Agent's product name: the part before the first {@code /}, non-printable characters
 * dropped, cut to 128 bytes (kube's managerOrUserAgent; {@code kubectl/v1.26.1 (linux/amd64)}
 * becomes {@code kubectl}, {@code golden-capture/1.0} becomes {@code golden-capture}). Apply has
 * no such default: its fieldManager is required.
 */
public final class ManagerName {

    /** meta/v1 validation's FieldManagerMaxLength, in bytes. */
    public static final int MAX_LENGTH = 128;

    private ManagerName() {
    }

    // tag::manager-name[]
    /** {@code ?fieldManager=} if given and non-empty, else the User-Agent's prefix (kube's managerOrUserAgent). */
    public static String of(String fieldManagerParam, String userAgent) {
        if (fieldManagerParam != null && !fieldManagerParam.isEmpty()) {
            return fieldManagerParam;
        }
        String product = userAgent == null ? "" : userAgent.split("/", -1)[0];
        StringBuilder name = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < product.length(); ) {
            int cp = product.codePointAt(i);
            i += Character.charCount(cp);
            if (!isPrint(cp)) {
                continue;
            }
            int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > MAX_LENGTH) {
                break;
            }
            name.appendCodePoint(cp);
            bytes += size;
        }
        return name.toString();
    }

    /**
     * Validates {@code ?fieldManager=} as kube validates Create/Update/PatchOptions; throws a 422
     * {@code <optionsKind>.meta.k8s.io "" is invalid: ...} (apply without one: {@code fieldManager:
     * Required value: is required for apply patch}; too long; a non-printable character).
     *
     * @param optionsKind "CreateOptions", "UpdateOptions" or "PatchOptions"
     * @param fieldManagerParam the parameter, null if absent
     * @param apply whether the request is an apply patch
     */
    public static void validate(String optionsKind, String fieldManagerParam, boolean apply) {
        validate(optionsKind, fieldManagerParam, apply, false);
    }

    /**
     * {@link #validate(String, String, boolean)}, also refusing {@code ?force=} (any value) on a
     * patch that is not an apply: {@code force: Forbidden: may not be specified for non-apply patch}.
     */
    public static void validate(String optionsKind, String fieldManagerParam, boolean apply, boolean forceGiven) {
        String manager = fieldManagerParam == null ? "" : fieldManagerParam;
        List<Error> errors = new ArrayList<>();
        if (apply && manager.isEmpty()) {
            errors.add(Error.of(FieldError.required("fieldManager", "is required for apply patch")));
        }
        if (!apply && forceGiven) {
            errors.add(Error.of(FieldError.forbidden("force", "may not be specified for non-apply patch")));
        }
        errors.addAll(fieldManagerErrors("fieldManager", manager));
        if (!errors.isEmpty()) {
            throw invalid(optionsKind, errors).exception();
        }
    }
    // end::manager-name[]

    /** One field error as kube prints it; TooLong is not among chapter 2's FieldError types. */
    record Error(String reason, String field, String body) {
        static Error of(FieldError error) {
            return new Error(error.type().reason(), error.field(), error.body());
        }

        @Override
        public String toString() {
            return field + ": " + body;
        }
    }

    /**
     * kube's ValidateFieldManager: at most 128 bytes; every character printable. The length
     * message is Kubernetes 1.26's ({@code Too long: must have at most 128 bytes}, the version of
     * the golden captures); newer releases say {@code may not be more than 128 bytes}.
     */
    static List<Error> fieldManagerErrors(String field, String manager) {
        List<Error> errors = new ArrayList<>();
        byte[] utf8 = manager.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > MAX_LENGTH) {
            errors.add(new Error("FieldValueTooLong", field, "Too long: must have at most " + MAX_LENGTH + " bytes"));
        }
        int position = 0; // Go ranges over a string by byte offset
        for (int i = 0; i < manager.length(); ) {
            int cp = manager.codePointAt(i);
            i += Character.charCount(cp);
            if (!isPrint(cp)) {
                errors.add(Error.of(FieldError.invalid(field, manager,
                        String.format("invalid character U+%04X (at position %d)", cp, position))));
            }
            position += new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
        }
        return errors;
    }

    /** apimachinery's NewInvalid for an options kind of group meta.k8s.io, name "". */
    static Status invalid(String optionsKind, List<Error> errors) {
        List<Status.Cause> causes = new ArrayList<>();
        Set<String> texts = new LinkedHashSet<>();
        for (Error error : errors) {
            causes.add(new Status.Cause(error.reason(), error.body(), error.field()));
            texts.add(error.toString());
        }
        String aggregate = texts.size() == 1 ? texts.iterator().next() : "[" + String.join(", ", texts) + "]";
        return Status.failure(422, "Invalid", optionsKind + ".meta.k8s.io " + GoJson.quote("") + " is invalid: " + aggregate,
                new Status.Details("", "meta.k8s.io", optionsKind, null, causes, 0));
    }

    /** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols, and the ASCII space. */
    static boolean isPrint(int cp) {
        if (cp == ' ') {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.NON_SPACING_MARK,
                    Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK, Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER, Character.OTHER_NUMBER, Character.CONNECTOR_PUNCTUATION,
                    Character.DASH_PUNCTUATION, Character.START_PUNCTUATION, Character.END_PUNCTUATION,
                    Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                    Character.OTHER_PUNCTUATION, Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL,
                    Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }
}

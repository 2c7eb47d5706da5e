package io.rvlab.ch02.api;

import io.rvlab.ch02.wire.gojson.GoJson;

/**
 * One thing wrong with one field of a request (apimachinery's field.Error). Its text is
 * {@code <field>: <body>}, and the body becomes a Status cause's message.
 *
 * @param type what kind of mistake
 * @param field the path of the field, such as {@code metadata.name}
 * @param value the bad value as Kubernetes prints it (already rendered), or null when the type
 *        prints none
 * @param detail the explanation, or ""
 */
public record FieldError(Type type, String field, String value, String detail) {

    /** The field error types Kubernetes uses here: what they print and the cause reason they give. */
    public enum Type {
        REQUIRED("Required value", "FieldValueRequired", false),
        FORBIDDEN("Forbidden", "FieldValueForbidden", false),
        INVALID("Invalid value", "FieldValueInvalid", true),
        NOT_SUPPORTED("Unsupported value", "FieldValueNotSupported", true);

        private final String text;
        private final String reason;
        private final boolean showsValue;

        Type(String text, String reason, boolean showsValue) {
            this.text = text;
            this.reason = reason;
            this.showsValue = showsValue;
        }

        public String reason() {
            return reason;
        }
    }

    public static FieldError required(String field, String detail) {
        return new FieldError(Type.REQUIRED, field, null, detail);
    }

    public static FieldError forbidden(String field, String detail) {
        return new FieldError(Type.FORBIDDEN, field, null, detail);
    }

    /** An invalid string value; Go prints it quoted ({@code %q}). */
    public static FieldError invalid(String field, String value, String detail) {
        return new FieldError(Type.INVALID, field, GoJson.quote(value), detail);
    }

    /**
     * A value outside a fixed set. Go prints the value JSON-encoded (it is a named string type) and
     * lists the supported values quoted, e.g. {@code supported values: "Exact", "NotOlderThan", ""}.
     */
    public static FieldError notSupported(String field, String value, String... supported) {
        StringBuilder list = new StringBuilder("supported values: ");
        for (int i = 0; i < supported.length; i++) {
            list.append(i == 0 ? "" : ", ").append(GoJson.quote(supported[i]));
        }
        return new FieldError(Type.NOT_SUPPORTED, field, GoJson.string(value), list.toString());
    }

    /** The error without its field: the message of a Status cause. */
    public String body() {
        String body = type.showsValue ? type.text + ": " + value : type.text;
        return detail == null || detail.isEmpty() ? body : body + ": " + detail;
    }

    /** {@code <field>: <body>}. */
    @Override
    public String toString() {
        return field + ": " + body();
    }
}

package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * One item of {@code metadata.managedFields} (meta/v1 ManagedFieldsEntry): which manager owns
 * which fields, how it got them (Apply or Update), in which group/version the field set is
 * written, and since when. Written with Go's field order and {@code omitempty}: {@code manager,
 * operation, apiVersion, time, fieldsType, fieldsV1, subresource}; {@code fieldsType} is always
 * {@code FieldsV1} on output.
 *
 * @param manager the manager's name ("" allowed on input, as kube keeps what was sent)
 * @param operation Apply or Update
 * @param apiVersion the group/version the set is expressed in ("v1", "apps/v1")
 * @param time when the manager last changed something, whole seconds; null when absent
 * @param fieldsV1 the owned set in its FieldsV1 form; null when absent
 * @param subresource "" for the main resource, "status" for writes through /status
 */
public record ManagedFieldsEntry(String manager, Operation operation, String apiVersion, Instant time,
        ObjectNode fieldsV1, String subresource) {

    /** How a manager got its fields: server-side apply, or any other write. */
    public enum Operation { Apply, Update }

    /** metav1.Time's wire form: RFC 3339, whole seconds, UTC with "Z". */
    static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);

    public ManagedFieldsEntry {
        manager = manager == null ? "" : manager;
        apiVersion = apiVersion == null ? "" : apiVersion;
        subresource = subresource == null ? "" : subresource;
        time = time == null ? null : time.truncatedTo(ChronoUnit.SECONDS);
    }

    // tag::managed-fields-entry[]
    /** The entry as kube-apiserver writes it. */
    public ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        putIfNotEmpty(json, "manager", manager);
        if (operation != null) {
            json.put("operation", operation.name());
        }
        putIfNotEmpty(json, "apiVersion", apiVersion);
        if (time != null) {
            json.put("time", formatTime(time));
        }
        json.put("fieldsType", "FieldsV1");
        if (fieldsV1 != null) {
            json.set("fieldsV1", fieldsV1.deepCopy());
        }
        putIfNotEmpty(json, "subresource", subresource);
        return json;
    }

    /**
     * Reads one entry, refusing what kube's field manager cannot decode (DecodeManagedFields):
     * an operation other than Apply or Update, an empty apiVersion, a fieldsType other than
     * FieldsV1, a fieldsV1 that is not a field set. Refusals are 400 Bad Request with kube's
     * decode message; note that on a write kube does not answer this error, it ignores the sent
     * list and keeps the live one ({@link FieldManager#update}).
     *
     * @throws io.rvlab.ch02.api.StatusException 400 for an entry kube would refuse
     */
    public static ManagedFieldsEntry fromJson(JsonNode entry) {
        return fromJson(entry, -1);
    }
    // end::managed-fields-entry[]

    /** {@link #fromJson(JsonNode)}; {@code index} >= 0 names the entry's place in messages, as kube does. */
    static ManagedFieldsEntry fromJson(JsonNode entry, int index) {
        String where = index >= 0 ? " " + index : "";
        if (entry == null || !entry.isObject()) {
            throw bad("managed fields entry" + where + " must be an object");
        }
        String manager = string(entry, "manager");
        String op = string(entry, "operation");
        Operation operation;
        if ("Apply".equals(op)) {
            operation = Operation.Apply;
        } else if ("Update".equals(op)) {
            operation = Operation.Update;
        } else {
            throw bad("operation must be `Apply` or `Update`");
        }
        String apiVersion = string(entry, "apiVersion");
        if (apiVersion.isEmpty()) {
            throw bad("apiVersion must not be empty");
        }
        String fieldsType = string(entry, "fieldsType");
        if (fieldsType.isEmpty()) {
            throw bad("missing fieldsType in managed fields entry" + where);
        }
        if (!fieldsType.equals("FieldsV1")) {
            throw bad("invalid fieldsType " + io.rvlab.ch02.wire.gojson.GoJson.quote(fieldsType)
                    + " in managed fields entry" + where);
        }
        Instant time = null;
        JsonNode t = entry.get("time");
        if (t != null && !t.isNull()) {
            if (!t.isTextual()) {
                throw bad("time of managed fields entry" + where + " must be a string");
            }
            try {
                time = parseTime(t.textValue());
            } catch (DateTimeParseException e) {
                throw bad("time of managed fields entry" + where + " is not RFC 3339: " + t.textValue());
            }
        }
        ObjectNode fieldsV1 = null;
        JsonNode f = entry.get("fieldsV1");
        if (f != null && !f.isNull()) {
            if (!(f instanceof ObjectNode object)) {
                throw bad("fieldsV1 of managed fields entry" + where + " must be an object");
            }
            fieldsV1 = object.deepCopy();
        }
        return new ManagedFieldsEntry(manager, operation, apiVersion, time, fieldsV1, string(entry, "subresource"));
    }

    /**
     * An RFC 3339 time as {@code OffsetDateTime.parse} reads it. The form every server writes,
     * {@code 2006-01-02T15:04:05Z}, is read by hand: java.time's parser was the largest single cost
     * of decoding managedFields on every write (see chapter 3's performance section).
     *
     * @throws DateTimeParseException for text that is not RFC 3339
     */
    static Instant parseTime(String text) {
        if (text.length() == 20 && text.charAt(4) == '-' && text.charAt(7) == '-' && text.charAt(10) == 'T'
                && text.charAt(13) == ':' && text.charAt(16) == ':' && text.charAt(19) == 'Z') {
            int year = digits(text, 0, 4);
            int month = digits(text, 5, 2);
            int day = digits(text, 8, 2);
            int hour = digits(text, 11, 2);
            int minute = digits(text, 14, 2);
            int second = digits(text, 17, 2);
            if (year >= 0 && month >= 0 && day >= 0 && hour >= 0 && minute >= 0 && second >= 0) {
                try {
                    return LocalDateTime.of(year, month, day, hour, minute, second).toInstant(ZoneOffset.UTC);
                } catch (DateTimeException e) {
                    // out of range (month 13, February 30, hour 24): the general parser words the error
                }
            }
        }
        return OffsetDateTime.parse(text).toInstant();
    }

    /** {@link #RFC3339}'s text of {@code time}, written by hand for years 1 to 9999 (all a server writes). */
    static String formatTime(Instant time) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(time.getEpochSecond(), 0, ZoneOffset.UTC);
        if (t.getYear() < 1 || t.getYear() > 9999) {
            return RFC3339.format(time);
        }
        char[] out = "0000-00-00T00:00:00Z".toCharArray();
        put(out, 0, t.getYear(), 4);
        put(out, 5, t.getMonthValue(), 2);
        put(out, 8, t.getDayOfMonth(), 2);
        put(out, 11, t.getHour(), 2);
        put(out, 14, t.getMinute(), 2);
        put(out, 17, t.getSecond(), 2);
        return new String(out);
    }

    /** The number written by {@code count} ASCII digits at {@code from}, or -1 if one is not a digit. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static void put(char[] out, int from, int value, int count) {
        for (int i = from + count - 1; i >= from; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    private static String string(JsonNode entry, String field) {
        JsonNode value = entry.get(field);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isTextual()) {
            throw bad(field + " of a managed fields entry must be a string");
        }
        return value.textValue();
    }

    private static io.rvlab.ch02.api.StatusException bad(String message) {
        return Status.badRequest(message).exception();
    }

    private static void putIfNotEmpty(ObjectNode json, String field, String value) {
        if (value != null && !value.isEmpty()) {
            json.put(field, value);
        }
    }
}

package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import io.rvlab.ch06.fieldpath.FieldsV1;
import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import io.rvlab.ch06.structured.ManagedFieldSets;
import io.rvlab.ch06.structured.VersionedSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The managedFields of one object, decoded: each manager identity's {@link VersionedSet} (what the
 * Updater works on) and the time of its entry. Immutable. {@link #encode()} writes the entries back
 * the way kube-apiserver does: one per identity, sorted by operation (Apply before Update), then
 * time (whole seconds), manager, apiVersion, subresource (kube's sortEncodedManagedFields).
 */
public final class ManagedFields {

    private static final ManagedFields EMPTY = new ManagedFields(ManagedFieldSets.empty(), Map.of());

    private final ManagedFieldSets sets;
    private final Map<String, Instant> times;

    private ManagedFields(ManagedFieldSets sets, Map<String, Instant> times) {
        this.sets = sets;
        this.times = Map.copyOf(times);
    }

    public static ManagedFields empty() {
        return EMPTY;
    }

    /** The given sets and times (times of identities not in {@code sets} are dropped). */
    public static ManagedFields of(ManagedFieldSets sets, Map<String, Instant> times) {
        Map<String, Instant> kept = new HashMap<>();
        times.forEach((identity, time) -> {
            if (time != null && sets.get(identity).isPresent()) {
                kept.put(identity, time);
            }
        });
        return new ManagedFields(sets, kept);
    }

    /**
     * Decodes a managedFields list (null, missing or JSON null: none). A later entry with the same
     * identity replaces an earlier one, as in kube.
     *
     * @throws io.rvlab.ch02.api.StatusException 400 for an entry kube cannot decode
     */
    public static ManagedFields decode(JsonNode managedFields) {
        if (managedFields == null || managedFields.isNull() || managedFields.isMissingNode()) {
            return EMPTY;
        }
        if (!managedFields.isArray()) {
            throw io.rvlab.ch02.api.Status.badRequest("metadata.managedFields must be a list").exception();
        }
        ManagedFieldSets sets = ManagedFieldSets.empty();
        Map<String, Instant> times = new HashMap<>();
        for (int i = 0; i < managedFields.size(); i++) {
            ManagedFieldsEntry entry = ManagedFieldsEntry.fromJson(managedFields.get(i), i);
            String identity = ManagerIdentity.of(entry);
            io.rvlab.ch06.fieldpath.FieldSet set;
            try {
                set = entry.fieldsV1() == null ? io.rvlab.ch06.fieldpath.FieldSet.empty() : FieldsV1.decode(entry.fieldsV1());
            } catch (IllegalArgumentException e) {
                throw io.rvlab.ch02.api.Status.badRequest("error decoding versioned set from managed fields entry "
                        + i + ": " + e.getMessage()).exception();
            }
            // An entry with an empty set is dropped here; kube keeps it until the Updater's next pass,
            // which drops it on every write (apply or update), so the written result is the same.
            sets = sets.with(identity, new VersionedSet(set, entry.apiVersion(), entry.operation() == Operation.Apply));
            if (entry.time() != null) {
                times.put(identity, entry.time());
            } else {
                times.remove(identity);
            }
        }
        return new ManagedFields(sets, times);
    }

    /** The managedFields of {@code object} ({@code metadata.managedFields}). */
    public static ManagedFields of(ObjectNode object) {
        return decode(object.path("metadata").get("managedFields"));
    }

    /** {@link #of(ObjectNode)}, or empty when they cannot be decoded (kube's emptyManagedFieldsOnErr). */
    public static ManagedFields ofOrEmpty(ObjectNode object) {
        if (object == null) {
            return EMPTY;
        }
        try {
            return of(object);
        } catch (io.rvlab.ch02.api.StatusException e) {
            return EMPTY;
        }
    }

    // tag::reset[]
    /**
     * Whether a write's managedFields ask to clear them (kube's isResetManagedFields): a list with
     * one empty entry, {@code [{}]}, or an empty list {@code []}. The empty list follows kube's code
     * (a non-nil empty slice resets); the SSA documentation says only {@code [{}]} does. Absent or
     * null means "keep the live ones".
     */
    public static boolean isReset(JsonNode managedFields) {
        if (managedFields == null || !managedFields.isArray()) {
            return false;
        }
        if (managedFields.isEmpty()) {
            return true;
        }
        return managedFields.size() == 1 && isEmptyEntry(managedFields.get(0));
    }
    // end::reset[]

    /** An entry equal to Go's zero ManagedFieldsEntry: every known field absent, null or "". */
    private static boolean isEmptyEntry(JsonNode entry) {
        if (!entry.isObject()) {
            return false;
        }
        for (String field : List.of("manager", "operation", "apiVersion", "time", "fieldsType", "subresource")) {
            JsonNode value = entry.get(field);
            if (value != null && !value.isNull() && !(value.isTextual() && value.textValue().isEmpty())) {
                return false;
            }
        }
        JsonNode fields = entry.get("fieldsV1");
        return fields == null || fields.isNull();
    }

    public ManagedFieldSets sets() {
        return sets;
    }

    /** The time of each identity that has one. */
    public Map<String, Instant> times() {
        return times;
    }

    public boolean isEmpty() {
        return sets.asMap().isEmpty();
    }

    /** These managed fields with other sets (times kept for the identities still there). */
    public ManagedFields withSets(ManagedFieldSets newSets) {
        return of(newSets, times);
    }

    /** These managed fields with {@code identity}'s time set. */
    public ManagedFields withTime(String identity, Instant time) {
        Map<String, Instant> newTimes = new HashMap<>(times);
        newTimes.put(identity, time);
        return of(sets, newTimes);
    }

    // tag::encode[]
    /** The entries, one per identity, in kube's order. */
    public List<ManagedFieldsEntry> entries() {
        List<ManagedFieldsEntry> entries = new ArrayList<>();
        sets.asMap().forEach((identity, versioned) -> {
            ManagerIdentity.Parts id = ManagerIdentity.parts(identity);
            Operation operation = versioned.applied() ? Operation.Apply : id.operation();
            entries.add(new ManagedFieldsEntry(id.manager(), operation, versioned.apiVersion(),
                    times.get(identity), FieldsV1.encode(versioned.set()), id.subresource()));
        });
        entries.sort(ORDER);
        return entries;
    }

    /** Apply before Update (string order), then time in seconds (none = 0), manager, apiVersion, subresource. */
    static final Comparator<ManagedFieldsEntry> ORDER = Comparator
            .comparing((ManagedFieldsEntry e) -> e.operation().name())
            .thenComparingLong(e -> e.time() == null ? 0 : e.time().getEpochSecond())
            .thenComparing(ManagedFieldsEntry::manager)
            .thenComparing(ManagedFieldsEntry::apiVersion)
            .thenComparing(ManagedFieldsEntry::subresource);

    /** The managedFields list, or null when there are none (the field is then left out). */
    public ArrayNode encode() {
        if (isEmpty()) {
            return null;
        }
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        entries().forEach(entry -> list.add(entry.toJson()));
        return list;
    }
    // end::encode[]

    /** Writes these managed fields into {@code object}'s metadata (removing the field when there are none). */
    public void writeTo(ObjectNode object) {
        ArrayNode list = encode();
        if (list == null) {
            if (object.get("metadata") instanceof ObjectNode metadata) {
                metadata.remove("managedFields");
            }
            return;
        }
        ObjectMetaOrder.metadata(object).set("managedFields", list);
        ObjectMetaOrder.normalize(object);
    }

    /** Removes {@code metadata.managedFields} from {@code object} (kube's RemoveObjectManagedFields). */
    public static void removeFrom(ObjectNode object) {
        if (object.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove("managedFields");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ManagedFields other && other.sets.asMap().equals(sets.asMap()) && other.times.equals(times);
    }

    @Override
    public int hashCode() {
        return sets.asMap().hashCode() * 31 + times.hashCode();
    }

    @Override
    public String toString() {
        JsonNode list = encode();
        return list == null ? "[]" : list.toString();
    }
}

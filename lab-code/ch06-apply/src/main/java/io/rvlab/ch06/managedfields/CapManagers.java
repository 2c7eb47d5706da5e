package io.rvlab.ch06.managedfields;

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
 * Caps the Update entries of managedFields (k8s.io/apimachinery
 * pkg/util/managedfields/internal/capmanagers.go).
 */
final class CapManagers {

    static final String ANCIENT_CHANGES = "ancient-changes";
    /** kube's DefaultMaxUpdateManagers. */
    static final int MAX_UPDATE_MANAGERS = 10;

    private CapManagers() {
    }

    // tag::cap-managers[]
    /**
     * kube's capManagersManager: with more than 10 Update entries, the oldest (by time, then
     * identity) are folded, per apiVersion, into one {@code ancient-changes} entry: the first old
     * entry of a version is kept aside and becomes that bucket only when a second one joins it.
     */
    static ManagedFields capUpdateManagers(ManagedFields managed) {
        List<String> updaters = new ArrayList<>();
        managed.sets().asMap().forEach((identity, set) -> {
            if (!set.applied()) {
                updaters.add(identity);
            }
        });
        if (updaters.size() <= MAX_UPDATE_MANAGERS) {
            return managed;
        }
        Map<String, Instant> times = new HashMap<>(managed.times());
        updaters.sort(Comparator.comparingLong((String id) -> seconds(times.get(id))).thenComparing(Comparator.naturalOrder()));
        ManagedFieldSets sets = managed.sets();
        Map<String, String> firstOfVersion = new HashMap<>();
        int length = updaters.size();
        for (int i = 0; i < updaters.size() && length > MAX_UPDATE_MANAGERS; i++) {
            String identity = updaters.get(i);
            VersionedSet set = sets.get(identity).orElseThrow();
            Instant time = times.get(identity);
            String version = set.apiVersion();
            String bucket = ManagerIdentity.of(ANCIENT_CHANGES, Operation.Update, version, "");
            String first = firstOfVersion.get(version);
            if (first == null) {
                firstOfVersion.put(version, identity);
                continue;
            }
            if (sets.get(bucket).isEmpty()) {
                VersionedSet firstSet = sets.get(first).orElseThrow();
                sets = sets.without(first).with(bucket, firstSet);
            }
            VersionedSet bucketSet = sets.get(bucket).orElseThrow();
            sets = sets.with(bucket, new VersionedSet(set.set().union(bucketSet.set()), set.apiVersion(), set.applied()))
                    .without(identity);
            length--;
            if (time != null) {
                times.put(bucket, time);
            } else {
                times.remove(bucket);
            }
        }
        return ManagedFields.of(sets, times);
    }
    // end::cap-managers[]

    private static long seconds(Instant time) {
        return time == null ? 0 : time.getEpochSecond();
    }
}

package io.rvlab.exercises.ch03;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.exercises.ch03.PreconditionedDelete.Outcome;
import io.rvlab.exercises.ch03.PreconditionedDelete.Preconditions;
import io.rvlab.exercises.ch03.PreconditionedDelete.Target;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 3.5 (a DELETE with preconditions). The messages are the ones a real
 * kube-apiserver sent in the golden capture c2, with this etcd's revisions in place of 95 and 96.
 * The race tests use {@link RacingKV}: another writer changes the key right between your read and
 * your write, every time. The finalizer tests follow kube-apiserver's generic registry
 * (k8s.io/apiserver pkg/registry/generic/registry/store.go: Delete, updateForGracefulDeletionAndFinalizers,
 * markAsDeleting) for a kind without graceful deletion, such as a ConfigMap.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("3.5 DELETE with preconditions")
class PreconditionedDeleteTest {

    private static final String UID = "e169eed2-dbe3-4f8e-802f-8862742d0406";
    private static final String OTHER_UID = "00000000-0000-0000-0000-000000000000";
    private static final Target CM_DEL = new Target("", "ConfigMap", "configmaps", "cm-del");
    private static final String FINALIZER = "example.com/cleanup";
    /** A deletionTimestamp another API server wrote long ago: a DELETE that moves it is caught. */
    private static final String EARLIER = "2020-02-02T02:02:02Z";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String configMap(String uid, String value) {
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-del\",\"namespace\":\"lab\",\"uid\":\""
                + uid + "\"},\"data\":{\"k\":\"" + value + "\"}}";
    }

    /** A ConfigMap whose metadata.finalizers holds {@code finalizers} (JSON array items), marked for deletion at {@code deletionTimestamp} unless null. */
    private static String withFinalizers(String uid, String value, String deletionTimestamp, String finalizers) {
        String marked = deletionTimestamp == null ? ""
                : ",\"deletionTimestamp\":\"" + deletionTimestamp + "\",\"deletionGracePeriodSeconds\":0";
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-del\",\"namespace\":\"lab\",\"uid\":\""
                + uid + "\"" + marked + ",\"finalizers\":[" + finalizers + "]},\"data\":{\"k\":\"" + value + "\"}}";
    }

    private static String withFinalizer(String uid, String value, String deletionTimestamp) {
        return withFinalizers(uid, value, deletionTimestamp, "\"" + FINALIZER + "\"");
    }

    @Test
    @DisplayName("GOLD c2.3: resourceVersion and uid both match: deleted, at the revision returned")
    void matchingPreconditionsDelete(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, configMap(UID, "d2"));

        Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions(UID, Long.toString(rv)));

        assertThat(outcome).as("both preconditions hold").isInstanceOf(Outcome.Deleted.class);
        Outcome.Deleted deleted = (Outcome.Deleted) outcome;
        assertThat(etcd.get(key)).as("the key is gone from etcd").isEmpty();
        assertThat(deleted.revision()).as("the revision of the delete, the store's revision now (GOLD: 97 after the delete)")
                .isEqualTo(etcd.currentRevision())
                .isGreaterThan(rv);
        assertThat(deleted.uid()).as("the deleted object's uid (GOLD c2.3's details.uid)").isEqualTo(UID);
    }

    @Test
    @DisplayName("no preconditions: deleted")
    void noPreconditions(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, configMap(UID, "d1"));

        Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, Preconditions.NONE);

        assertThat(outcome).as("the answer to a DELETE without preconditions").isInstanceOf(Outcome.Deleted.class);
        assertThat(etcd.get(key)).as("the key in etcd after the DELETE").isEmpty();
    }

    @Test
    @DisplayName("called on an interrupted thread: IllegalStateException, the interrupt flag still set, nothing deleted")
    void interruptedCallerKeepsItsInterrupt(Client client, KeyPrefix prefix) {
        // An interrupt is how a Java server stops a request's thread (kube-apiserver cancels the request's context);
        // swallowing it would hide the stop from whoever asked for it.
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, configMap(UID, "d1"));
        Thread.currentThread().interrupt();
        Throwable thrown;
        boolean stillInterrupted;
        try {
            thrown = catchThrowable(() -> PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, Preconditions.NONE));
        } finally {
            stillInterrupted = Thread.interrupted(); // read and clear it: the next test must not start interrupted
        }

        assertThat(thrown).as("what delete throws when its thread is interrupted while it waits for etcd")
                .isInstanceOf(IllegalStateException.class);
        assertThat(stillInterrupted).as("the thread's interrupt flag after delete gave up: catching InterruptedException"
                + " clears it, so it must be set again (Thread.currentThread().interrupt())").isTrue();
        assertThat(etcd.get(key)).as("the key in etcd after the interrupted DELETE").isPresent();
    }

    @Test
    @DisplayName("GOLD c2.1: a stale resourceVersion: 409 with Kubernetes' message, and the object stays")
    void staleResourceVersion(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long created = etcd.put(key, configMap(UID, "d1"));
        long patched = etcd.put(key, configMap(UID, "d2"));

        Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions("", Long.toString(created)));

        assertThat(outcome).as("the answer to a DELETE with resourceVersion precondition %d, the object being at %d",
                created, patched).isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the"
                + " ResourceVersion in the precondition (" + created + ") does not match the ResourceVersion in record ("
                + patched + "). The object might have been modified"));
        assertUntouched(etcd, key, patched, "d2");
    }

    @Test
    @DisplayName("GOLD c2.2: a wrong uid: 409 with Kubernetes' message, and the object stays")
    void wrongUid(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, configMap(UID, "d2"));

        Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions(OTHER_UID, ""));

        assertThat(outcome).as("the answer to a DELETE with uid precondition %s, the object's uid being %s", OTHER_UID, UID)
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the UID in"
                + " the precondition (" + OTHER_UID + ") does not match the UID in record (" + UID + "). The object might have"
                + " been deleted and then recreated"));
        assertUntouched(etcd, key, rv, "d2");
    }

    @Test
    @DisplayName("both wrong: the uid is checked first; a resourceVersion is compared as text")
    void uidFirstAndTextComparison(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, configMap(UID, "d2"));

        Outcome both = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions(OTHER_UID, "1"));
        assertThat(both).as("the answer to a DELETE whose uid and resourceVersion preconditions both fail")
                .isInstanceOf(Outcome.Conflict.class);
        assertThat(((Outcome.Conflict) both).message()).as("the uid precondition is checked before the resourceVersion")
                .contains("the UID in the precondition (" + OTHER_UID + ")");

        Outcome padded = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions(UID, "0" + rv));
        assertThat(padded).as("\"0%d\" is not the resourceVersion \"%d\": Kubernetes compares the strings", rv, rv)
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the ResourceVersion in"
                        + " the precondition (0" + rv + ") does not match the ResourceVersion in record (" + rv + "). The object"
                        + " might have been modified"));
        assertUntouched(etcd, key, rv, "d2");
    }

    @Test
    @DisplayName("GOLD c2.4: no such object: 404 with Kubernetes' message, and nothing written; a key is not a prefix")
    void notFound(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long longer = etcd.put(key + "2", configMap(UID, "not me"));
        long before = etcd.currentRevision();

        Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, Preconditions.NONE);

        assertThat(outcome).as("the answer to a DELETE of a key that does not exist")
                .isEqualTo(new Outcome.NotFound("configmaps \"cm-del\" not found"));
        assertThat(etcd.currentRevision()).as("a 404 writes nothing").isEqualTo(before);
        assertThat(etcd.modRevision(key + "2")).as("cm-del2 is another object").isEqualTo(longer);
    }

    @Test
    @DisplayName("an object with a group: the conflict names Kind.group, the 404 resource.group")
    void groupedResource(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        Target web = new Target("apps", "Deployment", "deployments", "web");
        String key = prefix.key("registry/deployments/lab/web");
        String uid = "858c8da0-849f-48f8-aab3-1c00664aa8c2";
        long rv = etcd.put(key, "{\"kind\":\"Deployment\",\"apiVersion\":\"apps/v1\",\"metadata\":{\"name\":\"web\",\"uid\":\""
                + uid + "\"}}");

        assertThat(PreconditionedDelete.delete(client.getKVClient(), key, web, new Preconditions("", Long.toString(rv + 1000))))
                .as("a stale resourceVersion precondition on deployments.apps web: the 409 names the Kind and its group")
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on Deployment.apps \"web\": the ResourceVersion"
                        + " in the precondition (" + (rv + 1000) + ") does not match the ResourceVersion in record (" + rv
                        + "). The object might have been modified"));
        assertThat(PreconditionedDelete.delete(client.getKVClient(), prefix.key("registry/deployments/lab/api"),
                new Target("apps", "Deployment", "deployments", "api"), Preconditions.NONE))
                .as("a DELETE of deployments.apps api, which does not exist: the 404 names the resource and its group")
                .isEqualTo(new Outcome.NotFound("deployments.apps \"api\" not found"));
        assertThat(PreconditionedDelete.delete(client.getKVClient(), key, web, new Preconditions(uid, Long.toString(rv))))
                .as("a DELETE of deployments.apps web whose uid and resourceVersion preconditions both hold")
                .isInstanceOf(Outcome.Deleted.class);
    }

    @Test
    @DisplayName("race: changed after your read, with a resourceVersion precondition: 409 naming the new resourceVersion")
    void raceAgainstUpdateWithResourceVersion(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, configMap(UID, "d1"));
        long[] theirs = new long[1];
        RacingKV kv = new RacingKV(client.getKVClient(), () -> theirs[0] = etcd.put(key, configMap(UID, "theirs")));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, Long.toString(rv)));

        assertThat(kv.raced()).as("your code never wrote to etcd").isTrue();
        assertThat(outcome).as("the answer when another client updated the object (to resourceVersion %d) between your"
                + " read and your delete, your precondition being resourceVersion %d: deleting it anyway deletes a change"
                + " the client never saw", theirs[0], rv)
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the ResourceVersion in"
                        + " the precondition (" + rv + ") does not match the ResourceVersion in record (" + theirs[0]
                        + "). The object might have been modified"));
        assertUntouched(etcd, key, theirs[0], "theirs");
    }

    @Test
    @DisplayName("race: changed after your read, uid precondition only: read again, the uid still matches, deleted")
    void raceAgainstUpdateWithUidOnly(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, configMap(UID, "d1"));
        long[] theirs = new long[1];
        RacingKV kv = new RacingKV(client.getKVClient(), () -> theirs[0] = etcd.put(key, configMap(UID, "theirs")));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, ""));

        assertThat(kv.raced()).as("your code never wrote to etcd").isTrue();
        assertThat(outcome).as("a lost transaction is not a conflict: the fresh object still has uid %s", UID)
                .isInstanceOf(Outcome.Deleted.class);
        assertThat(((Outcome.Deleted) outcome).revision()).as("deleted after their write at %d", theirs[0]).isGreaterThan(theirs[0]);
        assertThat(etcd.get(key)).as("the key in etcd after the DELETE").isEmpty();
    }

    @Test
    @DisplayName("race: deleted and recreated with a new uid after your read: 409 naming the new uid, the new object stays")
    void raceAgainstRecreate(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, configMap(UID, "d1"));
        String newUid = "7d3c1a52-0000-4000-8000-000000000001";
        long[] recreated = new long[1];
        RacingKV kv = new RacingKV(client.getKVClient(), () -> {
            etcd.delete(key);
            recreated[0] = etcd.put(key, configMap(newUid, "new"));
        });

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, ""));

        assertThat(outcome).as("the object you meant is gone; a new one has the name")
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the UID in the"
                        + " precondition (" + UID + ") does not match the UID in record (" + newUid + "). The object might have"
                        + " been deleted and then recreated"));
        assertUntouched(etcd, key, recreated[0], "new");
    }

    @Test
    @DisplayName("race: deleted by someone else after your read: 404")
    void raceAgainstDelete(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, configMap(UID, "d1"));
        RacingKV kv = new RacingKV(client.getKVClient(), () -> etcd.delete(key));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, Long.toString(rv)));

        assertThat(outcome).as("the answer when another client deleted the object between your read and your delete")
                .isEqualTo(new Outcome.NotFound("configmaps \"cm-del\" not found"));
        assertThat(etcd.get(key)).as("the key in etcd").isEmpty();
    }

    @Test
    @DisplayName("finalizers: the object is kept, marked once with deletionTimestamp and a grace period of 0, and answered")
    void finalizersKeepTheObject(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, withFinalizer(UID, "d1", null));
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);

        Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions(UID, Long.toString(rv)));

        Instant after = Instant.now();
        assertThat(outcome).as("the answer to a DELETE of an object whose metadata.finalizers is [\"%s\"]: kube-apiserver"
                + " keeps it until the finalizer is removed, and answers 200 with the object", FINALIZER)
                .isInstanceOf(Outcome.Kept.class);
        assertThat(etcd.get(key)).as("the key in etcd after a DELETE of an object with a finalizer").isPresent();
        assertThat(etcd.currentRevision() - rv).as("the number of writes to etcd for one DELETE of an object with a finalizer")
                .isEqualTo(1);
        String bytes = etcd.value(key);
        JsonNode stored = parse(bytes).path("metadata");
        String timestamp = stored.path("deletionTimestamp").asText("");
        assertThat(timestamp).as("the stored metadata.deletionTimestamp, written as a metav1.Time (RFC 3339, UTC, whole seconds)")
                .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
        assertThat(Instant.parse(timestamp)).as("the stored deletionTimestamp: the time of this DELETE").isBetween(before, after);
        assertThat(stored.path("deletionGracePeriodSeconds").isIntegralNumber() && stored.path("deletionGracePeriodSeconds").asLong() == 0)
                .as("the stored metadata.deletionGracePeriodSeconds is the number 0 (a ConfigMap has no graceful deletion), found %s",
                        stored.get("deletionGracePeriodSeconds")).isTrue();
        assertThat(stored.path("finalizers").toString()).as("the stored finalizers: a DELETE does not remove them, their"
                + " controller does").isEqualTo("[\"" + FINALIZER + "\"]");
        assertThat(stored.path("uid").asText()).as("the stored uid").isEqualTo(UID);
        assertThat(bytes).as("the stored bytes: the rest of the object is kept").contains("\"data\":{\"k\":\"d1\"}")
                .as("the stored bytes: a resourceVersion is never stored in etcd's value, it is the key's mod_revision")
                .doesNotContain("resourceVersion");

        JsonNode answered = ((Outcome.Kept) outcome).object();
        assertThat(answered.path("metadata").path("resourceVersion").asText()).as("the answered object's resourceVersion:"
                + " the mod_revision of the write that marked it").isEqualTo(Long.toString(etcd.modRevision(key)));
        assertThat(answered.path("metadata").path("deletionTimestamp").asText()).as("the answered deletionTimestamp")
                .isEqualTo(timestamp);
        assertThat(answered.path("data").path("k").asText()).as("the answered object's data").isEqualTo("d1");
    }

    @Test
    @DisplayName("an empty finalizer list keeps nothing: deleted")
    void emptyFinalizersDelete(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, withFinalizers(UID, "d1", null, ""));

        Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, Preconditions.NONE);

        assertThat(outcome).as("the answer to a DELETE of an object whose metadata.finalizers is []").isInstanceOf(Outcome.Deleted.class);
        assertThat(etcd.get(key)).as("the key in etcd after the DELETE").isEmpty();
    }

    @Test
    @DisplayName("finalizers: preconditions still hold first; a 409 marks nothing")
    void finalizersDoNotSkipThePreconditions(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long created = etcd.put(key, withFinalizer(UID, "d1", null));
        long patched = etcd.put(key, withFinalizer(UID, "d2", null));

        assertThat(PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions(UID, Long.toString(created))))
                .as("a DELETE with resourceVersion precondition %d of an object with a finalizer, at %d", created, patched)
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the ResourceVersion in"
                        + " the precondition (" + created + ") does not match the ResourceVersion in record (" + patched
                        + "). The object might have been modified"));
        assertThat(PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions(OTHER_UID, "")))
                .as("a DELETE with uid precondition %s of an object with a finalizer and uid %s", OTHER_UID, UID)
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the UID in the"
                        + " precondition (" + OTHER_UID + ") does not match the UID in record (" + UID + "). The object might"
                        + " have been deleted and then recreated"));
        assertUntouched(etcd, key, patched, "d2");
        assertThat(etcd.value(key)).as("a refused DELETE does not mark the object").doesNotContain("deletionTimestamp");
    }

    @Test
    @DisplayName("already being deleted: a DELETE writes nothing and answers the object as stored; its preconditions still count")
    void repeatedDeleteWritesNothing(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long before = etcd.put(key, withFinalizer(UID, "d1", null));
        long marked = etcd.put(key, withFinalizer(UID, "d1", EARLIER));

        for (Preconditions preconditions : new Preconditions[] {Preconditions.NONE, new Preconditions(UID, Long.toString(marked))}) {
            Outcome outcome = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, preconditions);

            assertThat(outcome).as("a DELETE (preconditions %s) of an object marked for deletion at %s, with a finalizer",
                    preconditions, EARLIER).isInstanceOf(Outcome.Kept.class);
            JsonNode metadata = ((Outcome.Kept) outcome).object().path("metadata");
            assertThat(metadata.path("deletionTimestamp").asText()).as("the answered deletionTimestamp: the first DELETE's"
                    + " stays, a later DELETE does not move it").isEqualTo(EARLIER);
            assertThat(metadata.path("resourceVersion").asText()).as("the answered resourceVersion: the object as stored")
                    .isEqualTo(Long.toString(marked));
            assertThat(etcd.currentRevision()).as("etcd's revision after a DELETE of an object already being deleted: the"
                    + " update would change nothing, so nothing is written").isEqualTo(marked);
        }
        assertThat(PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, new Preconditions("", Long.toString(before))))
                .as("a DELETE with resourceVersion precondition %d of an object already being deleted, at %d", before, marked)
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the ResourceVersion in"
                        + " the precondition (" + before + ") does not match the ResourceVersion in record (" + marked
                        + "). The object might have been modified"));
        assertThat(etcd.modRevision(key)).as("the object's mod_revision after three DELETEs of an object already being deleted")
                .isEqualTo(marked);
    }

    @Test
    @DisplayName("two DELETEs in a row of an object with a finalizer: one write, the same answer twice")
    void deletingTwiceWritesOnce(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, withFinalizer(UID, "d1", null));

        Outcome first = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, Preconditions.NONE);
        long afterFirst = etcd.currentRevision();
        Outcome second = PreconditionedDelete.delete(client.getKVClient(), key, CM_DEL, Preconditions.NONE);

        assertThat(afterFirst).as("etcd's revision after the first DELETE (from %d): one write", rv).isEqualTo(rv + 1);
        assertThat(etcd.currentRevision()).as("etcd's revision after the second DELETE: nothing more is written").isEqualTo(afterFirst);
        assertThat(second).as("the second DELETE answers the object the first one stored").isEqualTo(first);
    }

    @Test
    @DisplayName("race, finalizers: updated after your read: marked on top of their write, theirs not lost")
    void raceAgainstUpdateOfObjectWithFinalizers(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, withFinalizer(UID, "d1", null));
        long[] theirs = new long[1];
        RacingKV kv = new RacingKV(client.getKVClient(), () -> theirs[0] = etcd.put(key, withFinalizer(UID, "theirs", null)));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, ""));

        assertThat(kv.raced()).as("your code never wrote to etcd").isTrue();
        assertThat(outcome).as("the answer when another client updated the object between your read and your write, the"
                + " uid still matching").isInstanceOf(Outcome.Kept.class);
        assertThat(etcd.value(key)).as("the stored object after the DELETE: marking it is a write like any other, and must"
                + " not bring back the data your read saw over theirs (a lost update)").contains("\"k\":\"theirs\"")
                .contains("deletionTimestamp");
        assertThat(etcd.modRevision(key)).as("the DELETE wrote after their write at %d", theirs[0]).isGreaterThan(theirs[0]);
        assertThat(((Outcome.Kept) outcome).object().path("data").path("k").asText()).as("the answered object's data")
                .isEqualTo("theirs");
    }

    @Test
    @DisplayName("race, finalizers: their controller removed the last finalizer after your read: deleted, not marked")
    void raceAgainstFinalizersRemoved(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, withFinalizer(UID, "d1", null));
        long[] theirs = new long[1];
        RacingKV kv = new RacingKV(client.getKVClient(), () -> theirs[0] = etcd.put(key, withFinalizers(UID, "d1", null, "")));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, ""));

        assertThat(kv.raced()).as("your code never wrote to etcd").isTrue();
        assertThat(outcome).as("the answer when the object's last finalizer was removed between your read and your write:"
                + " nothing keeps it any more (marking it would leave it waiting for a finalizer no one will remove)")
                .isInstanceOf(Outcome.Deleted.class);
        assertThat(etcd.get(key)).as("the key in etcd after the DELETE").isEmpty();
    }

    @Test
    @DisplayName("race, finalizers: a finalizer added after your read: kept and marked, not deleted")
    void raceAgainstFinalizerAdded(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, configMap(UID, "d1"));
        RacingKV kv = new RacingKV(client.getKVClient(), () -> etcd.put(key, withFinalizer(UID, "theirs", null)));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, Preconditions.NONE);

        assertThat(kv.raced()).as("your code never wrote to etcd").isTrue();
        assertThat(outcome).as("the answer when a finalizer was added between your read and your write: deleting anyway"
                + " skips the cleanup the finalizer stands for").isInstanceOf(Outcome.Kept.class);
        assertThat(etcd.get(key)).as("the key in etcd after the DELETE").isPresent();
        assertThat(etcd.value(key)).as("the stored object: theirs, marked for deletion").contains("\"k\":\"theirs\"")
                .contains("deletionTimestamp");
    }

    @Test
    @DisplayName("race, finalizers: another DELETE marked it after your read: their deletionTimestamp stays, nothing written")
    void raceAgainstAnotherDelete(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        etcd.put(key, withFinalizer(UID, "d1", null));
        long[] theirs = new long[1];
        RacingKV kv = new RacingKV(client.getKVClient(), () -> theirs[0] = etcd.put(key, withFinalizer(UID, "d1", EARLIER)));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, ""));

        assertThat(kv.raced()).as("your code never wrote to etcd").isTrue();
        assertThat(outcome).as("the answer when another DELETE marked the object between your read and your write")
                .isInstanceOf(Outcome.Kept.class);
        assertThat(((Outcome.Kept) outcome).object().path("metadata").path("deletionTimestamp").asText())
                .as("the answered deletionTimestamp: the other DELETE's, set once").isEqualTo(EARLIER);
        assertThat(etcd.modRevision(key)).as("the object's mod_revision: the other DELETE's write at %d, none after it"
                + " (a second mark changes nothing)", theirs[0]).isEqualTo(theirs[0]);
        assertThat(etcd.value(key)).as("the stored deletionTimestamp").contains(EARLIER);
    }

    @Test
    @DisplayName("race, finalizers: updated after your read, with a resourceVersion precondition: 409, nothing marked")
    void raceAgainstUpdateOfObjectWithFinalizersWithResourceVersion(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-del");
        long rv = etcd.put(key, withFinalizer(UID, "d1", null));
        long[] theirs = new long[1];
        RacingKV kv = new RacingKV(client.getKVClient(), () -> theirs[0] = etcd.put(key, withFinalizer(UID, "theirs", null)));

        Outcome outcome = PreconditionedDelete.delete(kv, key, CM_DEL, new Preconditions(UID, Long.toString(rv)));

        assertThat(kv.raced()).as("your code never wrote to etcd").isTrue();
        assertThat(outcome).as("the answer when another client updated the object with a finalizer (to resourceVersion %d)"
                + " between your read and your write, your precondition being resourceVersion %d: the check your read"
                + " passed is stale", theirs[0], rv)
                .isEqualTo(new Outcome.Conflict("Operation cannot be fulfilled on ConfigMap \"cm-del\": the ResourceVersion in"
                        + " the precondition (" + rv + ") does not match the ResourceVersion in record (" + theirs[0]
                        + "). The object might have been modified"));
        assertUntouched(etcd, key, theirs[0], "theirs");
        assertThat(etcd.value(key)).as("a refused DELETE does not mark the object").doesNotContain("deletionTimestamp");
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("the stored value is not JSON: " + json, e);
        }
    }

    private static void assertUntouched(Direct etcd, String key, long modRevision, String value) {
        KeyValue kv = etcd.get(key).orElseThrow(() -> new AssertionError("a refused delete must leave " + key + " in etcd"));
        assertThat(kv.getModRevision()).as("a refused delete writes nothing: mod_revision stays %d", modRevision)
                .isEqualTo(modRevision);
        assertThat(Direct.text(kv.getValue())).contains("\"k\":\"" + value + "\"");
    }
}

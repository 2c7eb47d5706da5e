package io.rvlab.exercises.ch03;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.exercises.ch03.PreconditionedDelete.Outcome;
import io.rvlab.exercises.ch03.PreconditionedDelete.Preconditions;
import io.rvlab.exercises.ch03.PreconditionedDelete.Target;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 3.5 (a DELETE with preconditions). The messages are the ones a real
 * kube-apiserver sent in the golden capture c2, with this etcd's revisions in place of 95 and 96.
 * The race tests use {@link RacingKV}: another writer changes the key right between your read and
 * your write, every time.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("3.5 DELETE with preconditions")
class PreconditionedDeleteTest {

    private static final String UID = "e169eed2-dbe3-4f8e-802f-8862742d0406";
    private static final String OTHER_UID = "00000000-0000-0000-0000-000000000000";
    private static final Target CM_DEL = new Target("", "ConfigMap", "configmaps", "cm-del");

    private static String configMap(String uid, String value) {
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-del\",\"namespace\":\"lab\",\"uid\":\""
                + uid + "\"},\"data\":{\"k\":\"" + value + "\"}}";
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

    private static void assertUntouched(Direct etcd, String key, long modRevision, String value) {
        KeyValue kv = etcd.get(key).orElseThrow(() -> new AssertionError("a refused delete must leave " + key + " in etcd"));
        assertThat(kv.getModRevision()).as("a refused delete writes nothing: mod_revision stays %d", modRevision)
                .isEqualTo(modRevision);
        assertThat(Direct.text(kv.getValue())).contains("\"k\":\"" + value + "\"");
    }
}

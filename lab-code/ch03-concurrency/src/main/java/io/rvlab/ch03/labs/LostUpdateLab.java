package io.rvlab.ch03.labs;

import static io.rvlab.ch02.labs.LabObjects.rv;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.api.Conflicts;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lab 3.1: two writers read the same ConfigMap, each changes a different key and PUTs the whole
 * object back. Without a resourceVersion in the body the second PUT silently erases the first
 * writer's change; with it, the second PUT gets 409 Conflict, re-reads and nothing is lost. The
 * race is driven by the order of the steps, so the run is the same every time. The lab prints the
 * etcd calls the server made for each request (traced from its jetcd client by {@link EtcdCallTrace}),
 * checks them, and draws the run, those calls included, as a sequence diagram.
 */
public final class LostUpdateLab implements Lab {

    static final String NS = "lab-3-1";
    static final String A = "Writer A";
    static final String B = "Writer B";
    static final String SERVER = "API server";
    static final String ETCD = "etcd";
    static final String DIAGRAM = "optimistic-locking.svg";

    private Narrator out;
    private LabApi api;
    private ConfigMapClient cms;
    private SequenceDiagram diagram;

    @Override
    public String id() {
        return "3.1";
    }

    @Override
    public String title() {
        return "The lost update, and how resourceVersion prevents it";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        out = lab.out();
        diagram = new SequenceDiagram("Lab 3.1: the lost update, and optimistic locking",
                "Recorded from the lab's run on a fresh etcd. Two writers change different keys of one ConfigMap. "
                        + "Solid arrows are requests, dashed ones answers. The API server's arrows to etcd are the "
                        + "calls its jetcd client really sent (gRPC Range and Txn, traced on the wire), with etcd's "
                        + "answers and this run's revisions.", LabApi.lifelines());
        try (LabApi labApi = new LabApi(lab)) {
            api = labApi;
            cms = new ConfigMapClient(api.client(), NS);

            out.step("Start the API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            api.startClean(NS);
            api.client().create("/api/v1/namespaces", LabObjects.namespace(NS));
            out.say("From here on, each answer is preceded by the etcd calls the server made for it, recorded");
            out.say("from the server's own jetcd client (\"server -> etcd\" lines).");
            api.printServerCalls(true);

            // ---- round 1 ----
            out.step("Round 1: create foo-1 with bar=0 and baz=0");
            ObjectNode foo1 = cms.create(configMap("foo-1"));
            out.check(created(), "the server read the namespace (a range), then created foo-1 in one txn: put only if the key "
                    + "has never existed (create_revision 0)");
            diagram.note("Round 1: PUT without resourceVersion (foo-1 created at resourceVersion " + rv(foo1) + ")");

            out.step("Both writers GET foo-1, before either writes");
            ObjectNode a = get(A, "foo-1");
            ObjectNode b = get(B, "foo-1");
            out.check(rv(a) == rv(b), "A and B hold the same version, resourceVersion " + rv(a));
            long readA = rv(a);

            out.step("A sets bar=A and PUTs its whole object, without a resourceVersion");
            out.say("Removing metadata.resourceVersion makes the PUT unconditional: ConfigMaps allow that.");
            out.say("(The writers also leave out uid and creationTimestamp: the server keeps those from the stored object.)");
            set(a, "bar", "A").withObject("/metadata").remove("resourceVersion");
            ObjectNode afterA = put(A, a);
            out.check(LabObjects.data(afterA).equals(Map.of("bar", "A", "baz", "0")), "200 OK: foo-1 now has bar=A, baz=0");
            out.check(guardedWrite(readA, rv(afterA)), "even without a resourceVersion, the server wrote with a txn guarded "
                    + "by mod_revision " + readA + ", the last foo-1 it had seen (it had just served it to the GETs, so it did "
                    + "not read it again): unconditional for the client, never blind in etcd");

            out.step("B sets baz=B on its copy (still bar=0) and PUTs it, without a resourceVersion");
            set(b, "baz", "B").withObject("/metadata").remove("resourceVersion");
            ObjectNode afterB = put(B, b);
            out.check(afterB.path("metadata").path("resourceVersion").asText().equals(String.valueOf(rv(afterA) + 1)),
                    "200 OK again, resourceVersion " + rv(afterB) + ": nothing told B that foo-1 had changed");

            out.step("Read foo-1 in etcd, without the API server");
            LabApi.KeyNumbers one = api.etcdGet(key("foo-1"));
            Map<String, String> lost = data(one);
            out.show("data %s", lost);
            out.check(lost.equals(Map.of("bar", "0", "baz", "B")),
                    "the lost update: etcd holds bar=0, baz=B. B's write put back the bar=0 it had read, erasing A's bar=A");
            out.check(one.modRevision() == rv(afterB) && one.version() == 3,
                    "mod_revision " + one.modRevision() + ", version 3: both writes happened, the second over the first");

            // ---- round 2 ----
            out.step("Round 2: create foo-2 with bar=0 and baz=0, and both writers GET it");
            ObjectNode foo2 = cms.create(configMap("foo-2"));
            diagram.note("Round 2: PUT with the resourceVersion read (foo-2 created at resourceVersion " + rv(foo2) + ")");
            ObjectNode a2 = get(A, "foo-2");
            ObjectNode b2 = get(B, "foo-2");
            long read = rv(b2);

            out.step("A sets bar=A and PUTs, keeping the resourceVersion it read");
            set(a2, "bar", "A");
            ObjectNode afterA2 = put(A, a2);
            out.check(rv(afterA2) > read && guardedWrite(read, rv(afterA2)), "200 OK: resourceVersion " + read
                    + " was current, so the server's txn (if mod_revision = " + read + ") went through as " + rv(afterA2));

            out.step("B sets baz=B and PUTs with RetryOnConflict (client-go's DefaultRetry: 5 attempts, 10ms apart)");
            out.say("The first attempt sends the copy B read before A wrote; every later attempt GETs afresh.");
            int[] attempts = {0};
            ConflictException[] conflict = {null};
            // tag::retry-attempts[]
            List<List<EtcdCall>> refused = new ArrayList<>();
            ObjectNode afterB2 = RetryOnConflict.run(RetryOnConflict.DEFAULT_RETRY, () -> {
                attempts[0]++;
                out.say("attempt " + attempts[0] + ":");
                ObjectNode current = attempts[0] == 1 ? b2 : get(B, "foo-2");
                set(current, "baz", "B");
                try {
                    return put(B, current);
                } catch (ConflictException e) {
                    conflict[0] = conflict[0] == null ? e : conflict[0];
                    refused.add(api.lastServerCalls());
                    throw e;
                }
            });
            // end::retry-attempts[]
            String expected = "Operation cannot be fulfilled on configmaps \"foo-2\": " + Conflicts.OPTIMISTIC_LOCK_MESSAGE;
            out.check(conflict[0] != null && conflict[0].status().code() == 409
                            && expected.equals(conflict[0].status().message()),
                    "attempt 1: 409 Conflict, \"" + expected + "\"");
            List<EtcdCall> refusedCalls = refused.isEmpty() ? List.of() : refused.get(0);
            out.check(refusedCalls.size() == 1 && refusedCalls.get(0).isRange()
                            && refusedCalls.get(0).modRevisionRead().orElse(0) == rv(afterA2),
                    "the refused PUT cost etcd one range and no txn: the server saw mod_revision " + rv(afterA2)
                            + ", not the " + read + " B sent, and wrote nothing");
            out.check(attempts[0] == 2 && LabObjects.data(afterB2).equals(Map.of("bar", "A", "baz", "B")),
                    "attempt 2 re-read foo-2 at resourceVersion " + rv(afterA2) + " and wrote bar=A, baz=B as "
                            + rv(afterB2));

            out.step("Read foo-2 in etcd, without the API server");
            LabApi.KeyNumbers two = api.etcdGet(key("foo-2"));
            out.show("data %s", data(two));
            out.check(data(two).equals(Map.of("bar", "A", "baz", "B")),
                    "nothing lost: etcd holds A's bar=A and B's baz=B");
            out.check(two.modRevision() == rv(afterB2) && two.version() == 3,
                    "mod_revision " + two.modRevision() + " is B's resourceVersion, version 3: the refused PUT wrote nothing");

            Path file = lab.artifacts().resolve(DIAGRAM);
            diagram.write(file);
            out.check(Files.size(file) > 0, "the run drawn as " + DIAGRAM + " in the lab's artifacts ("
                    + diagram.messages() + " messages)");
        }
        out.conclude("a PUT carries the whole object. Without a resourceVersion the last writer wins and silently "
                + "erases what it never saw. With it, the server compares it to the key's mod_revision and refuses a "
                + "stale write with 409 Conflict; the writer re-reads, re-applies its change, and both changes survive.");
    }

    // --- the writers' calls, printed by the client and recorded in the diagram -------------------

    private ObjectNode get(String who, String name) {
        diagram.message(who, SERVER, "GET " + name, SequenceDiagram.Tone.REQUEST);
        ObjectNode object = cms.get(name);
        drawServerCalls();
        diagram.message(SERVER, who, "200, resourceVersion " + rv(object) + " " + LabObjects.data(object),
                SequenceDiagram.Tone.OK);
        return object;
    }

    // tag::record[]
    private ObjectNode put(String who, ObjectNode object) {
        // The server keeps uid and creationTimestamp from the stored object (rest.BeforeUpdate), so the
        // writers leave them out: the curl lines then show no uid or timestamp, and the result is the same.
        object.withObject("/metadata").remove(List.of("uid", "creationTimestamp"));
        String name = object.path("metadata").path("name").asText();
        String sent = object.path("metadata").path("resourceVersion").asText("");
        diagram.message(who, SERVER, "PUT " + name + " " + LabObjects.data(object)
                + (sent.isEmpty() ? ", no resourceVersion" : ", resourceVersion " + sent), SequenceDiagram.Tone.REQUEST);
        try {
            ObjectNode written = cms.update(object);
            drawServerCalls();
            diagram.message(SERVER, who, "200, resourceVersion " + rv(written), SequenceDiagram.Tone.OK);
            return written;
        } catch (ConflictException e) {
            drawServerCalls();
            long stored = api.lastServerCalls().stream().map(EtcdCall::modRevisionRead)
                    .filter(java.util.OptionalLong::isPresent).mapToLong(java.util.OptionalLong::getAsLong)
                    .reduce((first, last) -> last).orElse(0);
            diagram.message(SERVER, who, "409 Conflict: sent " + sent + ", stored " + stored,
                    SequenceDiagram.Tone.CONFLICT);
            throw e;
        }
    }
    // end::record[]

    /** The etcd calls the server made for the last request, as traced from its jetcd client: one arrow each way. */
    private void drawServerCalls() {
        for (EtcdCall call : api.lastServerCalls()) {
            diagram.message(SERVER, ETCD, call.describe(LostUpdateLab::shortKey), SequenceDiagram.Tone.REQUEST);
            diagram.message(ETCD, SERVER, call.answer(), SequenceDiagram.Tone.REPLY);
        }
    }

    /**
     * Whether the last request's etcd calls were one txn, guarded by {@code read}, that wrote {@code written}: the
     * server started from the foo it had last seen (storage.SuggestedObjects), so it did not range first.
     */
    private boolean guardedWrite(long read, long written) {
        List<EtcdCall> calls = api.lastServerCalls();
        return calls.size() == 1 && calls.get(0).isTxn() && calls.get(0).comparedModRevision().orElse(0) == read
                && calls.get(0).succeeded() && calls.get(0).puts() == 1 && calls.get(0).headerRevision() == written;
    }

    /** Whether the last request's etcd calls were a range of the namespace and one txn putting a key only if it had never existed. */
    private boolean created() {
        List<EtcdCall> calls = api.lastServerCalls();
        return calls.size() == 2 && calls.get(0).isRange()
                && calls.get(0).describe(k -> k).equals("range /registry/namespaces/" + NS)
                && calls.get(1).isTxn() && calls.get(1).succeeded() && calls.get(1).puts() == 1
                && calls.get(1).describe(k -> k).startsWith("txn if create_revision(");
    }

    /** foo-1 rather than /registry/configmaps/lab-3-1/foo-1: the diagram's arrows are short. */
    static String shortKey(String key) {
        return key.substring(key.lastIndexOf('/') + 1);
    }

    private static ObjectNode set(ObjectNode object, String key, String value) {
        object.withObject("/data").put(key, value);
        return object;
    }

    private static String key(String name) {
        return "/registry/configmaps/" + NS + "/" + name;
    }

    private static Map<String, String> data(LabApi.KeyNumbers numbers) throws java.io.IOException {
        return LabObjects.data(GoJson.read(numbers.value().getBytes(StandardCharsets.UTF_8)));
    }

    static ObjectNode configMap(String name) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name);
        cm.putObject("data").put("bar", "0").put("baz", "0");
        return cm;
    }
}

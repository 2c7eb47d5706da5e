package io.rvlab.ch03.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lab 3.2: the race of lab 3.1 four times, each time with B answering it differently: retry
 * (RetryOnConflict), merge (a JSON merge patch of only its own key), overwrite (a PUT without
 * resourceVersion) and give up (report the 409). Each outcome is read back from etcd.
 */
public final class ConflictStrategiesLab implements Lab {

    static final String NS = "lab-3-2";

    private Narrator out;
    private ConfigMapClient cms;
    private final List<String> outcomes = new ArrayList<>();

    @Override
    public String id() {
        return "3.2";
    }

    @Override
    public String title() {
        return "Conflict strategies: retry, merge, overwrite, give up";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        out = lab.out();
        outcomes.clear();
        try (LabApi api = new LabApi(lab)) {
            cms = new ConfigMapClient(api.client(), NS);
            out.step("Start the API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            out.say("Each round: a fresh ConfigMap with bar=0, baz=0; A and B read it; A writes bar=A first;");
            out.say("then B, holding a stale copy, wants baz=B. Writers leave out uid and creationTimestamp, as in lab 3.1.");
            api.startClean(NS);
            api.client().create("/api/v1/namespaces", LabObjects.namespace(NS));

            // retry
            ObjectNode b = race("retry", "Retry: B re-reads and re-applies its change (RetryOnConflict, DefaultRetry)");
            int[] attempts = {0};
            RetryOnConflict.run(RetryOnConflict.DEFAULT_RETRY, () -> {
                attempts[0]++;
                out.say("attempt " + attempts[0] + ":");
                ObjectNode current = attempts[0] == 1 ? b : strip(cms.get("retry"));
                current.withObject("/data").put("baz", "B");
                return cms.update(current);
            });
            Map<String, String> retried = etcd(api, "retry");
            out.check(attempts[0] == 2 && retried.equals(Map.of("bar", "A", "baz", "B")),
                    "retry: a 409, then a fresh read and a PUT on it; etcd holds bar=A, baz=B");
            outcomes.add("retry      bar=A, baz=B  both kept, one extra GET and PUT");

            // merge
            race("merge", "Merge: B sends only its change, as a JSON merge patch without resourceVersion");
            cms.patch("merge", "{\"data\":{\"baz\":\"B\"}}");
            Map<String, String> merged = etcd(api, "merge");
            out.check(merged.equals(Map.of("bar", "A", "baz", "B")),
                    "merge: the server applied baz=B to the latest object; etcd holds bar=A, baz=B, no conflict at all");
            outcomes.add("merge      bar=A, baz=B  both kept, no conflict: B never sent bar");

            // overwrite
            ObjectNode o = race("overwrite", "Overwrite: B PUTs its whole copy without resourceVersion");
            o.withObject("/data").put("baz", "B");
            o.withObject("/metadata").remove("resourceVersion");
            cms.update(o);
            Map<String, String> overwritten = etcd(api, "overwrite");
            out.check(overwritten.equals(Map.of("bar", "0", "baz", "B")),
                    "overwrite: 200 OK and etcd holds bar=0, baz=B: A's bar=A is gone, as in lab 3.1");
            outcomes.add("overwrite  bar=0, baz=B  A's change lost, silently");

            // give up
            ObjectNode g = race("give-up", "Give up: B PUTs with the resourceVersion it read, and stops at the 409");
            g.withObject("/data").put("baz", "B");
            ConflictException conflict = null;
            try {
                cms.update(g);
            } catch (ConflictException e) {
                conflict = e;
            }
            out.check(conflict != null && "Conflict".equals(conflict.status().reason()),
                    "give up: 409 Conflict, and B reports it instead of writing");
            Map<String, String> gaveUp = etcd(api, "give-up");
            out.check(gaveUp.equals(Map.of("bar", "A", "baz", "0")),
                    "etcd holds bar=A, baz=0: A's change kept, B's not made; someone must decide again");
            outcomes.add("give up    bar=A, baz=0  A's change kept, B's change left to its caller");

            out.step("The four outcomes of the same race");
            outcomes.forEach(line -> out.show("%s", line));
            out.say("retry:     the change is recomputed from what is current (a controller setting a field it owns).");
            out.say("merge:     the change does not depend on the rest of the object (set one key, one label).");
            out.say("overwrite: only when one writer owns the whole object; anyone else's change is erased.");
            out.say("give up:   the change was decided on a state that is gone (kubectl edit reports the conflict;");
            out.say("           a controller returns the error and its work queue requeues the key).");
        }
        out.conclude("a conflict is information: the object changed since you read it. Retrying re-reads and "
                + "re-applies, a merge patch sends only what changes and so cannot conflict on the rest, giving up "
                + "leaves the decision to the caller, and overwriting, the only strategy that ignores the conflict, "
                + "is the only one that lost a change.");
    }

    /** Creates the ConfigMap, lets A and B both read it, and A write bar=A first. Returns B's (now stale) copy. */
    private ObjectNode race(String name, String step) {
        out.step(step);
        out.say("A and B read " + name + "; A sets bar=A and PUTs first, with its resourceVersion.");
        cms.create(LostUpdateLab.configMap(name));
        ObjectNode a = strip(cms.get(name));
        ObjectNode b = strip(cms.get(name));
        a.withObject("/data").put("bar", "A");
        cms.update(a);
        return b;
    }

    /** As in lab 3.1: the server keeps uid and creationTimestamp, so the writers leave them out of their PUTs. */
    private static ObjectNode strip(ObjectNode object) {
        object.withObject("/metadata").remove(List.of("uid", "creationTimestamp"));
        return object;
    }

    private Map<String, String> etcd(LabApi api, String name) throws java.io.IOException {
        LabApi.KeyNumbers numbers = api.etcdGet("/registry/configmaps/" + NS + "/" + name);
        JsonNode value = GoJson.read(numbers.value().getBytes(StandardCharsets.UTF_8));
        Map<String, String> data = LabObjects.data(value);
        out.show("data %s", data);
        return data;
    }
}

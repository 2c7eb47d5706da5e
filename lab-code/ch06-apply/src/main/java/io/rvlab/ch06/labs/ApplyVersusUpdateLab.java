package io.rvlab.ch06.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.ch06.client.ApplyClient;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;
import java.util.Map;

/**
 * Lab 6.1: apply versus update. An apply creates a ConfigMap and records an {@code Apply} entry
 * owning exactly the fields its config names; a merge patch by another manager records an {@code
 * Update} entry and takes the field it changed from the applier without any conflict; a PUT sends
 * every field but takes only the ones whose value it changed; and the applier, applying its old
 * value again, now meets a conflict: updates take, applies ask.
 */
public final class ApplyVersusUpdateLab implements Lab {

    static final String NS = "lab-6-1";
    static final String CONFIGMAPS = "/api/v1/namespaces/" + NS + "/configmaps";

    static final String ALICE_CONFIG = """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: settings
            data:
              color: red
              owner: alice
            """;

    @Override
    public String id() {
        return "6.1";
    }

    @Override
    public String title() {
        return "Apply versus update: who owns which field";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        try (LabCluster cluster = new LabCluster(lab)) {
            ApplyClient api = cluster.api();
            out.step("Start the API server and start clean");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);

            // tag::lab-apply-vs-update[]
            out.step("alice applies her intent: the ConfigMap does not exist, so the apply creates it");
            ObjectNode created = api.apply(CONFIGMAPS, "settings", ALICE_CONFIG, "alice", false);
            out.check(cluster.lastCode() == 201, "201 Created: an apply creates what is missing");
            JsonNode entry = created.path("metadata").path("managedFields").path(0);
            out.say("alice's entry, as stored (time left out): fieldsV1 " + GoJson.compact(entry.path("fieldsV1")));
            out.check(ManagedFieldsTable.owners(created).equals(Map.of(".data.color", List.of("alice"),
                            ".data.owner", List.of("alice"))) && "Apply".equals(entry.path("operation").asText()),
                    "one Apply entry, alice's, owning exactly the two fields her config names");

            out.step("bob changes the color and adds a size with a merge patch: an update, not an apply");
            ObjectNode patched = api.mergePatch(CONFIGMAPS, "settings", "{\"data\":{\"color\":\"blue\",\"size\":\"L\"}}", "bob");
            out.check(cluster.lastCode() == 200 && ManagedFieldsTable.owners(patched).equals(Map.of(
                            ".data.color", List.of("bob"), ".data.owner", List.of("alice"), ".data.size", List.of("bob"))),
                    "no conflict: bob's Update entry took .data.color from alice, who keeps only .data.owner");
            // end::lab-apply-vs-update[]

            out.step("A PUT without ?fieldManager: the manager is the User-Agent's first part; it takes only what it changed");
            ObjectNode live = cluster.quietApi().get(CONFIGMAPS, "settings");
            ObjectNode whole = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
            whole.putObject("metadata").put("name", "settings").put("resourceVersion", LabCluster.rv(live));
            ObjectNode data = whole.putObject("data");
            data.setAll((ObjectNode) live.get("data"));
            data.put("owner", "carol");
            ObjectNode put = api.withUserAgent("lab-editor/1.0").update(CONFIGMAPS, "settings", whole, null);
            out.check(ManagedFieldsTable.owners(put).equals(Map.of(".data.color", List.of("bob"),
                            ".data.owner", List.of("lab-editor"), ".data.size", List.of("bob"))),
                    "the PUT sent all three fields but owns only .data.owner, the one it changed; alice's entry, now "
                            + "empty, is gone");

            out.step("alice applies her unchanged config again: now she would change fields others own");
            try {
                api.apply(CONFIGMAPS, "settings", ALICE_CONFIG, "alice", false);
                out.check(false, "alice's apply conflicts");
            } catch (ConflictException e) {
                out.check(ApplyClient.isFieldManagerConflict(e) && e.status().details().causes().size() == 2,
                        "409 Conflict with one cause per contested field: an apply never silently takes a field, an "
                                + "update always does");
            }
            ObjectNode after = cluster.quietApi().get(CONFIGMAPS, "settings");
            out.check(LabCluster.rv(after).equals(LabCluster.rv(put)), "the refused apply wrote nothing: the resourceVersion "
                    + "is still " + LabCluster.rv(put));
        }
        out.conclude("an apply records what a manager intends (an Apply entry) and refuses to change fields others own; "
                + "a PUT or a patch records an Update entry and silently takes every field whose value it changes. "
                + "managedFields say, field by field, who set it last and how.");
    }
}

package io.rvlab.ch06.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.ch06.client.ApplyClient;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;

/**
 * Lab 6.3: forcing. bob applies a color alice owns: 409, one cause naming alice and the field. With
 * force=true the apply wins and the field moves to bob, alice keeps the rest. The same apply again
 * is a no-op (same resourceVersion). carol applies the same value: no conflict, the field is
 * shared. Then a change by bob conflicts with carol, and forcing takes it from her. The lab draws
 * the ownership after each step as {@value #DIAGRAM}.
 */
public final class ForcingLab implements Lab {

    static final String NS = "lab-6-3";
    static final String CONFIGMAPS = "/api/v1/namespaces/" + NS + "/configmaps";
    /** The ownership diagram this lab draws into its artifacts folder (the docs site's images/ch06). */
    public static final String DIAGRAM = "apply-ownership.svg";

    @Override
    public String id() {
        return "6.3";
    }

    @Override
    public String title() {
        return "Forcing: a conflict, force=true, and ownership moving";
    }

    static String config(String... data) {
        StringBuilder yaml = new StringBuilder("""
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: palette
                data:
                """);
        for (int i = 0; i < data.length; i += 2) {
            yaml.append("  ").append(data[i]).append(": ").append(data[i + 1]).append('\n');
        }
        return yaml.toString();
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        OwnershipDiagram diagram = new OwnershipDiagram("Ownership of the ConfigMap palette's fields, step by step (lab 6.3)",
                "Each column is one request of lab 6.3; each cell shows whose managedFields entry owned the field after it. "
                        + "A refused apply (409) moves nothing; force moves a field to the applier; the same value applied "
                        + "by two managers is owned by both.");
        try (LabCluster cluster = new LabCluster(lab)) {
            ApplyClient api = cluster.api();
            out.step("Start the API server and start clean");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);

            out.step("alice applies color and owner");
            ObjectNode object = api.apply(CONFIGMAPS, "palette", config("color", "red", "owner", "alice"), "alice", false);
            diagram.record("alice applies color=red, owner=alice", "201 Created", object);

            // tag::lab-force[]
            out.step("bob applies another color, without force");
            try {
                api.apply(CONFIGMAPS, "palette", config("color", "blue"), "bob", false);
                out.check(false, "bob's apply conflicts");
            } catch (ConflictException e) {
                out.check(e.status().message().equals("Apply failed with 1 conflict: conflict with \"alice\": .data.color"),
                        "409: \"Apply failed with 1 conflict: conflict with \\\"alice\\\": .data.color\"");
            }
            object = cluster.quietApi().get(CONFIGMAPS, "palette");
            diagram.record("bob applies color=blue", "409 Conflict", object);

            out.step("bob applies the same with force=true");
            ObjectNode forced = api.apply(CONFIGMAPS, "palette", config("color", "blue"), "bob", true);
            out.check(ManagedFieldsTable.owners(forced).get(".data.color").equals(List.of("bob"))
                            && ManagedFieldsTable.owners(forced).get(".data.owner").equals(List.of("alice")),
                    "the value is bob's and so is the field: .data.color left alice's entry, .data.owner stayed");
            diagram.record("bob applies color=blue, force=true", "200 OK", forced);
            // end::lab-force[]

            out.step("bob applies exactly the same config again");
            ObjectNode again = api.apply(CONFIGMAPS, "palette", config("color", "blue"), "bob", false);
            out.check(LabCluster.rv(again).equals(LabCluster.rv(forced)),
                    "a no-op apply: nothing changed, nothing was written, the resourceVersion is still " + LabCluster.rv(forced));
            diagram.record("bob applies the same again", "200 OK, no write", again);

            out.step("carol applies the same color as bob, and a size");
            ObjectNode shared = api.apply(CONFIGMAPS, "palette", config("color", "blue", "size", "M"), "carol", false);
            out.check(ManagedFieldsTable.owners(shared).get(".data.color").equals(List.of("bob", "carol")),
                    "no conflict: the same value is owned by both bob and carol");
            diagram.record("carol applies color=blue, size=M", "200 OK", shared);

            out.step("bob changes the color: now carol, a co-owner, is in the way");
            try {
                api.apply(CONFIGMAPS, "palette", config("color", "green"), "bob", false);
                out.check(false, "bob's apply conflicts with carol");
            } catch (ConflictException e) {
                out.check(e.status().details().causes().size() == 1
                                && e.status().details().causes().get(0).message().equals("conflict with \"carol\""),
                        "409 again, one cause: conflict with \"carol\" on .data.color (bob's own share is no obstacle)");
            }
            object = cluster.quietApi().get(CONFIGMAPS, "palette");
            diagram.record("bob applies color=green", "409 Conflict", object);

            out.step("bob forces green");
            ObjectNode green = api.apply(CONFIGMAPS, "palette", config("color", "green"), "bob", true);
            out.check(ManagedFieldsTable.owners(green).get(".data.color").equals(List.of("bob"))
                            && ManagedFieldsTable.owners(green).get(".data.size").equals(List.of("carol")),
                    "bob is the sole owner of .data.color; carol keeps .data.size, her value of color is gone");
            diagram.record("bob applies color=green, force=true", "200 OK", green);
        }
        diagram.write(lab.artifacts().resolve(DIAGRAM));
        out.say("(the ownership after each step is drawn in " + DIAGRAM + ")");
        out.conclude("an apply that would change a field someone else owns is refused with the owner's name and the "
                + "field; force=true takes the field from every other owner; the same value applied twice is shared; "
                + "and applying what is already there writes nothing.");
    }
}

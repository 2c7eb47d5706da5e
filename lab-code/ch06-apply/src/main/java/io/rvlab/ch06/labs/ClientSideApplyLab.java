package io.rvlab.ch06.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.ch06.client.ApplyClient;
import io.rvlab.ch06.client.ClientSideApply;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Lab 6.5: client-side apply versus server-side apply, on the same story. A user applies a
 * Deployment with replicas 3, and an autoscaler (manager "hpa") later sets replicas 5. With
 * kubectl's client-side apply, the user's next apply sets 3 again without a word, and once the user
 * leaves replicas out, the field is deleted: the last-applied annotation remembers what the user
 * applied, but nothing remembers who changed it since. With server-side apply, the same re-apply is
 * refused with a conflict naming hpa, and leaving replicas out hands the field to hpa.
 */
public final class ClientSideApplyLab implements Lab {

    static final String NS = "lab-6-5";
    static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/" + NS + "/deployments";

    @Override
    public String id() {
        return "6.5";
    }

    @Override
    public String title() {
        return "Client-side apply's last-applied annotation versus server-side apply";
    }

    static ObjectNode config(String name, Integer replicas) {
        try {
            return (ObjectNode) GoJson.read(yamlToJson(name, replicas).getBytes(StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String yamlToJson(String name, Integer replicas) {
        return "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{"
                + (replicas == null ? "" : "\"replicas\":" + replicas + ",")
                + "\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},"
                + "\"spec\":{\"containers\":[{\"name\":\"web\",\"image\":\"nginx:1.27\"}]}}}}";
    }

    static String yaml(String name, Integer replicas) {
        return FightOverReplicasLab.deployerConfig(replicas).replace("name: web\nspec:", "name: " + name + "\nspec:");
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        try (LabCluster cluster = new LabCluster(lab)) {
            ApplyClient api = cluster.printing(body -> body.contains(ClientSideApply.LAST_APPLIED) && body.contains("\"kind\"")
                    ? "<the config, with the annotation below>" : body);
            ClientSideApply kubectl = new ClientSideApply(ResourceTypes.DEPLOYMENTS);
            out.step("Start the API server and start clean");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);
            cluster.focus(field -> field.equals(".spec.replicas") || field.startsWith(".metadata.annotations"));
            out.say("(the managedFields tables below list .spec.replicas and the annotation, and count the other fields)");

            // tag::lab-csa[]
            out.step("kubectl apply -f web.yaml (client-side): the Deployment is created with the annotation");
            ClientSideApply.Result created = kubectl.apply(api, DEPLOYMENTS, config("web", 3));
            String annotation = created.object().path("metadata").path("annotations").path(ClientSideApply.LAST_APPLIED).asText();
            out.say("annotation " + ClientSideApply.LAST_APPLIED + " (" + annotation.getBytes(StandardCharsets.UTF_8).length
                    + " bytes):");
            out.say("  " + annotation.strip());
            out.check(created.created() && config("web", 3).equals(ClientSideApply.lastApplied(created.object())),
                    "the object carries a copy of the whole config it was applied from, in an annotation");

            out.step("The autoscaler (manager hpa) sets replicas 5");
            api.mergePatch(DEPLOYMENTS, "web", "{\"spec\":{\"replicas\":5}}", "hpa");

            out.step("kubectl apply -f web.yaml again, unchanged: the three-way patch sets replicas back");
            ClientSideApply.Result again = kubectl.apply(api, DEPLOYMENTS, config("web", 3));
            out.check(GoJson.compact(again.sent()).equals("{\"spec\":{\"replicas\":3}}")
                            && again.object().path("spec").path("replicas").asInt() == 3,
                    "the patch {\"spec\":{\"replicas\":3}} silently overwrote hpa's 5: no conflict, no warning");
            // end::lab-csa[]

            out.step("hpa sets replicas 5 again; the user leaves replicas out of web.yaml, for hpa to decide, and applies");
            api.mergePatch(DEPLOYMENTS, "web", "{\"spec\":{\"replicas\":5}}", "hpa");
            ClientSideApply.Result dropped = kubectl.apply(api, DEPLOYMENTS, config("web", null));
            out.check(dropped.sent().path("spec").has("replicas") && dropped.sent().path("spec").path("replicas").isNull()
                            && dropped.object().path("spec").path("replicas").asInt() == 1,
                    "the annotation had replicas, the config has not: the patch deleted it (\"replicas\":null), hpa's 5 "
                            + "is gone and the default 1 is back");

            // tag::lab-csa-ssa[]
            out.step("The same story with server-side apply, on web-ssa");
            api.apply(DEPLOYMENTS, "web-ssa", yaml("web-ssa", 3), "user", false);
            api.mergePatch(DEPLOYMENTS, "web-ssa", "{\"spec\":{\"replicas\":5}}", "hpa");
            try {
                api.apply(DEPLOYMENTS, "web-ssa", yaml("web-ssa", 3), "user", false);
                out.check(false, "the re-apply conflicts");
            } catch (ConflictException e) {
                out.check(ApplyClient.isFieldManagerConflict(e) && e.status().message().contains("conflict with \"hpa\""),
                        "the unchanged re-apply is refused: conflict with \"hpa\" on .spec.replicas; nothing is overwritten "
                                + "behind hpa's back");
            }
            ObjectNode handed = api.apply(DEPLOYMENTS, "web-ssa", yaml("web-ssa", null), "user", false);
            out.check(handed.path("spec").path("replicas").asInt() == 5
                            && ManagedFieldsTable.owners(handed).get(".spec.replicas").equals(List.of("hpa"))
                            && !handed.path("metadata").path("annotations").has(ClientSideApply.LAST_APPLIED),
                    "leaving replicas out hands it to hpa: replicas stays 5; and no annotation, managedFields remember "
                            + "who owns what");
            // end::lab-csa-ssa[]
        }
        out.conclude("client-side apply remembers only what this client applied last (a copy of the config in an "
                + "annotation) and diffs it against the live object: it overwrites other writers' values and deletes "
                + "fields they took over without noticing. Server-side apply keeps every manager's fields on the server "
                + "and answers such a collision with a conflict.");
    }
}

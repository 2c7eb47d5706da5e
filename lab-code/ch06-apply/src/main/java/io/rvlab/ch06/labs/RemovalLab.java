package io.rvlab.ch06.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.client.ApplyClient;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;
import java.util.Map;

/**
 * Lab 6.4: removing a field by no longer applying it. An applier's config is its whole intent, so a
 * field it applied before and leaves out now is one it wants gone: the server removes it when
 * nobody else owns it, and only drops the applier's ownership when someone does. Keyed lists work
 * item by item: a container left out of the config is removed from the Deployment.
 */
public final class RemovalLab implements Lab {

    static final String NS = "lab-6-4";
    static final String CONFIGMAPS = "/api/v1/namespaces/" + NS + "/configmaps";
    static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/" + NS + "/deployments";

    @Override
    public String id() {
        return "6.4";
    }

    @Override
    public String title() {
        return "Removing a field by no longer applying it";
    }

    static String features(String... keys) {
        StringBuilder yaml = new StringBuilder("""
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: features
                data:
                """);
        for (String key : keys) {
            yaml.append("  ").append(key).append(": \"on\"\n");
        }
        return yaml.toString();
    }

    static String web(boolean sidecar) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: web
                spec:
                  selector:
                    matchLabels:
                      app: web
                  template:
                    metadata:
                      labels:
                        app: web
                    spec:
                      containers:
                      - name: web
                        image: nginx:1.27
                """ + (sidecar ? """
                      - name: log
                        image: busybox:1.36
                """ : "");
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        try (LabCluster cluster = new LabCluster(lab)) {
            ApplyClient api = cluster.api();
            out.step("Start the API server and start clean");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);

            // tag::lab-removal[]
            out.step("alice applies three keys; bob applies one of them, c, with the same value");
            api.apply(CONFIGMAPS, "features", features("a", "b", "c"), "alice", false);
            ObjectNode shared = api.apply(CONFIGMAPS, "features", features("c"), "bob", false);
            out.check(ManagedFieldsTable.owners(shared).get(".data.c").equals(List.of("alice", "bob")),
                    ".data.c has two owners, alice and bob");

            out.step("alice applies a config with only a: she no longer intends b or c");
            ObjectNode after = api.apply(CONFIGMAPS, "features", features("a"), "alice", false);
            out.check(after.path("data").has("a") && !after.path("data").has("b"),
                    "b is gone: alice was its only owner, and leaving it out of her config removed it");
            out.check(after.path("data").has("c") && ManagedFieldsTable.owners(after).equals(Map.of(
                            ".data.a", List.of("alice"), ".data.c", List.of("bob"))),
                    "c stays: bob still owns it; only alice's ownership of it was dropped");
            // end::lab-removal[]

            // tag::lab-removal-list[]
            out.step("A keyed list: the deployer applies a Deployment with two containers, web and log");
            ObjectNode two = api.apply(DEPLOYMENTS, "web", web(true), "deployer", false);
            out.check(two.path("spec").path("template").path("spec").path("containers").size() == 2
                            && ManagedFieldsTable.owners(two).containsKey(".spec.template.spec.containers[name=\"log\"].image"),
                    "containers merge by name: the deployer owns each item by its key, k:{\"name\":\"log\"}");

            out.step("The deployer applies the Deployment without the log container");
            ObjectNode one = api.apply(DEPLOYMENTS, "web", web(false), "deployer", false);
            out.check(one.path("spec").path("template").path("spec").path("containers").size() == 1
                            && ManagedFieldsTable.owners(one).keySet().stream().noneMatch(f -> f.contains("[name=\"log\"]")),
                    "the log container is removed, item and ownership; the web container is untouched");
            // end::lab-removal-list[]
        }
        out.conclude("with apply, leaving a field out of the config is how a manager says it no longer wants it: the "
                + "server removes what nobody else owns and keeps what others still own, for map keys and keyed list "
                + "items alike.");
    }
}

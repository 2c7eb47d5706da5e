package io.rvlab.ch03.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch03.client.DeploymentClient;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Lab 3.3: resourceVersion and generation of one Deployment, in two parts that share it and one
 * chart. {@link GenerationChanges}: every kind of write, and a table of what moved. Then
 * {@link GenerationControllers}: a naive controller that wakes itself up forever, and one that
 * compares generation with status.observedGeneration and goes quiet. Every number is checked
 * against etcd.
 */
public final class GenerationLab implements Lab {

    static final String NS = "lab-3-3";
    static final String NAME = "web";
    static final String KEY = "/registry/deployments/" + NS + "/" + NAME;
    static final String CHART = "generation.svg";
    static final int PASSES = 10;

    @Override
    public String id() {
        return "3.3";
    }

    @Override
    public String title() {
        return "Generation and observedGeneration";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        GenerationChart chart = new GenerationChart("Lab 3.3: resourceVersion and generation of one Deployment",
                "Recorded from the lab's run on a fresh etcd. Every write moves the resourceVersion; the generation "
                        + "moves only when the spec (or, for a Deployment, the annotations) changes. The naive "
                        + "controller writes status on every pass and keeps the resourceVersion climbing; the "
                        + "observedGeneration controller writes once per new generation, then goes quiet.");
        try (LabApi api = new LabApi(lab)) {
            DeploymentClient deployments = new DeploymentClient(api.client(), NS);

            out.step("Start the API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            api.startClean(NS, "deployments");
            api.client().create("/api/v1/namespaces", LabObjects.namespace(NS));

            // The two parts share the Deployment, the chart and the count of etcd's writes to its key.
            GenerationChanges changes = new GenerationChanges(out, api, deployments, chart);
            long version = changes.userChanges();
            changes.table();
            GenerationControllers controllers = new GenerationControllers(out, api, deployments, chart);
            version = controllers.naiveController(version);
            controllers.carefulController(version);

            Path file = lab.artifacts().resolve(CHART);
            chart.write(file);
            out.check(Files.size(file) > 0, "the run drawn as " + CHART + " in the lab's artifacts (" + chart.size()
                    + " steps)");
        }
        out.conclude("resourceVersion and generation answer different questions. resourceVersion is etcd's "
                + "mod_revision: it moves on every write to the object, labels and status included, and on nothing "
                + "else. generation counts changes to the desired state (for a Deployment, spec and annotations) and "
                + "is what a controller answers with status.observedGeneration. A controller that reacts to every "
                + "new resourceVersion wakes itself with its own status write; one that compares generation with "
                + "observedGeneration, and writes only a changed status, acts once per change and then goes quiet.");
    }

    static ObjectNode deployment() {
        ObjectNode d = JsonNodeFactory.instance.objectNode();
        d.put("apiVersion", "apps/v1");
        d.put("kind", "Deployment");
        ObjectNode metadata = d.putObject("metadata");
        metadata.put("name", NAME);
        metadata.putObject("labels").put("app", "web");
        ObjectNode spec = d.putObject("spec");
        spec.put("replicas", 1);
        spec.putObject("selector").putObject("matchLabels").put("app", "web");
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", "web");
        template.putObject("spec").putArray("containers").addObject().put("name", "c").put("image",
                "example.invalid/img:1");
        return d;
    }

    static long generation(JsonNode object) {
        return object.path("metadata").path("generation").asLong();
    }

    static long observedGeneration(JsonNode object) {
        return object.path("status").path("observedGeneration").asLong(0);
    }

}

package io.rvlab.ch03.labs;

import static io.rvlab.ch02.labs.LabObjects.rv;
import static io.rvlab.ch03.labs.GenerationLab.generation;
import static io.rvlab.ch03.labs.GenerationLab.observedGeneration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.DeploymentClient;
import io.rvlab.support.lab.Narrator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Lab 3.3, part 1: one Deployment through every kind of write, each checked against etcd, then a
 * table of its resourceVersion and metadata.generation after each. Every write moves the
 * resourceVersion, only a spec change (and, for a Deployment, an annotation change) moves the
 * generation, and ignored or unchanged writes move nothing.
 */
final class GenerationChanges {

    private static final String SECTION = "changes through the API";

    /** One line of the table: the object after a change. */
    private record Row(String change, long resourceVersion, long generation, long observedGeneration,
            boolean written) {
    }

    private final Narrator out;
    private final LabApi api;
    private final DeploymentClient deployments;
    private final GenerationChart chart;
    private final List<Row> rows = new ArrayList<>();
    private long version; // the key's etcd version after the last step: how many times etcd wrote it

    GenerationChanges(Narrator out, LabApi api, DeploymentClient deployments, GenerationChart chart) {
        this.out = out;
        this.api = api;
        this.deployments = deployments;
        this.chart = chart;
    }

    /** The writes, each checked against etcd; returns the key's etcd version after the last. */
    long userChanges() throws IOException {
        out.step("Create Deployment web: replicas 1, image example.invalid/img:1, label app=web");
        ObjectNode created = deployments.create(GenerationLab.deployment());
        out.check(generation(created) == 1 && created.path("status").isEmpty(),
                "201 Created with generation 1 and an empty status: the server starts the count and never fills status");
        ObjectNode last = record("create", created, 1);

        out.step("Change the spec: replicas 1 -> 2 (a JSON merge patch of the main resource)");
        ObjectNode replicas = deployments.patch(GenerationLab.NAME, "{\"spec\":{\"replicas\":2}}");
        out.check(rv(replicas) > rv(last) && generation(replicas) == 2,
                "a spec change: a new resourceVersion, " + rv(replicas) + ", and generation 2");
        last = record("spec.replicas 2", replicas, 1);

        out.step("Change the spec again: the container image, :1 -> :2");
        out.say("A merge patch replaces a list whole: the patch carries the one container, with its new image.");
        ObjectNode image = deployments.patch(GenerationLab.NAME,
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"example.invalid/img:2\"}]}}}}");
        out.check(rv(image) > rv(last) && generation(image) == 3,
                "another spec change: resourceVersion " + rv(image) + ", generation 3");
        last = record("spec image :2", image, 1);

        out.step("Change a label: tier=frontend");
        ObjectNode label = deployments.patch(GenerationLab.NAME, "{\"metadata\":{\"labels\":{\"tier\":\"frontend\"}}}");
        out.check(rv(label) > rv(last) && generation(label) == 3,
                "a label is not desired state: a new resourceVersion, " + rv(label) + ", but generation stays 3");
        last = record("label", label, 1);

        out.step("Change an annotation: note=hello");
        out.say("For a Deployment annotations count as desired state (they are copied to its ReplicaSets),");
        out.say("so its strategy raises generation for them too; for most kinds only the spec does.");
        ObjectNode annotation = deployments.patch(GenerationLab.NAME, "{\"metadata\":{\"annotations\":{\"note\":\"hello\"}}}");
        out.check(rv(annotation) > rv(last) && generation(annotation) == 4,
                "an annotation change on a Deployment: resourceVersion " + rv(annotation) + " and generation 4");
        last = record("annotation", annotation, 1);

        out.step("Write status through the /status subresource, as a controller does");
        ObjectNode status = deployments.patchStatus(GenerationLab.NAME,
                "{\"status\":{\"observedGeneration\":4,\"replicas\":2,\"readyReplicas\":2}}");
        out.check(rv(status) > rv(last) && generation(status) == 4 && observedGeneration(status) == 4,
                "a status write: resourceVersion " + rv(status) + ", generation stays 4; observedGeneration 4 is "
                        + "what the writer said, the server never sets it");
        last = record("/status write", status, 1);

        long revision = api.etcdRevision();

        out.step("Send a spec change to /status");
        ObjectNode specToStatus = deployments.patchStatus(GenerationLab.NAME, "{\"spec\":{\"replicas\":5}}");
        out.check(rv(specToStatus) == rv(last) && specToStatus.path("spec").path("replicas").asInt() == 2,
                "200 OK, and ignored: /status takes only status, spec.replicas is still 2, resourceVersion still "
                        + rv(last));
        last = record("spec to /status", specToStatus, 0);

        out.step("Send a status change to the main resource");
        ObjectNode statusToMain = deployments.patch(GenerationLab.NAME, "{\"status\":{\"observedGeneration\":99,\"replicas\":7}}");
        out.check(rv(statusToMain) == rv(last) && observedGeneration(statusToMain) == 4
                        && statusToMain.path("status").path("replicas").asInt() == 2,
                "200 OK, and ignored: the main resource keeps the stored status (observedGeneration 4, replicas 2), "
                        + "resourceVersion still " + rv(last));
        last = record("status to main", statusToMain, 0);

        out.step("PUT the object back unchanged");
        out.say("GET it, leave out uid and creationTimestamp (the server keeps those), PUT it with its resourceVersion.");
        ObjectNode same = deployments.get(GenerationLab.NAME);
        same.withObject("/metadata").remove(List.of("uid", "creationTimestamp"));
        ObjectNode noop = deployments.update(same);
        out.check(rv(noop) == rv(last) && generation(noop) == 4,
                "200 OK with the same resourceVersion, " + rv(last) + ": the new object encodes to the bytes stored, "
                        + "so nothing is written");
        last = record("no-op PUT", noop, 0);
        long after = api.etcdRevision();
        out.check(after == revision, "etcd is still at revision " + revision
                + ": the three requests above wrote nothing at all");
        return version;
    }

    /**
     * Reads the key in etcd after a change, checks that its mod_revision is the resourceVersion
     * the server answered, that the stored value holds the generation, and that etcd wrote the key
     * {@code writes} more times; adds the row to the table and the chart.
     */
    private ObjectNode record(String change, ObjectNode answer, int writes) throws IOException {
        LabApi.KeyNumbers key = api.etcdGet(GenerationLab.KEY);
        JsonNode stored = GoJson.read(key.value().getBytes(StandardCharsets.UTF_8));
        long storedGeneration = stored.path("metadata").path("generation").asLong();
        out.show("in the value: metadata.generation=%d, status.observedGeneration=%s", storedGeneration,
                stored.path("status").path("observedGeneration").asText("-"));
        boolean first = rows.isEmpty();
        if (first) {
            out.check(key.modRevision() == rv(answer) && key.version() == 1 && storedGeneration == 1
                            && !stored.path("metadata").has("resourceVersion"),
                    "in etcd: a new key, mod_revision " + key.modRevision() + " is the resourceVersion; the value "
                            + "holds generation 1, and no resourceVersion");
        } else {
            out.check(key.modRevision() == rv(answer) && storedGeneration == generation(answer)
                            && key.version() == version + writes,
                    "in etcd: mod_revision " + key.modRevision() + " is the resourceVersion, generation "
                            + storedGeneration + " is in the value, version " + key.version()
                            + (writes == 0 ? " as before: no write" : ": one more write"));
        }
        version = key.version();
        Row row = new Row(change, rv(answer), generation(answer), observedGeneration(answer), writes > 0);
        rows.add(row);
        chart.add(new GenerationChart.Point(SECTION, change, row.resourceVersion(), row.generation(),
                row.observedGeneration(), row.written()));
        return answer;
    }

    /** The table of all the writes: what moved, and what did not. */
    void table() {
        out.step("The table: what moved, and what did not");
        out.show("%-17s %15s %10s %18s  %s", "change", "resourceVersion", "generation", "observedGeneration",
                "etcd wrote");
        for (Row row : rows) {
            out.show("%-17s %15d %10d %18s  %s", row.change(), row.resourceVersion(), row.generation(),
                    row.observedGeneration() == 0 ? "-" : String.valueOf(row.observedGeneration()),
                    row.written() ? "yes" : "no");
        }
        List<String> rose = new ArrayList<>();
        List<String> wrote = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (i == 0 || row.generation() > rows.get(i - 1).generation()) {
                rose.add(row.change());
            }
            if (i == 0 || row.resourceVersion() != rows.get(i - 1).resourceVersion()) {
                wrote.add(row.change());
            }
        }
        out.check(rose.equals(List.of("create", "spec.replicas 2", "spec image :2", "annotation")),
                "generation was set or raised by exactly: " + String.join(", ", rose));
        out.check(wrote.equals(rows.stream().filter(Row::written).map(Row::change).toList()) && wrote.size() == 6,
                "resourceVersion moved on exactly the " + wrote.size() + " steps where etcd wrote, labels and status "
                        + "included, and on none of the other " + (rows.size() - wrote.size()));
    }
}

package io.rvlab.ch03.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.DeploymentClient;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch03.controller.NaiveStatusController;
import io.rvlab.ch03.controller.ObservedGenerationController;
import io.rvlab.ch03.controller.Pass;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Lab 3.3: one Deployment through every kind of write, with a table of its resourceVersion and
 * metadata.generation after each: every write moves the resourceVersion, only a spec change (and,
 * for a Deployment, an annotation change) moves the generation, and ignored or unchanged writes
 * move nothing. Then two tiny polling controllers: a naive one that reacts to every new
 * resourceVersion and writes status each time, which wakes itself up forever, and one that acts
 * only when generation differs from status.observedGeneration and writes only a changed status,
 * which goes quiet. Every number is checked against etcd.
 */
public final class GenerationLab implements Lab {

    static final String NS = "lab-3-3";
    static final String NAME = "web";
    static final String KEY = "/registry/deployments/" + NS + "/" + NAME;
    static final String CHART = "generation.svg";
    static final int PASSES = 10;

    private static final String USER = "changes through the API";
    private static final String NAIVE = "naive controller";
    private static final String CAREFUL = "observedGeneration controller";

    /** One line of the table: the object after a change. */
    private record Row(String change, long resourceVersion, long generation, long observedGeneration,
            boolean written) {
    }

    private Narrator out;
    private LabApi api;
    private DeploymentClient deployments;
    private final List<Row> rows = new ArrayList<>();
    private GenerationChart chart;
    private long version; // the key's etcd version after the last step: how many times etcd wrote it

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
        out = lab.out();
        rows.clear();
        chart = new GenerationChart("Lab 3.3: resourceVersion and generation of one Deployment",
                "Recorded from the lab's run on a fresh etcd. Every write moves the resourceVersion; the generation "
                        + "moves only when the spec (or, for a Deployment, the annotations) changes. The naive "
                        + "controller writes status on every pass and keeps the resourceVersion climbing; the "
                        + "observedGeneration controller writes once per new generation, then goes quiet.");
        try (LabApi labApi = new LabApi(lab)) {
            api = labApi;
            deployments = new DeploymentClient(api.client(), NS);

            out.step("Start the API server over this etcd, and start clean");
            out.say("The commands below call the server's address $APISERVER (./course serve prints it).");
            api.startClean(NS, "deployments");
            api.client().create("/api/v1/namespaces", LostUpdateLab.namespace(NS));

            userChanges();
            table();
            naiveController();
            carefulController();

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

    // --- part 1: the table ------------------------------------------------------------------------

    private void userChanges() throws IOException {
        out.step("Create Deployment web: replicas 1, image example.invalid/img:1, label app=web");
        ObjectNode created = deployments.create(deployment());
        out.check(generation(created) == 1 && created.path("status").isEmpty(),
                "201 Created with generation 1 and an empty status: the server starts the count and never fills status");
        ObjectNode last = record("create", created, 1);

        out.step("Change the spec: replicas 1 -> 2 (a JSON merge patch of the main resource)");
        ObjectNode replicas = deployments.patch(NAME, "{\"spec\":{\"replicas\":2}}");
        out.check(rv(replicas) > rv(last) && generation(replicas) == 2,
                "a spec change: a new resourceVersion, " + rv(replicas) + ", and generation 2");
        last = record("spec.replicas 2", replicas, 1);

        out.step("Change the spec again: the container image, :1 -> :2");
        out.say("A merge patch replaces a list whole: the patch carries the one container, with its new image.");
        ObjectNode image = deployments.patch(NAME,
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"example.invalid/img:2\"}]}}}}");
        out.check(rv(image) > rv(last) && generation(image) == 3,
                "another spec change: resourceVersion " + rv(image) + ", generation 3");
        last = record("spec image :2", image, 1);

        out.step("Change a label: tier=frontend");
        ObjectNode label = deployments.patch(NAME, "{\"metadata\":{\"labels\":{\"tier\":\"frontend\"}}}");
        out.check(rv(label) > rv(last) && generation(label) == 3,
                "a label is not desired state: a new resourceVersion, " + rv(label) + ", but generation stays 3");
        last = record("label", label, 1);

        out.step("Change an annotation: note=hello");
        out.say("For a Deployment annotations count as desired state (they are copied to its ReplicaSets),");
        out.say("so its strategy raises generation for them too; for most kinds only the spec does.");
        ObjectNode annotation = deployments.patch(NAME, "{\"metadata\":{\"annotations\":{\"note\":\"hello\"}}}");
        out.check(rv(annotation) > rv(last) && generation(annotation) == 4,
                "an annotation change on a Deployment: resourceVersion " + rv(annotation) + " and generation 4");
        last = record("annotation", annotation, 1);

        out.step("Write status through the /status subresource, as a controller does");
        ObjectNode status = deployments.patchStatus(NAME,
                "{\"status\":{\"observedGeneration\":4,\"replicas\":2,\"readyReplicas\":2}}");
        out.check(rv(status) > rv(last) && generation(status) == 4 && observedGeneration(status) == 4,
                "a status write: resourceVersion " + rv(status) + ", generation stays 4; observedGeneration 4 is "
                        + "what the writer said, the server never sets it");
        last = record("/status write", status, 1);

        long revision = api.etcdRevision();

        out.step("Send a spec change to /status");
        ObjectNode specToStatus = deployments.patchStatus(NAME, "{\"spec\":{\"replicas\":5}}");
        out.check(rv(specToStatus) == rv(last) && specToStatus.path("spec").path("replicas").asInt() == 2,
                "200 OK, and ignored: /status takes only status, spec.replicas is still 2, resourceVersion still "
                        + rv(last));
        last = record("spec to /status", specToStatus, 0);

        out.step("Send a status change to the main resource");
        ObjectNode statusToMain = deployments.patch(NAME, "{\"status\":{\"observedGeneration\":99,\"replicas\":7}}");
        out.check(rv(statusToMain) == rv(last) && observedGeneration(statusToMain) == 4
                        && statusToMain.path("status").path("replicas").asInt() == 2,
                "200 OK, and ignored: the main resource keeps the stored status (observedGeneration 4, replicas 2), "
                        + "resourceVersion still " + rv(last));
        last = record("status to main", statusToMain, 0);

        out.step("PUT the object back unchanged");
        out.say("GET it, leave out uid and creationTimestamp (the server keeps those), PUT it with its resourceVersion.");
        ObjectNode same = deployments.get(NAME);
        same.withObject("/metadata").remove(List.of("uid", "creationTimestamp"));
        ObjectNode noop = deployments.update(same);
        out.check(rv(noop) == rv(last) && generation(noop) == 4,
                "200 OK with the same resourceVersion, " + rv(last) + ": the new object encodes to the bytes stored, "
                        + "so nothing is written");
        last = record("no-op PUT", noop, 0);
        long after = api.etcdRevision();
        out.check(after == revision, "etcd is still at revision " + revision
                + ": the three requests above wrote nothing at all");
    }

    /**
     * Reads the key in etcd after a change, checks that its mod_revision is the resourceVersion
     * the server answered, that the stored value holds the generation, and that etcd wrote the key
     * {@code writes} more times; adds the row to the table and the chart.
     */
    private ObjectNode record(String change, ObjectNode answer, int writes) throws IOException {
        LabApi.KeyNumbers key = api.etcdGet(KEY);
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
        chart.add(new GenerationChart.Point(USER, change, row.resourceVersion(), row.generation(),
                row.observedGeneration(), row.written()));
        return answer;
    }

    private void table() {
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

    // --- part 2: the controllers ------------------------------------------------------------------

    private void naiveController() throws IOException {
        out.step("A naive controller: it reconciles on every new resourceVersion, and writes status each time");
        out.say("Where the Deployment stands before the controller starts:");
        ObjectNode current = deployments.get(NAME);
        out.say("Every pass GETs the Deployment. If its resourceVersion is one the controller has not seen, it");
        out.say("reconciles and writes status through /status, stamping a condition's lastUpdateTime:");
        DeploymentClient quiet = new DeploymentClient(api.quietClient(), NS);
        out.say(CurlLine.of("GET", quiet.path(NAME), null, null));
        ObjectNode status = DeploymentStatus.desired(current);
        status.putArray("conditions").addObject().put("type", "Progressing").put("status", "True")
                .put("lastUpdateTime", "NOW");
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.set("status", status);
        out.say(CurlLine.of("PATCH", quiet.path(NAME) + "/status", "application/merge-patch+json", GoJson.compact(patch))
                .replace("\"NOW\"", "\"'\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\"'\""));
        out.say("The lab runs " + PASSES + " passes (a polling loop without the sleep; chapter 4 watches instead):");
        NaiveStatusController naive = new NaiveStatusController(quiet, NAME, ticking());
        long before = rv(current);
        List<Pass> passes = new ArrayList<>();
        for (int i = 0; i < PASSES; i++) {
            passes.add(chartPass(NAIVE, naive.poll()));
        }
        passTable(passes);
        long writes = passes.stream().filter(Pass::wrote).count();
        Pass lastPass = passes.get(passes.size() - 1);
        out.check(passes.stream().allMatch(Pass::reconciled) && writes == PASSES
                        && lastPass.resourceVersionAfter() == before + PASSES,
                "it reconciled on all " + PASSES + " passes and wrote status " + writes + " times: resourceVersion "
                        + before + " -> " + lastPass.resourceVersionAfter());
        int own = 0;
        for (int i = 1; i < passes.size(); i++) {
            own += passes.get(i).seenResourceVersion() == passes.get(i - 1).resourceVersionAfter() ? 1 : 0;
        }
        out.check(own == PASSES - 1, own + " of those passes were woken by its own previous write (the new "
                + "resourceVersion it saw was the one it had just made): it never goes quiet");
        out.check(passes.stream().allMatch(p -> p.generation() == generation(current)),
                "generation stayed " + generation(current) + " throughout: nobody changed the spec");
        LabApi.KeyNumbers key = api.etcdGet(KEY);
        out.check(key.modRevision() == lastPass.resourceVersionAfter() && key.version() == version + PASSES,
                "in etcd: mod_revision " + key.modRevision() + ", version " + key.version() + ": " + PASSES
                        + " more writes of an unchanged spec");
        version = key.version();
    }

    private void carefulController() {
        out.step("A user changes the spec: replicas 2 -> 3");
        ObjectNode scaled = deployments.patch(NAME, "{\"spec\":{\"replicas\":3}}");
        long generation = generation(scaled);
        out.check(generation == 5 && observedGeneration(scaled) == 4,
                "generation 5, status.observedGeneration still 4: the status describes an older spec");
        chart.add(new GenerationChart.Point(CAREFUL, "spec.replicas 3", rv(scaled), generation,
                observedGeneration(scaled), true));

        out.step("The observedGeneration controller: it acts only when generation != observedGeneration");
        out.say("Every pass GETs the Deployment; only if generation and status.observedGeneration differ does it");
        out.say("reconcile and PATCH /status, with observedGeneration set to the generation it acted on and no");
        out.say("timestamp, so the same spec always gives the same status:");
        DeploymentClient quiet = new DeploymentClient(api.quietClient(), NS);
        out.say(CurlLine.of("GET", quiet.path(NAME), null, null));
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.set("status", DeploymentStatus.desired(scaled));
        out.say(CurlLine.of("PATCH", quiet.path(NAME) + "/status", "application/merge-patch+json",
                GoJson.compact(patch)));
        ObservedGenerationController controller = new ObservedGenerationController(quiet, NAME);
        List<Pass> passes = new ArrayList<>();
        for (int i = 0; i < PASSES / 2; i++) {
            passes.add(chartPass(CAREFUL, controller.poll()));
        }
        passTable(passes);
        Pass first = passes.get(0);
        out.check(first.reconciled() && first.wrote() && first.resourceVersionAfter() == rv(scaled) + 1,
                "pass 1 saw generation 5 and observedGeneration 4: it reconciled and wrote status once, resourceVersion "
                        + rv(scaled) + " -> " + first.resourceVersionAfter());
        out.check(passes.stream().skip(1).noneMatch(p -> p.reconciled() || p.wrote())
                        && passes.stream().skip(1).allMatch(p -> p.seenResourceVersion() == first.resourceVersionAfter()),
                "passes 2 to " + passes.size() + " saw generation 5 = observedGeneration 5: no reconcile, no write, "
                        + "resourceVersion stays " + first.resourceVersionAfter());

        out.step("A user changes a label, and the controller polls " + (PASSES - PASSES / 2) + " more times");
        ObjectNode relabelled = deployments.patch(NAME, "{\"metadata\":{\"labels\":{\"tier\":\"backend\"}}}");
        chart.add(new GenerationChart.Point(CAREFUL, "label", rv(relabelled), generation(relabelled),
                observedGeneration(relabelled), true));
        List<Pass> later = new ArrayList<>();
        for (int i = PASSES / 2; i < PASSES; i++) {
            later.add(chartPass(CAREFUL, controller.poll()));
        }
        passTable(later);
        out.check(rv(relabelled) == first.resourceVersionAfter() + 1 && generation(relabelled) == 5
                        && later.stream().noneMatch(p -> p.reconciled() || p.wrote())
                        && later.stream().allMatch(p -> p.seenResourceVersion() == rv(relabelled)),
                "the label moved the resourceVersion to " + rv(relabelled) + " but not the generation: still quiet, "
                        + "no write");
        long writes = passes.stream().filter(Pass::wrote).count() + later.stream().filter(Pass::wrote).count();
        out.check(writes == 1, "over " + PASSES + " passes: " + writes + " status write, against "
                + PASSES + " for the naive controller");
        LabApi.KeyNumbers key = api.etcdGet(KEY);
        out.check(key.modRevision() == rv(relabelled) && key.version() == version + 3,
                "in etcd: mod_revision " + key.modRevision() + ", version " + key.version() + ": three writes since "
                        + "the naive run, the user's two and the controller's one");
    }

    private void passTable(List<Pass> passes) {
        out.show("%4s %22s %10s %18s %10s %6s %15s", "pass", "saw resourceVersion", "generation", "observedGeneration",
                "reconcile", "write", "resourceVersion");
        for (Pass pass : passes) {
            out.show("%4d %22d %10d %18s %10s %6s %15d", pass.number(), pass.seenResourceVersion(), pass.generation(),
                    pass.seenObservedGeneration() == 0 ? "-" : String.valueOf(pass.seenObservedGeneration()),
                    pass.reconciled() ? "yes" : "no", pass.wrote() ? "yes" : "no", pass.resourceVersionAfter());
        }
    }

    /** Adds a controller's pass to the chart: the object as the pass left it. */
    private Pass chartPass(String section, Pass pass) {
        long observed = pass.wrote() ? pass.generation() : pass.seenObservedGeneration();
        chart.add(new GenerationChart.Point(section, "pass " + pass.number(), pass.resourceVersionAfter(),
                pass.generation(), observed, pass.wrote()));
        return pass;
    }

    // --- helpers ----------------------------------------------------------------------------------

    /**
     * A clock that moves one second per reading from a fixed instant: the naive controller's
     * timestamps differ on every pass, and are the same on every run.
     */
    private static Clock ticking() {
        return new Clock() {
            private long seconds;

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.parse("2024-01-01T00:00:00Z").plusSeconds(seconds++);
            }
        };
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

    private static long rv(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    private static long generation(JsonNode object) {
        return object.path("metadata").path("generation").asLong();
    }

    private static long observedGeneration(JsonNode object) {
        return object.path("status").path("observedGeneration").asLong(0);
    }

}

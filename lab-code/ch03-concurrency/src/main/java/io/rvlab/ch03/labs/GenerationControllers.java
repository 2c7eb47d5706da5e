package io.rvlab.ch03.labs;

import static io.rvlab.ch02.labs.LabObjects.rv;
import static io.rvlab.ch03.labs.GenerationLab.PASSES;
import static io.rvlab.ch03.labs.GenerationLab.generation;
import static io.rvlab.ch03.labs.GenerationLab.observedGeneration;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.DeploymentClient;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch03.controller.NaiveStatusController;
import io.rvlab.ch03.controller.ObservedGenerationController;
import io.rvlab.ch03.controller.Pass;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Narrator;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Lab 3.3, part 2: two tiny polling controllers over the Deployment of part 1. A naive one reacts
 * to every new resourceVersion and writes status each time, which wakes itself up forever; one that
 * acts only when generation differs from status.observedGeneration, and writes only a changed
 * status, goes quiet. Every number is checked against etcd.
 */
final class GenerationControllers {

    private static final String NAIVE = "naive controller";
    private static final String CAREFUL = "observedGeneration controller";

    private final Narrator out;
    private final LabApi api;
    private final DeploymentClient deployments;
    private final GenerationChart chart;

    GenerationControllers(Narrator out, LabApi api, DeploymentClient deployments, GenerationChart chart) {
        this.out = out;
        this.api = api;
        this.deployments = deployments;
        this.chart = chart;
    }

    /** The naive controller's passes, each writing status; returns the key's etcd version after them. */
    long naiveController(long version) throws IOException {
        out.step("A naive controller: it reconciles on every new resourceVersion, and writes status each time");
        out.say("Where the Deployment stands before the controller starts:");
        ObjectNode current = deployments.get(GenerationLab.NAME);
        out.say("Every pass GETs the Deployment. If its resourceVersion is one the controller has not seen, it");
        out.say("reconciles and writes status through /status, stamping a condition's lastUpdateTime:");
        DeploymentClient quiet = new DeploymentClient(api.quietClient(), GenerationLab.NS);
        out.say(CurlLine.of("GET", quiet.path(GenerationLab.NAME), null, null));
        ObjectNode status = DeploymentStatus.desired(current);
        status.putArray("conditions").addObject().put("type", "Progressing").put("status", "True")
                .put("lastUpdateTime", "NOW");
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.set("status", status);
        out.say(CurlLine.of("PATCH", quiet.path(GenerationLab.NAME) + "/status", "application/merge-patch+json", GoJson.compact(patch))
                .replace("\"NOW\"", "\"'\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\"'\""));
        out.say("The lab runs " + PASSES + " passes (a polling loop without the sleep; chapter 4 watches instead):");
        NaiveStatusController naive = new NaiveStatusController(quiet, GenerationLab.NAME, ticking());
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
        LabApi.KeyNumbers key = api.etcdGet(GenerationLab.KEY);
        out.check(key.modRevision() == lastPass.resourceVersionAfter() && key.version() == version + PASSES,
                "in etcd: mod_revision " + key.modRevision() + ", version " + key.version() + ": " + PASSES
                        + " more writes of an unchanged spec");
        return key.version();
    }

    /** A spec change, then the observedGeneration controller's passes, quiet after one write. */
    void carefulController(long version) {
        out.step("A user changes the spec: replicas 2 -> 3");
        ObjectNode scaled = deployments.patch(GenerationLab.NAME, "{\"spec\":{\"replicas\":3}}");
        long generation = generation(scaled);
        out.check(generation == 5 && observedGeneration(scaled) == 4,
                "generation 5, status.observedGeneration still 4: the status describes an older spec");
        chart.add(new GenerationChart.Point(CAREFUL, "spec.replicas 3", rv(scaled), generation,
                observedGeneration(scaled), true));

        out.step("The observedGeneration controller: it acts only when generation != observedGeneration");
        out.say("Every pass GETs the Deployment; only if generation and status.observedGeneration differ does it");
        out.say("reconcile and PATCH /status, with observedGeneration set to the generation it acted on and no");
        out.say("timestamp, so the same spec always gives the same status:");
        DeploymentClient quiet = new DeploymentClient(api.quietClient(), GenerationLab.NS);
        out.say(CurlLine.of("GET", quiet.path(GenerationLab.NAME), null, null));
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.set("status", DeploymentStatus.desired(scaled));
        out.say(CurlLine.of("PATCH", quiet.path(GenerationLab.NAME) + "/status", "application/merge-patch+json",
                GoJson.compact(patch)));
        ObservedGenerationController controller = new ObservedGenerationController(quiet, GenerationLab.NAME);
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
        ObjectNode relabelled = deployments.patch(GenerationLab.NAME, "{\"metadata\":{\"labels\":{\"tier\":\"backend\"}}}");
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
        LabApi.KeyNumbers key = api.etcdGet(GenerationLab.KEY);
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
}

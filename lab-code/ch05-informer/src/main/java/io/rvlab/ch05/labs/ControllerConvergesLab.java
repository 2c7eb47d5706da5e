package io.rvlab.ch05.labs;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.cache.ResourceEventHandler;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.controller.Controller;
import io.rvlab.ch05.controller.DeploymentStatusController;
import io.rvlab.ch05.controller.NaiveLoopingController;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.LabFailure;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Lab 5.5: a controller on an informer converges. The DeploymentStatusController answers each new
 * spec (generation) with one status write, observedGeneration = generation; that write comes back to
 * it as an update event, and reconciling it writes nothing, because the generation check says the
 * spec is answered. The naive controller, with no such guard, on the same object: every write it
 * makes is an event it answers with another write, with nobody changing anything.
 */
public final class ControllerConvergesLab implements Lab {

    static final String NS = "lab-5-5";
    static final int NAIVE_WRITES = 20;
    /** How long the lab watches a quiet controller to be sure it stays quiet. */
    private static final Duration QUIET = Duration.ofSeconds(1);

    @Override
    public String id() {
        return "5.5";
    }

    @Override
    public String title() {
        return "A controller converges; a controller without a loop guard never does";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String collection = "/apis/apps/v1/namespaces/" + NS + "/deployments";
        String web = collection + "/web";
        try (LabCluster cluster = new LabCluster(lab, WatchCache.Options.DEFAULT)) {
            out.step("Start the API server, start clean, and create a Deployment");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);
            ObjectNode created = cluster.api().create(collection, deployment("web", 1));
            out.check(created.path("metadata").path("generation").asLong() == 1 && !created.path("status").has("observedGeneration"),
                    "generation 1, no status.observedGeneration: a spec nobody has answered yet");
            cluster.awaitCaches();

            out.step("Start the DeploymentStatusController: an informer on the namespace's Deployments, a work queue, one worker");
            out.say("Its loop guard: write only when metadata.generation != status.observedGeneration.");
            List<String> writes = new ArrayList<>();
            RestClient client = new RestClient(cluster.config()).withListener(new RestClient.Listener() {
                @Override
                public void sent(String method, String path, String body) {
                    synchronized (writes) {
                        writes.add(CurlLine.of(method, path, "application/json", body == null ? null : "<web with its new status>"));
                    }
                }
            });
            List<String> updates = new ArrayList<>();
            SharedInformer informer = new SharedInformer("deployments", new ResourceListerWatcher(cluster.config(), collection),
                    ReflectorOptions.CLIENT_GO, Map.of());
            informer.addEventHandler(new ResourceEventHandler() {
                @Override
                public void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
                    synchronized (updates) {
                        updates.add(LabObjects.rv(newObject) + "");
                    }
                }
            });
            DeploymentStatusController reconciler = new DeploymentStatusController(client, informer.indexer());
            try (Controller controller = Controller.run("deployment-status", informer, reconciler, 1)) {
                await("the first status write", () -> reconciler.writes() >= 1);
                ownWriteComesBack(out, cluster, web, writes, updates, controller, reconciler, 1);

                out.step("Change the spec (replicas 1 -> 3): generation 2, and exactly one more status write");
                ObjectNode patched = cluster.api().patch(web, "{\"spec\":{\"replicas\":3}}");
                out.check(patched.path("metadata").path("generation").asLong() == 2,
                        "the spec change made generation 2; observedGeneration is still 1");
                await("the second status write", () -> reconciler.writes() >= 2);
                ownWriteComesBack(out, cluster, web, writes, updates, controller, reconciler, 2);

                out.step("Change only a label: the generation stays 2, and the controller writes nothing");
                long labelled = LabObjects.rv(cluster.api().patch(web, "{\"metadata\":{\"labels\":{\"team\":\"a\"}}}"));
                await("the label change to reach the informer", () -> seen(updates, labelled));
                await("the controller to be idle", controller::isIdle);
                Thread.sleep(QUIET.toMillis());
                out.check(reconciler.writes() == 2, "still 2 status writes in all: a label is not spec, so no new generation and "
                        + "nothing to answer");
            }

            out.step("Now the naive controller on the same Deployment: no loop guard, and a status that changes each time");
            out.say("(each of its status writes stamps a condition's lastUpdateTime, so none is a no-op)");
            long before = LabObjects.rv(cluster.quietApi().get(web));
            SharedInformer naiveInformer = new SharedInformer("deployments-naive",
                    new ResourceListerWatcher(cluster.config(), collection), ReflectorOptions.CLIENT_GO, Map.of());
            List<String> naiveWrites = new ArrayList<>();
            RestClient naiveClient = new RestClient(cluster.config()).withListener(new RestClient.Listener() {
                @Override
                public void sent(String method, String path, String body) {
                    synchronized (naiveWrites) {
                        naiveWrites.add(CurlLine.of(method, path, "application/merge-patch+json",
                                "{\"status\":{...,\"conditions\":[{...,\"lastUpdateTime\":\"<a new time>\"}]}}"));
                    }
                }
            });
            NaiveLoopingController naive = new NaiveLoopingController(naiveClient, naiveInformer.indexer());
            try (Controller controller = Controller.run("naive", naiveInformer, naive, 1)) {
                await(NAIVE_WRITES + " naive writes", () -> naive.writes() >= NAIVE_WRITES);
            }
            synchronized (naiveWrites) {
                out.say("the naive controller: " + naiveWrites.get(0) + "   (and again, and again)");
            }
            out.say("$ kubectl get deployment web -n " + NS + " -w   (the resourceVersion climbs on its own; the lab stops the "
                    + "controller after " + NAIVE_WRITES + " writes)");
            ObjectNode after = cluster.quietApi().get(web);
            out.check(naive.writes() >= NAIVE_WRITES && LabObjects.rv(after) >= before + NAIVE_WRITES,
                    "at least " + NAIVE_WRITES + " status writes, each answered by its own update event, and the "
                            + "resourceVersion went from " + before + " to at least " + (before + NAIVE_WRITES));
            out.check(after.path("metadata").path("generation").asLong() == 2,
                    "while the spec never changed: generation is still 2; only the guard (generation versus "
                            + "observedGeneration) tells a controller that it has nothing to do");
        }
        out.conclude("a controller's own writes come back to it as events; it converges only if reconciling them is a "
                + "no-op. DeploymentStatusController writes once per generation and then, seeing observedGeneration = "
                + "generation, does nothing; the naive controller answers each of its writes with another one, forever.");
    }

    /** Prints the status write, shows the object, and checks the write's own event came back and caused no write. */
    private static void ownWriteComesBack(Narrator out, LabCluster cluster, String web, List<String> writes,
            List<String> updates, Controller controller, DeploymentStatusController reconciler, int expected)
            throws InterruptedException {
        synchronized (writes) {
            out.say("the controller: " + writes.get(writes.size() - 1));
        }
        ObjectNode now = cluster.api().get(web);
        long written = LabObjects.rv(now);
        out.check(now.path("status").path("observedGeneration").asLong() == expected,
                "observedGeneration = generation = " + expected + ", written at resourceVersion " + written);
        await("the write's own update event", () -> seen(updates, written));
        await("the controller to be idle", controller::isIdle);
        Thread.sleep(QUIET.toMillis());
        out.check(reconciler.writes() == expected, "its own write came back as an update event (resourceVersion " + written
                + ") and the reconcile it caused wrote nothing: " + expected + " status write(s) in all");
    }

    private static boolean seen(List<String> updates, long rv) {
        synchronized (updates) {
            return updates.contains(Long.toString(rv));
        }
    }

    static ObjectNode deployment(String name, int replicas) {
        ObjectNode d = JsonNodeFactory.instance.objectNode().put("apiVersion", "apps/v1").put("kind", "Deployment");
        d.putObject("metadata").put("name", name).putObject("labels").put("app", name);
        ObjectNode spec = d.putObject("spec");
        spec.put("replicas", replicas);
        spec.putObject("selector").putObject("matchLabels").put("app", name);
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", name);
        template.putObject("spec").putArray("containers").addObject().put("name", "web").put("image", "nginx:1.27");
        return d;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new LabFailure("waited 30 s for " + what);
            }
            Thread.sleep(10);
        }
    }
}

package io.rvlab.ch06.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.ch06.client.ApplyClient;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;

/**
 * Lab 6.2: two controllers fight over a Deployment's spec.replicas. The deployer applies its
 * config (replicas 3) with force, as controllers that apply should; the autoscaler reads, sets
 * replicas 5 and writes the object back with PUT, retrying when its resourceVersion is stale. The
 * lab shows the two 409s apart (a field conflict: an apply meets another owner; a resourceVersion
 * conflict: a write meets a newer object), then runs the controllers in turns under two strategies
 * and counts the writes: forcing flips the value on every turn, forever; letting go of the field
 * (the deployer stops applying replicas, the autoscaler owns it) ends the fight, and the deployer's
 * applies become no-ops that write nothing.
 */
public final class FightOverReplicasLab implements Lab {

    static final String NS = "lab-6-2";
    static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/" + NS + "/deployments";
    static final int ROUNDS = 10;

    @Override
    public String id() {
        return "6.2";
    }

    @Override
    public String title() {
        return "Two controllers fight over spec.replicas, and how ownership ends it";
    }

    /** The deployer's config: the whole Deployment it intends, with or without replicas. */
    static String deployerConfig(Integer replicas) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: web
                spec:
                """ + (replicas == null ? "" : "  replicas: " + replicas + "\n") + """
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
                """;
    }

    // tag::lab-fight-controllers[]
    /** The deployer: applies its config, forcing (a controller that applies owns its intent). */
    record Deployer(ApplyClient api, boolean force) {
        ObjectNode reconcile(Integer replicas) {
            return api.apply(DEPLOYMENTS, "web", deployerConfig(replicas), "deployer", force);
        }
    }

    /** The autoscaler: read, set replicas, PUT with the resourceVersion it read; on a stale one, read again. */
    record Autoscaler(ApplyClient api, int wanted) {
        /** The object after its write, or null when replicas already were {@code wanted} (nothing to write). */
        ObjectNode reconcile() {
            while (true) {
                ObjectNode live = api.get(DEPLOYMENTS, "web");
                if (live.path("spec").path("replicas").asInt() == wanted) {
                    return null;
                }
                try {
                    return put(live);
                } catch (ConflictException stale) {
                    // a newer object: read again and redo the change (client-go's RetryOnConflict)
                }
            }
        }

        ObjectNode put(ObjectNode live) {
            ObjectNode body = live.deepCopy();
            ((ObjectNode) body.get("metadata")).remove("managedFields");   // left out: the server keeps them
            ((ObjectNode) body.get("spec")).put("replicas", wanted);
            return api.update(DEPLOYMENTS, "web", body, "autoscaler");
        }
    }
    // end::lab-fight-controllers[]

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        try (LabCluster cluster = new LabCluster(lab)) {
            ApplyClient printing = cluster.printing(body -> body.startsWith("{") && body.length() > 120
                    ? "<the Deployment as read, spec.replicas set to 5>" : body);
            Deployer deployer = new Deployer(printing, true);
            Autoscaler autoscaler = new Autoscaler(printing, 5);

            out.step("Start the API server and start clean");
            cluster.startClean(NS);
            cluster.createNamespaces(NS);

            out.step("The deployer applies the Deployment with replicas 3");
            ObjectNode applied = deployer.reconcile(3);
            out.check(ManagedFieldsTable.owners(applied).get(".spec.replicas").equals(List.of("deployer")),
                    "the deployer owns .spec.replicas");

            out.step("The autoscaler reads the Deployment and writes it back with replicas 5 (PUT, an update)");
            ObjectNode scaled = autoscaler.reconcile();
            out.check(scaled.path("spec").path("replicas").asInt() == 5
                            && ManagedFieldsTable.owners(scaled).get(".spec.replicas").equals(List.of("autoscaler")),
                    "no conflict for an update: the autoscaler now owns .spec.replicas, the deployer lost it");

            // tag::lab-fight-conflicts[]
            out.step("The deployer applies replicas 3 again, without force: a field conflict");
            StatusException fieldConflict = conflict(() -> new Deployer(printing, false).reconcile(3));
            out.check(ApplyClient.isFieldManagerConflict(fieldConflict)
                            && ".spec.replicas".equals(fieldConflict.status().details().causes().get(0).field()),
                    "409 Conflict naming the owner and the field: retrying the same apply cannot help, only force or "
                            + "giving the field up can");

            out.step("The autoscaler reads, the deployer force-applies meanwhile, the autoscaler's PUT comes too late");
            ObjectNode read = cluster.quietApi().get(DEPLOYMENTS, "web");
            out.say("(the autoscaler read resourceVersion \"" + LabCluster.rv(read) + "\")");
            deployer.reconcile(3);
            StatusException staleWrite = conflict(() -> autoscaler.put(read));
            out.check(!ApplyClient.isFieldManagerConflict(staleWrite) && (staleWrite.status().details() == null
                            || staleWrite.status().details().causes().isEmpty()),
                    "409 Conflict too, but about the resourceVersion, with no causes: read again and retry, and it works");
            ObjectNode retried = autoscaler.reconcile();
            out.check(retried.path("spec").path("replicas").asInt() == 5, "the retry wrote replicas 5");
            // end::lab-fight-conflicts[]

            // tag::lab-fight[]
            out.step("Strategy 1: the deployer forces, the autoscaler retries; " + ROUNDS + " turns each");
            Tally forcing = fight(cluster, new Deployer(cluster.quietApi(), true), 3,
                    new Autoscaler(cluster.quietApi(), 5));
            out.say(forcing.toString());
            out.check(forcing.writes == 2 * ROUNDS && forcing.flips == 2 * ROUNDS,
                    "every turn writes and flips replicas (3, 5, 3, ...): " + forcing.writes + " writes, "
                            + forcing.flips + " flips, and no end in sight");

            out.step("Strategy 2: the deployer stops applying replicas; the autoscaler owns it");
            ObjectNode letGo = deployer.reconcile(null);
            out.check(letGo.path("spec").path("replicas").asInt() == 5
                            && ManagedFieldsTable.owners(letGo).get(".spec.replicas").equals(List.of("autoscaler")),
                    "replicas stays 5: the field the deployer gave up has another owner, so it is kept, not removed");
            Tally sharing = fight(cluster, new Deployer(cluster.quietApi(), true), null,
                    new Autoscaler(cluster.quietApi(), 5));
            out.say(sharing.toString());
            out.check(sharing.writes == 0 && sharing.flips == 0,
                    "0 writes in " + ROUNDS + " turns: the autoscaler finds replicas 5, the deployer's applies are no-ops "
                            + "(the resourceVersion stays " + LabCluster.rv(letGo) + ")");
            // end::lab-fight[]
        }
        out.conclude("a 409 from an apply names a field and its owner (decide who owns it; retrying cannot help); a 409 "
                + "from a PUT names a stale resourceVersion (read again and retry). Two controllers that both force a "
                + "field write forever; once one stops claiming it, ownership says who decides and the fight ends.");
    }

    /** Writes and value changes seen over {@link #ROUNDS} turns of each controller. */
    static final class Tally {
        int writes;
        int flips;
        private final StringBuilder values = new StringBuilder();

        void saw(ObjectNode before, ObjectNode after) {
            if (after == null) {
                return;
            }
            if (!LabCluster.rv(after).equals(LabCluster.rv(before))) {
                writes++;
            }
            int was = before.path("spec").path("replicas").asInt();
            int now = after.path("spec").path("replicas").asInt();
            if (was != now) {
                flips++;
            }
            values.append(values.length() == 0 ? "" : " ").append(now);
        }

        @Override
        public String toString() {
            return "replicas after each write: " + (values.length() == 0 ? "(none)" : values) + "  (writes " + writes
                    + ", flips " + flips + ")";
        }
    }

    private static Tally fight(LabCluster cluster, Deployer deployer, Integer replicas, Autoscaler autoscaler) {
        Tally tally = new Tally();
        for (int round = 0; round < ROUNDS; round++) {
            ObjectNode before = cluster.quietApi().get(DEPLOYMENTS, "web");
            ObjectNode applied = deployer.reconcile(replicas);
            tally.saw(before, LabCluster.rv(applied).equals(LabCluster.rv(before)) ? null : applied);
            ObjectNode middle = cluster.quietApi().get(DEPLOYMENTS, "web");
            tally.saw(middle, autoscaler.reconcile());
        }
        return tally;
    }

    private static StatusException conflict(Runnable write) {
        try {
            write.run();
        } catch (ConflictException e) {
            return e;
        }
        throw new IllegalStateException("expected a 409 Conflict");
    }
}

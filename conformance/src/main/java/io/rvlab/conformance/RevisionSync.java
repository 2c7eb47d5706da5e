package io.rvlab.conformance;

import static io.rvlab.conformance.ReplayJson.json;
import static io.rvlab.conformance.ReplayJson.objectRv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.Transcript.Header;
import io.rvlab.conformance.Transcript.Request;
import io.rvlab.conformance.Transcript.Response;
import io.rvlab.conformance.WireClient.Answer;
import io.rvlab.support.etcd.Etcd;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Keeps this etcd's revision in step with the real run's: learns the revisions of the writes both
 * runs made, and makes the real run's writes that the replay does not replay (Lease renewals,
 * later-chapter writes) here too, as the write the transcripts reveal or as one unrelated write
 * outside {@code /registry} each (see {@link RvTranslator}).
 */
final class RevisionSync {

    /**
     * Where the replay reproduces the real run's writes that it does not replay (Lease renewals,
     * later-chapter writes): outside {@code /registry}, so no list of the server ever sees it.
     */
    static final String UNRELATED_KEY = "/rvlab-conformance/unrelated-write";

    private static final List<Header> JSON_HEADERS = List.of(new Header("Accept", "application/json"),
            new Header("Content-Type", "application/json"), new Header("User-Agent", "golden-capture/1.0"));

    private final Etcd etcd;
    private final WireClient client;
    private final RvTranslator rv;
    private final UidTranslator uids;
    /** Null on chapters 2 and 3; on chapter 4, the writes the transcripts reveal, reproduced at their revisions. */
    private final RevealedHistory revealed;
    private long ourLatestWrite;
    /** Revisions a note says etcd reached only after the next exchange ("etcd revision before=270 after=272"). */
    private final List<Long> afterNextExchange = new ArrayList<>();
    private final List<String> reproducedWrites = new ArrayList<>();

    RevisionSync(Etcd etcd, WireClient client, ServerUnderTest server, UidTranslator uids, RevealedHistory revealed) {
        this.etcd = etcd;
        this.client = client;
        this.ourLatestWrite = currentRevision();
        this.rv = new RvTranslator(ourLatestWrite, server.preHistory());
        this.uids = uids;
        this.revealed = revealed;
    }

    RvTranslator rv() {
        return rv;
    }

    /** Whether the transcripts' revealed writes are reproduced (chapter 4 on). */
    boolean followsWatches() {
        return revealed != null;
    }

    /** The writes reproduced from what the transcripts reveal since {@link #clearReproduced}. */
    List<String> reproducedWrites() {
        return List.copyOf(reproducedWrites);
    }

    void clearReproduced() {
        reproducedWrites.clear();
    }

    /** A revision the real run reached only after the next exchange. */
    void afterNextExchange(long golden) {
        afterNextExchange.add(golden);
    }

    void afterExchange() {
        afterNextExchange.forEach(r -> rv.observe(r, null));
        afterNextExchange.clear();
        catchUp();
    }

    // tag::learn-write[]
    /**
     * A write that succeeded in both runs names the same write: learn its revisions (and a
     * create's uids). Ours must be a new revision. A write whose golden resourceVersion is one
     * the real run had already made was a no-op there (an identical PUT, status sent to the main
     * resource): nothing is learned, and the comparator checks that this server wrote nothing
     * either. A delete's revision is in no response: it is the next one in both runs.
     */
    Optional<Difference> learnWrite(Request request, Response golden, Answer ours) {
        if (request.method().equals("DELETE")) {
            long goldenDelete = rv.goldenLatest() + 1;
            long ourDelete = currentRevision();
            Optional<Difference> problem = ourDelete > ourLatestWrite ? Optional.empty()
                    : Optional.of(new Difference(Aspect.RESOURCE_VERSION, "the delete written at a revision after "
                            + ourLatestWrite, "etcd still at " + ourDelete));
            rv.learnWrite(goldenDelete, ourDelete);
            ourLatestWrite = Math.max(ourLatestWrite, ourDelete);
            return problem;
        }
        Optional<Long> goldenRv = objectRv(golden.body());
        Optional<Long> ourRv = objectRv(ours.body());
        if (goldenRv.isEmpty() || ourRv.isEmpty()) {
            return Optional.of(new Difference(Aspect.RESOURCE_VERSION, "a resourceVersion", "none"));
        }
        JsonNode goldenObject = json(golden.body());
        JsonNode ourObject = json(ours.body());
        uids.learn(goldenObject.path("metadata").path("uid").asText(""), ourObject.path("metadata").path("uid").asText(""));
        if (rv.isReproduced(goldenRv.get())) {
            return Optional.empty(); // a no-op in the real run
        }
        Optional<Difference> problem = ourRv.get() > ourLatestWrite ? Optional.empty()
                : Optional.of(new Difference(Aspect.RESOURCE_VERSION, "a revision after " + ourLatestWrite, ourRv.get().toString()));
        rv.learnWrite(goldenRv.get(), ourRv.get());
        ourLatestWrite = Math.max(ourLatestWrite, ourRv.get());
        return problem;
    }
    // end::learn-write[]

    // tag::catch-up[]
    /**
     * Makes the real run's writes that this replay knows of but did not replay (kube-apiserver's
     * Lease renewals, skipped later-chapter writes), one unrelated write each, so that both runs
     * stay at matching revisions.
     */
    void catchUp() {
        for (long golden : rv.notYetReproduced()) {
            Optional<RevealedHistory.Write> write = revealed == null ? Optional.empty() : revealed.at(golden);
            Optional<Long> made = write.flatMap(this::reproduce);
            if (made.isPresent()) {
                rv.learnWrite(golden, made.get());
                ourLatestWrite = Math.max(ourLatestWrite, made.get());
                reproducedWrites.add(golden + " (" + (write.get().delete() ? "delete " : "write ") + write.get().namespace()
                        + "/" + write.get().name() + ")");
                continue;
            }
            ByteSequence key = ByteSequence.from(UNRELATED_KEY, StandardCharsets.UTF_8);
            ByteSequence value = ByteSequence.from("stands for revision " + golden + " of the real run: "
                    + rv.describe(golden), StandardCharsets.UTF_8);
            try {
                long ours = etcd.client().getKVClient().put(key, value).get(30, TimeUnit.SECONDS).getHeader().getRevision();
                rv.learnUnrelated(golden, ours);
                ourLatestWrite = Math.max(ourLatestWrite, ours);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("cannot write " + UNRELATED_KEY + ": " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }
    // end::catch-up[]

    // tag::reproduce[]
    /**
     * Makes a revealed write through the server, as the real run's other client did: a create if the
     * object does not exist here, else an unconditional update, or a delete. Empty if the server
     * wrote nothing (then an unrelated write stands for the revision).
     */
    private Optional<Long> reproduce(RevealedHistory.Write write) {
        String collection = "/api/v1/namespaces/" + write.namespace() + "/configmaps";
        String item = collection + "/" + write.name();
        Answer existing = client.send("GET", item, JSON_HEADERS, "");
        if (write.delete()) {
            Answer deleted = client.send("DELETE", item, JSON_HEADERS, "");
            return deleted.code() == 200 ? Optional.of(currentRevision()) : Optional.empty();
        }
        ObjectNode body;
        if (write.object() != null) {
            body = RevealedHistory.body(write.object());
        } else if (existing.code() == 200) { // a note names the write, not its content
            body = RevealedHistory.body((ObjectNode) json(existing.body()));
            ((ObjectNode) body.get("metadata")).with("annotations").put("rvlab.io/stands-for",
                    "revision " + write.revision() + " of the real run: " + write.source());
        } else {
            return Optional.empty();
        }
        Answer answer = existing.code() == 404 ? client.send("POST", collection, JSON_HEADERS, body.toString())
                : client.send("PUT", item, JSON_HEADERS, body.toString());
        Optional<Long> ours = ReplayRules.isSuccess(answer.code()) ? objectRv(answer.body()) : Optional.empty();
        if (ours.isEmpty() || ours.get() <= ourLatestWrite) {
            return Optional.empty();
        }
        if (existing.code() == 404 && write.object() != null) {
            uids.learn(write.object().path("metadata").path("uid").asText(""),
                    json(answer.body()).path("metadata").path("uid").asText(""));
        }
        return ours;
    }
    // end::reproduce[]

    // tag::compact[]
    /** {@code etcdctl compact N}, at the revision that stands for N here. */
    void compact(long ours) {
        try {
            etcd.client().getKVClient().compact(ours).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot compact etcd at " + ours + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
    // end::compact[]

    long currentRevision() {
        GetOption countOnly = GetOption.builder().withCountOnly(true).build();
        try {
            return etcd.client().getKVClient().get(ByteSequence.from("/", StandardCharsets.UTF_8), countOnly)
                    .get(30, TimeUnit.SECONDS).getHeader().getRevision();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read etcd's revision: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

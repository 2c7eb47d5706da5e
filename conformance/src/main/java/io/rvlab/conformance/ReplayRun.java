package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Request;
import io.rvlab.support.etcd.Etcd;
import java.util.Optional;

/**
 * One replay's parts, over one server and its etcd: the client, the revision and uid translation
 * learned so far and kept in step ({@link RevisionSync}, {@link RevisionObserver}), and the request
 * translation. The setup, the exchange loop and the watch groups all work on it.
 */
final class ReplayRun {

    /** The first chapter whose server records managedFields: from it on, the comparator compares them. */
    static final int FIELD_MANAGEMENT_CHAPTER = 6;

    final int chapter;
    final WireClient client;
    final UidTranslator uids = new UidTranslator();
    final RevisionSync sync;
    final RvTranslator rv;
    final RevisionObserver observer;
    final RequestTranslator translator;

    ReplayRun(Etcd etcd, ServerUnderTest server, RevealedHistory revealed) {
        this.chapter = server.chapter();
        this.client = new WireClient(server.url());
        this.sync = new RevisionSync(etcd, client, server, uids, revealed);
        this.rv = sync.rv();
        this.observer = new RevisionObserver(sync);
        this.translator = new RequestTranslator(rv, uids, sync::currentRevision);
    }

    /** Whether this server records managedFields, so that the comparators compare them. */
    boolean comparesManagedFields() {
        return chapter >= FIELD_MANAGEMENT_CHAPTER;
    }

    /** The later chapter a request belongs to, if it is later than the server's. */
    Optional<String> notServed(Request request) {
        return ReplayRules.notServedBy(chapter, request);
    }

    // tag::send[]
    /** Sends a request as translated for this replay. */
    SentRequest send(Request request) {
        SentRequest sent = translator.translate(request);
        return sent.answered(client.send(request.method(), sent.target(), RequestTranslator.keptHeaders(request), sent.body()));
    }
    // end::send[]
}

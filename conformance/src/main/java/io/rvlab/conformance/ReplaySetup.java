package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Entry;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Request;
import java.util.List;
import java.util.Optional;

/**
 * Brings a fresh etcd to a file's starting state: sends an earlier file's successful writes that the
 * server serves (creates; on chapter 3's server also updates, patches and deletes), learning their
 * revisions, and compares nothing (each file has its own test).
 */
final class ReplaySetup {

    /** The methods that write: sent during setup (when the server serves them) if they succeeded in the real run. */
    static final List<String> WRITES = List.of("POST", "PUT", "PATCH", "DELETE");

    private final ReplayRun run;

    ReplaySetup(ReplayRun run) {
        this.run = run;
    }

    /** Sends an earlier file's successful writes that the server serves, learning their revisions; compares nothing. */
    String setUp(Transcript transcript) {
        int sent = 0;
        run.sync.clearReproduced();
        for (Entry entry : transcript.entries()) {
            if (!(entry instanceof Exchange exchange)) {
                run.observer.observe(entry, false);
                run.sync.catchUp();
                continue;
            }
            if (exchange.isStream()) {
                // not sent: what the watch saw happened, and is reproduced in revision order
                run.observer.observeStream(exchange, true);
                run.sync.catchUp();
                run.sync.afterExchange();
                continue;
            }
            Request request = exchange.request();
            Optional<String> later = run.notServed(request);
            if (later.isEmpty() && WRITES.contains(request.method()) && ReplayRules.isSuccess(exchange.response().code())) {
                SentRequest sentRequest = run.send(request);
                if (sentRequest.answer().code() != exchange.response().code()) {
                    throw new IllegalStateException("setting up from " + transcript.name() + ": " + exchange.id()
                            + " " + request.method() + " " + request.target() + " answered " + sentRequest.answer().code()
                            + ", not " + exchange.response().code() + ": " + sentRequest.answer().body());
                }
                run.sync.learnWrite(request, exchange.response(), sentRequest.answer());
                sent++;
            }
            run.observer.observe(exchange, later);
            run.sync.catchUp();
            run.sync.afterExchange();
        }
        List<String> reproducedWrites = run.sync.reproducedWrites();
        return transcript.scenario() + ": " + sent + " write" + (sent == 1 ? "" : "s") + " sent"
                + (reproducedWrites.isEmpty() ? "" : "; reproduced from what the transcripts reveal: "
                + String.join(", ", reproducedWrites));
    }
}

package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Entry;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Note;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Replays one transcript, entry by entry: notes and etcd blocks move the revisions on, a request the
 * server does not serve is only observed, watches opened together are replayed together
 * ({@link WatchGroup}), and every other request is sent, translated, and its answer compared.
 */
final class ExchangeLoop {

    private final ReplayRun run;
    private final WatchGroup watches;
    private final SecondsApart secondsApart = new SecondsApart();

    ExchangeLoop(ReplayRun run) {
        this.run = run;
        this.watches = new WatchGroup(run);
    }

    // tag::replay[]
    List<Outcome> replay(Transcript transcript) {
        List<Outcome> outcomes = new ArrayList<>();
        // n1 to n3: kube-apiserver ran with --watch-cache=false, so every list was read from etcd
        boolean withoutWatchCache = transcript.entries().stream()
                .anyMatch(e -> e instanceof Note note && note.text().contains("--watch-cache=false"));
        List<Entry> entries = transcript.entries();
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entries.get(i);
            if (!(entry instanceof Exchange exchange)) {
                run.observer.observe(entry, true);
                run.sync.catchUp();
                continue;
            }
            Optional<String> later = run.notServed(exchange.request());
            if (later.isPresent()) {
                outcomes.add(Outcome.laterChapter(exchange, later.get()));
                run.observer.observe(exchange, later);
                if (exchange.isStream()) {
                    run.observer.observeStream(exchange, true);
                }
                run.sync.catchUp();
                run.sync.afterExchange();
                continue;
            }
            if (exchange.isStream()) {
                // watches opened together are replayed together (e2's (A) and (B))
                List<Exchange> group = new ArrayList<>(List.of(exchange));
                int together = WatchGroup.openedTogether(exchange.notes());
                while (group.size() < together && i + 1 < entries.size()) {
                    Entry next = entries.get(++i);
                    if (next instanceof Exchange watch && watch.isStream()) {
                        group.add(watch);
                    } else {
                        run.observer.observe(next, true);
                    }
                }
                outcomes.addAll(watches.replay(transcript, group));
                run.sync.afterExchange();
                continue;
            }
            outcomes.add(compare(transcript, exchange, withoutWatchCache));
            run.observer.observe(exchange, later);
            run.sync.catchUp();
            run.sync.afterExchange();
        }
        return outcomes;
    }
    // end::replay[]

    /** Sends one request, translated, learns the write it made, and compares the answer with the recorded one. */
    private Outcome compare(Transcript transcript, Exchange exchange, boolean withoutWatchCache) {
        Optional<String> waited = run.comparesManagedFields() ? secondsApart.before(exchange) : Optional.empty();
        SentRequest sent = run.send(exchange.request());
        secondsApart.answered();
        List<Difference> differences = new ArrayList<>();
        if (ReplaySetup.WRITES.contains(exchange.request().method()) && ReplayRules.isSuccess(exchange.response().code())
                && ReplayRules.isSuccess(sent.answer().code())) {
            run.sync.learnWrite(exchange.request(), exchange.response(), sent.answer()).ifPresent(differences::add);
        }
        ResponseComparator.Comparison comparison = ResponseComparator.compare(exchange.response(), sent.answer(),
                new ResponseComparator.Context(run.rv, run.uids, sent.revisions(),
                        !withoutWatchCache && ReplayRules.servedFromWatchCache(exchange.request()),
                        run.comparesManagedFields()));
        differences.addAll(comparison.differences());
        List<String> notes = new ArrayList<>(sent.notes());
        waited.ifPresent(notes::add);
        notes.addAll(comparison.notes());
        return Outcome.judge(run.chapter, transcript.scenario(), exchange, sent.target(), differences, notes);
    }
}

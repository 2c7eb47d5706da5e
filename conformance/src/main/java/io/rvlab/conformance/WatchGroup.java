package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Header;
import io.rvlab.conformance.Transcript.Request;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Watches replayed together (one, or several opened at the same time, as e2's (A) and (B)), with the
 * real run's writes that their streams show made at the recorded times.
 */
final class WatchGroup {

    private static final Pattern OPENED_TOGETHER = Pattern.compile("(Two|Three|\\d+) watches were opened at the same time");

    /** A watch to replay: its translated request, and when this client closes it. */
    private record Planned(Exchange exchange, SentRequest sent, double closeAt) {
    }

    /** Something the replay does while watches are open, at a time after they were sent. */
    private record Action(double at, long golden, String why) {
    }

    private final ReplayRun run;
    private final RvTranslator rv;

    WatchGroup(ReplayRun run) {
        this.run = run;
        this.rv = run.rv;
    }

    /** How many watches a note says were opened at the same time ("Two watches were opened at the same time"). */
    static int openedTogether(List<String> notes) {
        for (String note : notes) {
            Matcher m = OPENED_TOGETHER.matcher(note);
            if (m.find()) {
                return switch (m.group(1)) {
                    case "Two" -> 2;
                    case "Three" -> 3;
                    default -> Integer.parseInt(m.group(1));
                };
            }
        }
        return 1;
    }

    // tag::replay-watches[]
    /**
     * Replays watches (one, or several opened together): each is sent as recorded and read until the
     * server ends it or until the recording's client closed it; meanwhile the real run's writes
     * that these streams show arriving later (another client's create, patches and delete, or the
     * revisions behind a BOOKMARK) are made at the recorded times, through {@link RevisionSync#catchUp}: a change
     * shortly before its event arrived there, a bookmark's revision three seconds before the
     * bookmark (the cache learns it from etcd's next progress notification).
     */
    List<Outcome> replay(Transcript transcript, List<Exchange> group) {
        // A watch from a revision just before the first new one its stream shows started at that revision.
        for (Exchange watch : group) {
            OptionalLong from = requestedRevision(watch.request());
            OptionalLong firstNew = RevisionObserver.streamRevisions(watch).stream().mapToLong(Long::longValue)
                    .filter(r -> r > rv.goldenLatest()).min();
            if (from.isPresent() && firstNew.isPresent() && from.getAsLong() < firstNew.getAsLong()) {
                rv.observe(from.getAsLong(), null);
            }
        }
        run.sync.catchUp();
        List<Action> actions = new ArrayList<>();
        List<Planned> planned = new ArrayList<>();
        for (Exchange watch : group) {
            RecordedStream stream = watch.stream();
            for (RecordedStream.StreamEvent event : stream.events()) {
                OptionalLong r = RevisionObserver.eventRevision(event.line());
                if (r.isPresent() && r.getAsLong() > rv.goldenLatest()) {
                    boolean bookmark = event.line().startsWith("{\"type\":\"BOOKMARK\"");
                    actions.add(new Action(Math.max(0.2, event.at() - (bookmark ? 3.0 : 0.15)), r.getAsLong(),
                            watch.id() + (bookmark ? ": the bookmark at " : ": the event at ") + event.at() + " s"));
                }
            }
            for (String note : watch.notes()) {
                Matcher timed = RevealedHistory.NOTE_TIMED_CREATE.matcher(note);
                while (timed.find()) {
                    actions.add(new Action(Double.parseDouble(timed.group(1)), Long.parseLong(timed.group(4)),
                            watch.id() + ": the note's create at t~" + timed.group(1) + " s"));
                }
            }
            double closeAt = stream.end().byServer() ? stream.end().at() + 5 : stream.end().at();
            planned.add(new Planned(watch, run.translator.translate(watch.request()), closeAt));
        }
        actions.sort(Comparator.comparingDouble(Action::at));

        ExecutorService pool = Executors.newFixedThreadPool(planned.size());
        try {
            long started = System.nanoTime();
            List<Future<WireClient.WatchAnswer>> answers = new ArrayList<>();
            for (Planned watch : planned) {
                List<Header> headers = RequestTranslator.keptHeaders(watch.exchange().request());
                answers.add(pool.submit(() -> run.client.watch(watch.sent().target(), headers, watch.closeAt())));
            }
            List<String> done = new ArrayList<>();
            for (Action action : actions) {
                long due = started + (long) (action.at() * 1e9);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                rv.observe(action.golden(), null);
                run.sync.catchUp();
                done.add(String.format(Locale.ROOT, "at %.2f s: revision %d (%s) reproduced as %d", action.at(),
                        action.golden(), action.why(), rv.revision(action.golden()).ours()));
            }
            List<Outcome> outcomes = new ArrayList<>();
            for (int w = 0; w < planned.size(); w++) {
                Planned watch = planned.get(w);
                WireClient.WatchAnswer answer = answers.get(w).get((long) watch.closeAt() + 60, TimeUnit.SECONDS);
                StreamComparator.Comparison comparison = StreamComparator.compare(watch.exchange(), answer,
                        new ResponseComparator.Context(rv, run.uids, watch.sent().revisions(), false,
                                run.comparesManagedFields()));
                List<String> notes = new ArrayList<>(watch.sent().notes());
                notes.addAll(done);
                notes.addAll(comparison.notes());
                outcomes.add(Outcome.judge(run.chapter, transcript.scenario(), watch.exchange(), watch.sent().target(),
                        comparison.differences(), notes));
            }
            for (Exchange watch : group) {
                run.observer.observeStream(watch, false);
            }
            run.sync.catchUp();
            return outcomes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("a watch of " + transcript.name() + " failed: " + e, e);
        } finally {
            pool.shutdownNow();
        }
    }
    // end::replay-watches[]

    /** A watch request's numeric, non-zero resourceVersion. */
    private static OptionalLong requestedRevision(Request request) {
        String value = QueryString.of(request.target()).get("resourceVersion");
        return value.matches("[1-9][0-9]*") ? OptionalLong.of(Long.parseLong(value)) : OptionalLong.empty();
    }
}

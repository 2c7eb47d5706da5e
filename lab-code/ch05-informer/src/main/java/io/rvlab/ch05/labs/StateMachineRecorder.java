package io.rvlab.ch05.labs;

import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.WatchListOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows a reflector through its states (LIST, WATCH, RESYNC, BACKOFF, RELIST) from what it reports,
 * and remembers which transitions it took, in the order it first took them: what
 * {@link StateMachineDiagram} highlights.
 */
final class StateMachineRecorder implements ReflectorListener {

    /** The reflector's states, as the chapter names them. */
    enum State { START, LIST, WATCH, RESYNC, BACKOFF, RELIST }

    /** Every transition the diagram draws. */
    enum Transition {
        START_LIST(State.START, State.LIST, "start: LIST at \"0\""),
        LIST_WATCH(State.LIST, State.WATCH, "store replaced at the list's rv; WATCH from it"),
        WATCH_EVENT(State.WATCH, State.WATCH, "event or BOOKMARK: lastSync moves"),
        WATCH_TIMEOUT(State.WATCH, State.WATCH, "timeout: WATCH again from lastSync"),
        WATCH_CUT(State.WATCH, State.WATCH, "connection cut: WATCH again from lastSync"),
        WATCH_RESYNC(State.WATCH, State.RESYNC, "resyncPeriod"),
        RESYNC_WATCH(State.RESYNC, State.WATCH, "store re-delivered, no request"),
        WATCH_BACKOFF(State.WATCH, State.BACKOFF, "ERROR 410 Expired"),
        BACKOFF_RELIST(State.BACKOFF, State.RELIST, "LIST at lastSync (not \"\")"),
        RELIST_AGAIN(State.RELIST, State.RELIST, "410 / too large: LIST at \"\""),
        RELIST_WATCH(State.RELIST, State.WATCH, "store replaced; WATCH from the list's rv");

        final State from;
        final State to;
        final String label;

        Transition(State from, State to, String label) {
            this.from = from;
            this.to = to;
            this.label = label;
        }
    }

    private final List<Transition> taken = new ArrayList<>();
    private State state = State.START;
    private Transition pendingRewatch;

    /** The transitions taken, each once, in the order first taken. */
    synchronized List<Transition> taken() {
        return List.copyOf(taken);
    }

    private void take(Transition t) {
        if (!taken.contains(t)) {
            taken.add(t);
        }
        state = t.to;
    }

    @Override
    public synchronized void listed(ListOptions options, String resourceVersion, int items) {
        if (state == State.START) {
            take(Transition.START_LIST);
        } else if (state == State.BACKOFF) {
            take(Transition.BACKOFF_RELIST);
        }
    }

    @Override
    public synchronized void listFailed(ListOptions options, Throwable cause) {
        if (state == State.BACKOFF) {
            take(Transition.BACKOFF_RELIST);
        }
        if (state == State.RELIST) {
            take(Transition.RELIST_AGAIN);
        }
    }

    @Override
    public synchronized void watchStarted(WatchListOptions options) {
        switch (state) {
            case LIST -> take(Transition.LIST_WATCH);
            case RELIST -> take(Transition.RELIST_WATCH);
            case WATCH -> {
                if (pendingRewatch != null) {
                    take(pendingRewatch);
                }
            }
            default -> { }
        }
        pendingRewatch = null;
    }

    @Override
    public synchronized void event(WatchEvent event, String lastSyncResourceVersion) {
        if (state == State.WATCH) {
            take(Transition.WATCH_EVENT);
        }
    }

    @Override
    public synchronized void watchEnded(String reason) {
        if (reason.startsWith("410")) {
            take(Transition.WATCH_BACKOFF);
        } else if (reason.equals("timeout")) {
            pendingRewatch = Transition.WATCH_TIMEOUT;
        } else if (reason.startsWith("connection")) {
            pendingRewatch = Transition.WATCH_CUT;
        }
    }

    @Override
    public synchronized void resynced() {
        if (state == State.WATCH) {
            take(Transition.WATCH_RESYNC);
            take(Transition.RESYNC_WATCH);
        }
    }
}

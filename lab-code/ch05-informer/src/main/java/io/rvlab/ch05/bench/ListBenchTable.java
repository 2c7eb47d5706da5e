package io.rvlab.ch05.bench;

import io.rvlab.support.text.TextTable;
import java.util.Locale;

/**
 * The benchmark as text: what ran where, one row per mode (medians over the rounds), then how each
 * number was measured. This is the table the chapter shows.
 */
public final class ListBenchTable {

    private ListBenchTable() {
    }

    public static String render(ListBenchRun run) {
        ListBenchOptions o = run.options();
        TextTable table = new TextTable()
                .group("", "mode")
                .group("client", "synced in", "LIST", "WATCH", "received")
                .group("API server heap (MiB)", "idle", "peak live", "peak used")
                .group("client heap (MiB)", "start", "store", "peak live", "peak used");
        for (SyncMode mode : o.modes()) {
            if (run.cells(mode).isEmpty()) {
                continue;
            }
            table.row(mode.label(),
                    duration(run.median(mode, c -> c.client().syncedMicros())),
                    Long.toString(run.median(mode, c -> c.client().listRequests())),
                    Long.toString(run.median(mode, c -> c.client().watchRequests())),
                    mib(run.median(mode, ListCellResult::bytesReceived)) + " MiB",
                    number(run.median(mode, c -> c.server().idleLive())),
                    number(run.median(mode, c -> c.server().afterGcPeak())),
                    number(run.median(mode, c -> c.server().usedPeak())),
                    number(run.median(mode, c -> c.client().liveAtStart())),
                    number(run.median(mode, c -> c.client().store())),
                    number(run.median(mode, c -> c.client().afterGcPeak())),
                    number(run.median(mode, c -> c.client().usedPeak())));
        }

        StringBuilder out = new StringBuilder();
        out.append(fmt("Syncing %,d ConfigMaps into a client: list then watch vs streaming watch-list (./course bench list)%n",
                o.objects()));
        out.append(fmt("etcd %s, %s; %d cores shared by etcd, server and client (load average %.1f at the start); %s%n",
                run.etcdVersion(), run.etcd(), run.cores(), run.loadAverage(), run.java()));
        out.append(fmt("server: %s; client: %s%n", run.serverClass(), run.clientDescription()));
        out.append(fmt("%,d ConfigMaps of about %,d bytes of data each; server and client each in a JVM of its own,%n"
                + "both -Xmx%s with G1; %s; run started %s%n", o.objects(), o.dataBytes(), o.xmx(),
                o.rounds() == 1 ? "one round" : "medians of " + o.rounds() + " rounds", run.date()));
        out.append('\n');
        out.append(table.render());
        out.append('\n');
        for (SyncMode mode : o.modes()) {
            out.append(fmt("%s: %s%n", mode.label(), mode.description()));
        }
        out.append("""
                synced in: from the client's start to its store holding every object (client-go's HasSynced), in a
                  fresh JVM (its JIT cold, as for a controller that starts). LIST: list requests, each page one.
                  WATCH: watch requests. received: bytes the client got over the wire (headers and chunking
                  included), counted by a relay in the parent JVM.
                Heap, measured inside each child JVM: "peak used" is the highest heap in use, sampled every 10 ms
                  (live objects plus garbage not yet collected: an upper bound that depends on the collector's pace);
                  "peak live" is the highest heap left after a garbage collection in the window: G1's collection
                  notifications, plus full GCs at the window's start and end (a lower bound on the live peak, as
                  collections in between come when G1 chooses). The server's window runs from its watch cache
                  holding every object ("idle": its live heap then) to the client's synced; the client's from its
                  start ("start": its JVM's live heap then) to synced. "store": the client's live heap at synced
                  minus after emptying its store (full GCs): the objects and their index.
                """);
        int failed = (int) run.cells().stream().filter(c -> !c.ok(o.objects())).count();
        if (failed > 0) {
            run.cells().stream().filter(c -> !c.ok(o.objects())).forEach(c -> out.append(fmt(
                    "ERROR: round %d, %s: %s, %,d of %,d objects; %s%n", c.round(), c.mode().option(),
                    c.client().synced() ? "synced" : "not synced", c.client().items(), o.objects(), c.client().error())));
        }
        return out.toString();
    }

    static String duration(long micros) {
        if (micros < 0) {
            return "-";
        }
        return micros >= 10_000_000 ? fmt("%.1f s", micros / 1e6) : micros >= 1_000_000 ? fmt("%.2f s", micros / 1e6)
                : fmt("%d ms", micros / 1000);
    }

    static String mib(long bytes) {
        return bytes < 0 ? "-" : fmt("%.1f", bytes / 1048576.0);
    }

    private static String number(long bytes) {
        return mib(bytes);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}

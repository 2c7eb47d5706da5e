package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One run of one mode: a fresh server child and a fresh client child, the client synced once.
 *
 * @param bytesReceived what the client received over the wire until it reported (counted by the relay)
 */
public record ListCellResult(SyncMode mode, int round, Server server, Client client, long bytesReceived) {

    /**
     * The API server child's heap, in bytes.
     *
     * @param idleLive live heap with the watch cache filled, before the client came (after a full GC)
     * @param usedPeak highest heap in use, sampled every 10 ms, from then until the client had synced
     * @param afterGcPeak highest heap left after any collection in that window, its start and end included
     * @param liveAtSynced live heap once the client had synced (after a full GC)
     * @param collections garbage collections in that window (the full GCs at its ends not counted)
     */
    public record Server(long idleLive, long usedPeak, long afterGcPeak, long liveAtSynced, int collections) {

        static Server from(ObjectNode report) {
            return new Server(report.path("idleLive").asLong(), report.path("usedPeak").asLong(),
                    report.path("afterGcPeak").asLong(), report.path("liveAtSynced").asLong(),
                    report.path("collections").asInt());
        }
    }

    /**
     * The client child's side.
     *
     * @param syncedMicros from the informer's start to synced
     * @param items objects in its store at synced
     * @param liveAtStart live heap of the client's JVM before the client started (after a full GC)
     * @param liveAtSynced live heap right after synced (after a full GC)
     * @param liveWithoutStore live heap once the client's store was emptied (after a full GC)
     * @param usedPeak highest heap in use, sampled every 10 ms, until synced
     * @param afterGcPeak highest heap left after any collection until synced, its start and end included
     * @param error the client's failure, or null
     */
    public record Client(boolean synced, long syncedMicros, int items, int listRequests, int watchRequests,
            long liveAtStart, long liveAtSynced, long liveWithoutStore, long usedPeak, long afterGcPeak, int collections, String error) {

        /** The heap the synced client's store takes: its objects and its index. */
        public long store() {
            return liveAtSynced - liveWithoutStore;
        }

        static Client from(ObjectNode report) {
            return new Client(report.path("synced").asBoolean(), report.path("syncedMicros").asLong(),
                    report.path("items").asInt(), report.path("listRequests").asInt(),
                    report.path("watchRequests").asInt(), report.path("liveAtStart").asLong(), report.path("liveAtSynced").asLong(),
                    report.path("liveWithoutStore").asLong(), report.path("usedPeak").asLong(),
                    report.path("afterGcPeak").asLong(), report.path("collections").asInt(),
                    report.path("error").isTextual() ? report.path("error").asText() : null);
        }
    }

    /** Whether the client synced every object without an error. */
    public boolean ok(int objects) {
        return client.synced() && client.items() == objects && client.error() == null;
    }

    ObjectNode toJson() {
        ObjectNode json = ChildProtocol.body().put("mode", mode.option()).put("round", round)
                .put("bytesReceived", bytesReceived);
        json.set("server", ChildProtocol.JSON.valueToTree(server));
        json.set("client", ChildProtocol.JSON.valueToTree(client));
        return json;
    }
}

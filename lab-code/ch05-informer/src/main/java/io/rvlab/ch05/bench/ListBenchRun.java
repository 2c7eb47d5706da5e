package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A whole run of {@code ./course bench list}: where it ran, with what, and every cell.
 *
 * @param etcd the etcd's description (version, container or external endpoints)
 * @param loadAverage the machine's one-minute load average when the run started (other work skews every number)
 * @param seedSeconds how long writing the objects into etcd took
 */
public record ListBenchRun(String etcdVersion, String etcd, int cores, double loadAverage, String java, String date, ListBenchOptions options,
        String serverClass, String clientDescription, double seedSeconds, List<ListCellResult> cells) {

    public ListBenchRun {
        cells = List.copyOf(cells);
    }

    List<ListCellResult> cells(SyncMode mode) {
        return cells.stream().filter(c -> c.mode() == mode).toList();
    }

    /** The median over the mode's rounds (the lower middle for an even count), or -1 without any. */
    long median(SyncMode mode, ToLongFunction<ListCellResult> value) {
        long[] values = cells(mode).stream().mapToLong(value).sorted().toArray();
        return values.length == 0 ? -1 : values[(values.length - 1) / 2];
    }

    boolean allOk() {
        return cells.stream().allMatch(c -> c.ok(options.objects()));
    }

    ObjectNode toJson() {
        ObjectNode json = ChildProtocol.body().put("benchmark", "list").put("etcdVersion", etcdVersion).put("etcd", etcd)
                .put("cores", cores).put("loadAverage", loadAverage).put("java", java).put("date", date).put("objects", options.objects())
                .put("dataBytes", options.dataBytes()).put("rounds", options.rounds()).put("pageSize", options.pageSize())
                .put("xmx", options.xmx()).put("server", serverClass).put("client", clientDescription)
                .put("seedSeconds", seedSeconds);
        ArrayNode array = json.putArray("cells");
        cells.forEach(c -> array.add(c.toJson()));
        return json;
    }
}

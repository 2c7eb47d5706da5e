package io.rvlab.ch07.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.bench.BenchRun;
import io.rvlab.ch03.bench.CellResult;
import io.rvlab.ch03.bench.Contention;
import java.util.List;
import java.util.Optional;

/**
 * A whole {@code ./course bench members} run: chapter 3's update benchmark once per cluster size,
 * each on an etcd cluster and an API server of its own.
 *
 * @param members the cluster sizes, smallest first
 * @param runs chapter 3's run on each size, in the same order
 * @param etcd what the members ran in (image), for the header
 */
public record MembersRun(List<Integer> members, List<BenchRun> runs, String etcd) {

    static final ObjectMapper JSON = new ObjectMapper();

    public MembersRun {
        members = List.copyOf(members);
        runs = List.copyOf(runs);
        if (members.size() != runs.size() || members.isEmpty()) {
            throw new IllegalArgumentException("one run per cluster size");
        }
    }

    /** The run on {@code size} members. */
    public BenchRun run(int size) {
        return runs.get(members.indexOf(size));
    }

    public List<Integer> clientCounts() {
        return runs.get(0).clientCounts();
    }

    public int smallest() {
        return members.get(0);
    }

    public int largest() {
        return members.get(members.size() - 1);
    }

    public Optional<CellResult> cell(String path, int size, int clients) {
        return members.contains(size) ? run(size).cell(path, Contention.DISTINCT, clients) : Optional.empty();
    }

    /** API server updates/s over raw etcd updates/s on one cluster size. */
    public Optional<Double> apiToRaw(int size, int clients) {
        return run(size).ratio(Contention.DISTINCT, clients);
    }

    /** Updates/s of {@code path} on {@code size} members over the same on the smallest cluster. */
    public Optional<Double> toSmallest(String path, int size, int clients) {
        Optional<CellResult> base = cell(path, smallest(), clients);
        Optional<CellResult> other = cell(path, size, clients);
        if (base.isEmpty() || other.isEmpty() || base.get().updates() == 0) {
            return Optional.empty();
        }
        return Optional.of(other.get().updatesPerSecond() / base.get().updatesPerSecond());
    }

    public boolean anyErrors() {
        return runs.stream().flatMap(r -> r.cells().stream()).anyMatch(c -> c.errors() > 0);
    }

    /** The run as JSON, for tools: every number unrounded, chapter 3's runs whole. */
    public ObjectNode toJson() {
        ObjectNode json = JSON.createObjectNode();
        json.put("benchmark", "members");
        json.put("etcd", etcd);
        ArrayNode ratios = json.putArray("ratios");
        for (int clients : clientCounts()) {
            for (int size : members) {
                ObjectNode r = ratios.addObject().put("clients", clients).put("members", size);
                apiToRaw(size, clients).ifPresent(v -> r.put("apiToRaw", v));
                if (size != smallest()) {
                    toSmallest(BenchRun.RAW, size, clients).ifPresent(v -> r.put("rawToSmallest", v));
                    toSmallest(BenchRun.API, size, clients).ifPresent(v -> r.put("apiToSmallest", v));
                }
            }
        }
        ArrayNode byMembers = json.putArray("runs");
        for (int i = 0; i < members.size(); i++) {
            byMembers.addObject().put("members", members.get(i)).set("run", runs.get(i).toJson());
        }
        return json;
    }
}

package io.rvlab.ch03.bench;

import java.util.List;
import java.util.stream.IntStream;

/** Which objects the clients of one benchmark cell update. */
public enum Contention {

    /** Each client its own ConfigMap: no two writers meet, so there are no conflicts. */
    DISTINCT("distinct", "distinct objects (one ConfigMap per client)"),

    /** Every client the same ConfigMap: all but one of the writers racing for a revision lose. */
    CONTENDED("contended", "one contended object (all clients on one ConfigMap)");

    private final String label;
    private final String description;

    Contention(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    /** The object names the clients of a cell use: client i updates {@code names.get(i)}. */
    public List<String> objectsFor(int clients) {
        return IntStream.range(0, clients)
                .mapToObj(i -> this == DISTINCT ? String.format("cm-%02d", i) : "shared")
                .toList();
    }
}

package io.rvlab.support.lab;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** Every lab on the class path, in id order. */
public final class Labs {

    private Labs() {
    }

    public static List<Lab> all() {
        return ServiceLoader.load(Lab.class).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(Labs::sortKey))
                .toList();
    }

    public static Optional<Lab> find(String id) {
        return all().stream().filter(lab -> lab.id().equals(id)).findFirst();
    }

    /** "1.10" sorts after "1.9". */
    private static String sortKey(Lab lab) {
        StringBuilder key = new StringBuilder();
        for (String part : lab.id().split("\\.")) {
            key.append(String.format("%05d", Integer.parseInt(part)));
        }
        return key.toString();
    }
}

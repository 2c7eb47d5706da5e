package io.rvlab.support.bench;

import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Every benchmark on the class path, in chapter order. Its {@code main} prints them for the launcher,
 * one a line: {@code name|module|program|summary|recorded-in|newest|options} ({@code newest} or empty).
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    public static List<Benchmark> all() {
        return ServiceLoader.load(Benchmark.class).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(Benchmark::module).thenComparing(Benchmark::name))
                .toList();
    }

    public static void main(String[] args) {
        for (Benchmark b : all()) {
            System.out.println(String.join("|", b.name(), b.module(), b.program().getName(), b.summary(),
                    b.recordedIn(), b.onNewestServer() ? "newest" : "", b.options()));
        }
    }
}

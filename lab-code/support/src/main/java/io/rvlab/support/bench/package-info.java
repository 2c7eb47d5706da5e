/**
 * Benchmarks the launcher lists and runs: each chapter registers its
 * {@link io.rvlab.support.bench.Benchmark}s, and {@link io.rvlab.support.bench.Benchmarks} reads them
 * for {@code ./course bench --list}, {@code ./course bench <name>} and the site build.
 */
package io.rvlab.support.bench;

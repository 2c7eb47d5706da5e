package io.rvlab.grader;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The dependencies the grader compiles exercises against and loads them over: this JVM's class
 * path, which {@code ./course} makes from the modules' {@code target/classpath.txt} (Maven writes
 * it; Maven runs again only when a POM or lab-code changes, never for a learner's save). The
 * modules' own classes must not be on it: the parent class loader would then hand every variant
 * the same, stale, classes.
 */
final class DependencyPath {

    private DependencyPath() {
    }

    /**
     * What a module's main code compiles against: its compile-scope dependencies
     * ({@code target/classpath-main.txt}, which Maven writes beside {@code classpath.txt}), so an answer
     * cannot call a test-only helper the grading tests use; all of {@code deps} when that file is absent.
     */
    static List<Path> forMain(Path module, List<Path> deps) {
        Path file = module.resolve("target/classpath-main.txt");
        if (!java.nio.file.Files.isRegularFile(file)) {
            return deps;
        }
        try {
            List<Path> main = new ArrayList<>();
            for (String entry : java.nio.file.Files.readString(file).trim().split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    main.add(Path.of(entry).toAbsolutePath().normalize());
                }
            }
            return main;
        } catch (java.io.IOException e) {
            throw new GraderException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    static List<Path> ofThisJvm(Path... modules) {
        List<Path> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry).toAbsolutePath().normalize();
            for (Path module : modules) {
                if (path.startsWith(module.resolve("target/classes")) || path.startsWith(module.resolve("target/test-classes"))) {
                    throw new GraderException("the grader's class path holds " + path + ": it must hold the dependencies only"
                            + " (java -cp \"$(cat " + module.resolve("target/classpath.txt") + ")\"), or the classes just compiled would be shadowed");
                }
            }
            entries.add(path);
        }
        return entries;
    }
}

package io.rvlab.grader;

import io.rvlab.grader.session.ModuleCompiler;
import io.rvlab.grader.session.Variant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The learner's module as it is on disk now, compiled in this JVM ({@code src/main/java} with the
 * given classes, then the grading tests) into {@code target/grader/classes}, and loaded as a
 * {@link Variant}. This is what makes a regrade take seconds: no Maven, and nothing recompiled
 * when nothing changed.
 *
 * <p>An exercise file that does not compile costs only that exercise: it is compiled again with
 * its untouched skeleton in its place (from git: the copy's {@code rvlab-handout} tag, or the
 * course's upstream branch), in memory only, and reported with the compiler's first message, so
 * the other exercises still grade.
 */
final class LearnerBuild {

    /** Refs that hold the untouched skeletons, as {@code ./course reset} looks for them. */
    private static final List<String> SKELETON_REFS = List.of("rvlab-handout", "@{upstream}", "origin/HEAD", "origin/main");

    private final Variant variant;
    private final Map<String, ModuleCompiler.CompileError> uncompiled;

    private LearnerBuild(Variant variant, Map<String, ModuleCompiler.CompileError> uncompiled) {
        this.variant = variant;
        this.uncompiled = uncompiled;
    }

    /**
     * @param untouched the untouched module a broken exercise file is taken from, or null to take it
     *     from git (a class grade passes the course's own module: its scratch copy has no git)
     */
    static LearnerBuild compile(Manifest manifest, Path module, Path untouched, Path logDir) {
        List<Path> deps = DependencyPath.ofThisJvm(module);
        Path classes = module.resolve("target/grader/classes");
        List<Path> roots = List.of(module.resolve("src/main/java"), module.resolve("src/given/java"));
        List<Path> mainDeps = DependencyPath.forMain(module, deps);
        ModuleCompiler.Compilation main = ModuleCompiler.compile(roots, mainDeps, classes.resolve("main"), Map.of());
        Map<String, ModuleCompiler.CompileError> uncompiled = new LinkedHashMap<>();
        if (!main.ok()) {
            Map<Path, String> skeletons = new LinkedHashMap<>();
            for (Path broken : main.brokenFiles()) {
                Manifest.Exercise owner = manifest.exercises().stream()
                        .filter(e -> e.fileIn(module).toAbsolutePath().normalize().equals(broken.toAbsolutePath().normalize()))
                        .findFirst().orElse(null);
                String skeleton = owner == null ? null : skeleton(module, untouched, owner.file());
                if (skeleton == null) {
                    writeLog(logDir, main);
                    throw new GraderException("your module does not compile, and " + (owner == null
                            ? broken + " is not an exercise's file"
                            : "the untouched skeleton of " + owner.file() + " cannot be found to grade the others") + ":\n  "
                            + String.join("\n  ", main.errors().stream().limit(8).map(Object::toString).toList()));
                }
                skeletons.put(broken, skeleton);
                uncompiled.put(owner.id(), main.errors().stream().filter(err -> broken.equals(err.file())).findFirst().orElseThrow());
            }
            writeLog(logDir, main);
            main = ModuleCompiler.compile(roots, mainDeps, classes.resolve("main"), skeletons);
            if (!main.ok()) {
                throw new GraderException("your module does not compile even with the broken exercises' skeletons back:\n  "
                        + String.join("\n  ", main.errors().stream().limit(8).map(Object::toString).toList()));
            }
        }
        List<Path> testPath = new ArrayList<>(List.of(classes.resolve("main")));
        testPath.addAll(deps);
        ModuleCompiler.Compilation tests = ModuleCompiler.compile(List.of(module.resolve("src/test/java")), testPath, classes.resolve("test"), Map.of());
        if (!tests.ok()) {
            throw new GraderException("the grading tests do not compile against your code (did a public name or signature change?):\n  "
                    + String.join("\n  ", tests.errors().stream().limit(8).map(Object::toString).toList()));
        }
        return new LearnerBuild(Variant.of("learner", List.of(classes.resolve("main"), classes.resolve("test"))), uncompiled);
    }

    Variant variant() {
        return variant;
    }

    /** The first compiler error of each exercise whose file did not compile, by exercise id. */
    Map<String, ModuleCompiler.CompileError> uncompiled() {
        return uncompiled;
    }

    private static void writeLog(Path logDir, ModuleCompiler.Compilation build) {
        try {
            Files.createDirectories(logDir);
            Files.writeString(logDir.resolve("compile.log"), String.join("\n", build.errors().stream().map(e ->
                    (e.file() == null ? "" : e.file() + ":" + e.line() + ": ") + e.message()).toList()) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The untouched skeleton of {@code file} (relative to the module), from {@code untouched} or git, or null. */
    private static String skeleton(Path module, Path untouched, String file) {
        if (untouched != null) {
            try {
                return Files.readString(untouched.resolve(file), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return null;
            }
        }
        for (String ref : SKELETON_REFS) {
            Git.Result shown = Git.run(module, java.time.Duration.ofSeconds(10), "show", ref + ":./" + file);
            if (shown.ok()) {
                return new String(shown.out(), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}

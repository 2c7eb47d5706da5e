package io.rvlab.grader.session;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles a module's sources in this JVM with {@code javax.tools}: the same {@code javac} Maven
 * calls, without Maven's start-up, so a regrade after a save costs a second or two, not a build.
 * One set of flags for every caller ({@link #OPTIONS}). Output is reused while the sources, the
 * class path and the overrides are unchanged (a digest beside the output says so).
 */
public final class ModuleCompiler {

    /** The flags every compilation of the course's exercises uses: Java 17, as the POMs say. */
    static final List<String> OPTIONS = List.of("--release", "17", "-nowarn", "-encoding", "UTF-8", "-proc:none", "-g");

    private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

    private ModuleCompiler() {
    }

    /** One compiler error, where the learner can find it. */
    public record CompileError(Path file, long line, String message) {
        @Override
        public String toString() {
            return (file == null ? "" : file.getFileName() + ":" + line + ": ") + message;
        }
    }

    /**
     * @param ok     true when the output directory holds the classes of every source
     * @param errors the compiler's errors, in its order
     * @param reused true when nothing changed since the last compilation into the same directory
     */
    public record Compilation(boolean ok, List<CompileError> errors, boolean reused) {
        /** The files that have errors, in order, without repeats. */
        public List<Path> brokenFiles() {
            return errors.stream().map(CompileError::file).filter(f -> f != null).distinct().toList();
        }
    }

    /**
     * Compiles every {@code .java} file under {@code sourceRoots} into {@code out} (emptied first),
     * and copies each root's sibling {@code resources} folder there too.
     *
     * @param overrides files whose content is taken from this map instead of the disk (a broken
     *                  learner's file replaced by its skeleton, in memory only)
     */
    public static Compilation compile(List<Path> sourceRoots, List<Path> classPath, Path out, Map<Path, String> overrides) {
        List<Path> resources = sourceRoots.stream().map(root -> root.resolveSibling("resources")).toList();
        return compile(sources(sourceRoots), resources, classPath, out, overrides);
    }

    /**
     * Compiles only the given files, with the given texts, into {@code out}: a wrong answer's few
     * changed classes, which come before the solution's own in its {@link Variant}.
     */
    public static Compilation compileFiles(Map<Path, String> files, List<Path> classPath, Path out) {
        return compile(files.keySet().stream().sorted().toList(), List.of(), classPath, out, files);
    }

    private static Compilation compile(List<Path> sources, List<Path> resources, List<Path> classPath, Path out, Map<Path, String> overrides) {
        if (JAVAC == null) {
            throw new IllegalStateException("this Java has no compiler (javax.tools): the grader needs a JDK, not a JRE");
        }
        Path stamp = out.resolveSibling(out.getFileName() + ".digest");
        String digest = digest(sources, classPath, overrides);
        try {
            if (Files.isDirectory(out) && Files.exists(stamp) && Files.readString(stamp).equals(digest)) {
                return new Compilation(true, List.of(), true);
            }
            Files.deleteIfExists(stamp);
            deleteTree(out);
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + out, e);
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean ok;
        try (StandardJavaFileManager files = JAVAC.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<JavaFileObject> units = new ArrayList<>();
            for (Path source : sources) {
                String replaced = overrides.get(source);
                units.add(replaced == null ? files.getJavaFileObjects(source.toFile()).iterator().next() : new InMemory(source, replaced));
            }
            List<String> options = new ArrayList<>(OPTIONS);
            options.addAll(List.of("-d", out.toString(), "-cp", join(classPath)));
            StringWriter chatter = new StringWriter();
            ok = units.isEmpty() || JAVAC.getTask(chatter, files, diagnostics, options, null, units).call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<CompileError> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                Path file = d.getSource() == null ? null : Path.of(d.getSource().toUri());
                errors.add(new CompileError(file, d.getLineNumber(), d.getMessage(Locale.ROOT)));
            }
        }
        try {
            for (Path folder : resources) {
                copyTree(folder, out);
            }
            if (ok) {
                Files.writeString(stamp, digest);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Compilation(ok, List.copyOf(errors), false);
    }

    /** Every {@code .java} file under the roots that exist, sorted (the digest depends on order). */
    static List<Path> sources(List<Path> roots) {
        List<Path> all = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).map(Path::toAbsolutePath).sorted().forEach(all::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return all;
    }

    private static String digest(List<Path> sources, List<Path> classPath, Map<Path, String> overrides) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(String.join("\n", OPTIONS).getBytes(StandardCharsets.UTF_8));
            sha.update(join(classPath).getBytes(StandardCharsets.UTF_8));
            for (Path entry : classPath) {
                // a rebuilt dependency jar or class folder changes what compiles
                sha.update(Long.toString(Files.exists(entry) ? Files.getLastModifiedTime(entry).toMillis() : 0).getBytes(StandardCharsets.UTF_8));
            }
            for (Path source : sources) {
                sha.update(source.toString().getBytes(StandardCharsets.UTF_8));
                String replaced = overrides.get(source);
                sha.update(replaced != null ? replaced.getBytes(StandardCharsets.UTF_8) : Files.readAllBytes(source));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String join(List<Path> classPath) {
        return String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList());
    }

    /** Deletes {@code dir} and everything under it, if it exists. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Copies the regular files under {@code from} to the same places under {@code to} (nothing if {@code from} is absent). */
    public static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** A source whose text is given, standing in for the file at {@code path}. */
    private static final class InMemory extends SimpleJavaFileObject {
        private final String text;

        InMemory(Path path, String text) {
            super(URI.create(path.toUri().toString()), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}

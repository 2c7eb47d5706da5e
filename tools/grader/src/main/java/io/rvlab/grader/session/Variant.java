package io.rvlab.grader.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One version of an exercise module's classes (the skeleton, the solution, a learner's save, a
 * wrong answer), loaded with the grading tests in a class loader of its own. The JVM's class path
 * holds only the dependencies (lab-code, support with its shared etcd, JUnit, the grader), so they
 * and the etcd they started stay warm from one variant to the next, while the classes under test
 * are always the ones just compiled.
 */
public final class Variant implements AutoCloseable {

    private final String name;
    private final URLClassLoader loader;

    private Variant(String name, URLClassLoader loader) {
        this.name = name;
        this.loader = loader;
    }

    /** @param classDirs searched in order: a wrong answer's few classes come before the solution's */
    public static Variant of(String name, List<Path> classDirs) {
        List<URL> urls = new ArrayList<>();
        for (Path dir : classDirs) {
            try {
                urls.add(dir.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException(dir.toString(), e);
            }
        }
        return new Variant(name, new URLClassLoader("rvlab-" + name, urls.toArray(URL[]::new), Variant.class.getClassLoader()));
    }

    public String name() {
        return name;
    }

    public ClassLoader loader() {
        return loader;
    }

    /** Runs {@code work} with this variant as the thread's context class loader (the grader loads tests through it). */
    public <T> T run(Supplier<T> work) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return work.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    @Override
    public void close() {
        try {
            loader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

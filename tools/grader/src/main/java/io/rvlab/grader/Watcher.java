package io.rvlab.grader;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code ./course watch 1}: regrade on every save. It watches the module's {@code src/main/java}
 * and, after each burst of changes settles (editors write a file in several steps), runs
 * {@code <course> grade <chapter> [options]} as a child with the terminal handed over: the launcher
 * rebuilds first, so a compile error shows exactly as the compiler reports it.
 *
 * OS file events (inotify through the JDK's WatchService) are the default. They never arrive for
 * files on a Windows drive edited from Windows under WSL, nor across some container bind mounts,
 * and the JDK on macOS only polls every 10 s; so there is a polling fallback: {@code --poll}, or
 * chosen automatically when events cannot work. Both wait by blocking or sleeping, never spinning.
 */
final class Watcher {

    static final long DEBOUNCE_MILLIS = 300;
    static final long POLL_MILLIS = 500;

    private final Manifest manifest;
    private final Options options;
    private final PrintStream out;
    private final PrintStream err;
    private volatile Process child;
    private volatile boolean stopping;

    Watcher(Manifest manifest, Options options, PrintStream out, PrintStream err) {
        this.manifest = manifest;
        this.options = options;
        this.out = out;
        this.err = err;
    }

    /** Watches until Ctrl-C (the JVM then exits through the shutdown hook); returns only on error. */
    int run() {
        Path sources = options.module().resolve("src/main/java");
        if (!Files.isDirectory(sources)) {
            throw new GraderException("nothing to watch: " + sources + " does not exist");
        }
        Path course = options.path();
        if (!Files.isExecutable(course)) {
            throw new GraderException("--watch needs the course launcher, and " + course + " is not an executable file");
        }
        List<String> command = new ArrayList<>(List.of(course.toString(), "grade", String.valueOf(manifest.chapter())));
        command.addAll(options.gradeArgs());

        Runtime.getRuntime().addShutdownHook(new Thread(this::stopChild, "rvlab-watch-stop"));
        try (Changes changes = changesIn(sources)) {
            grade(command, changes.description());
            while (true) {
                changes.await();
                grade(command, changes.description());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private Changes changesIn(Path sources) {
        if (options.poll()) {
            return new Polling(sources, "polling (--poll)");
        }
        if (onWindowsDriveUnderWsl(sources)) {
            return new Polling(sources, "polling: Windows drives under WSL send no file events");
        }
        try {
            FileEvents events = new FileEvents(sources);
            if (events.isPollingInside()) {
                events.close();
                return new Polling(sources, "polling: this JDK's file events are slow polling");
            }
            return events;
        } catch (IOException | UncheckedIOException e) {
            err.println("[watch] file events unavailable (" + e.getMessage() + "); polling instead. --poll skips this attempt.");
            return new Polling(sources, "polling: file events unavailable");
        }
    }

    /**
     * Runs one grading after clearing the screen: in this JVM with {@code --compile} (the warm path:
     * the compiler, JUnit and the etcd the tests share stay up between saves), else as a child
     * {@code ./course grade} with the terminal handed over (a student copy, whose launcher first
     * checks the grading tests against the handout).
     */
    private void grade(List<String> command, String how) throws InterruptedException {
        if (System.console() != null) {
            out.print("\033[H\033[2J\033[3J"); // home, clear screen, clear scrollback
        } else {
            out.println("\n----- " + now() + " -----");
        }
        out.flush();
        int exit;
        long start = System.nanoTime();
        if (options.compile()) {
            try {
                exit = Grader.grade(manifest, options, out, err);
            } catch (GraderException e) {
                err.println("grader: " + e.getMessage());
                exit = 2;
            }
        } else {
            try {
                child = new ProcessBuilder(command).inheritIO().start();
                exit = child.waitFor();
            } catch (IOException e) {
                throw new GraderException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
            } finally {
                child = null;
            }
        }
        String took = String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - start) / 1e9);
        if (stopping) {
            return; // Ctrl-C: the child was interrupted, there is nothing to report
        }
        out.println();
        out.println("[watch] " + now() + " graded in " + took + " (exit " + exit + "). Watching " + options.module().resolve("src/main/java")
                + " for saves, " + how + ". Ctrl-C stops.");
        out.flush();
    }

    /** Ctrl-C reaches the child too (same process group); a plain kill of the watcher should not orphan it. */
    private void stopChild() {
        stopping = true;
        Process p = child;
        if (p != null && p.isAlive()) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
    }

    private static String now() {
        return LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss"));
    }

    private static boolean onWindowsDriveUnderWsl(Path sources) {
        try {
            String version = Files.readString(Path.of("/proc/version"), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
            return version.contains("microsoft") && sources.toAbsolutePath().startsWith("/mnt");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Blocks until the sources changed and the change has settled. */
    interface Changes extends AutoCloseable {
        void await() throws InterruptedException;

        String description();

        @Override
        void close();
    }

    /** OS file events for every directory under the root; new directories are added as they appear. */
    static final class FileEvents implements Changes {
        private final WatchService service;
        private final Map<WatchKey, Path> directories = new HashMap<>();

        FileEvents(Path root) throws IOException {
            service = root.getFileSystem().newWatchService();
            try {
                register(root);
            } catch (IOException | UncheckedIOException e) {
                service.close();
                throw e; // e.g. "User limit of inotify watches reached"
            }
        }

        /** The JDK on macOS implements WatchService by polling every 10 s: our own polling is quicker. */
        boolean isPollingInside() {
            return service.getClass().getSimpleName().contains("Polling");
        }

        @Override
        public String description() {
            return "by file events (--poll if saves go unnoticed)";
        }

        @Override
        public void await() throws InterruptedException {
            try {
                while (!relevant(service.take())) {
                    // only editor scratch files changed: keep waiting
                }
                // Debounce: an editor's save is several events; grade once they have stopped.
                WatchKey key;
                while ((key = service.poll(DEBOUNCE_MILLIS, TimeUnit.MILLISECONDS)) != null) {
                    relevant(key);
                }
            } catch (ClosedWatchServiceException e) {
                throw new InterruptedException("watch service closed");
            }
        }

        /** Handles a key's events; true if any could change what compiles. */
        private boolean relevant(WatchKey key) {
            boolean relevant = false;
            Path dir = directories.get(key);
            for (WatchEvent<?> event : key.pollEvents()) {
                if (event.kind() == OVERFLOW || dir == null) {
                    relevant = true; // events were lost: assume the worst
                    continue;
                }
                Path changed = dir.resolve((Path) event.context());
                if (event.kind() == ENTRY_CREATE && Files.isDirectory(changed)) {
                    try {
                        register(changed);
                    } catch (IOException | UncheckedIOException e) {
                        // it vanished again; nothing to watch
                    }
                    relevant = true;
                } else if (changed.getFileName().toString().endsWith(".java") || event.kind() == ENTRY_DELETE) {
                    relevant = true;
                }
            }
            if (!key.reset()) {
                directories.remove(key);
            }
            return relevant;
        }

        private void register(Path root) throws IOException {
            try (Stream<Path> dirs = Files.walk(root)) {
                for (Path dir : (Iterable<Path>) dirs.filter(Files::isDirectory)::iterator) {
                    directories.put(dir.register(service, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE), dir);
                }
            }
        }

        @Override
        public void close() {
            try {
                service.close();
            } catch (IOException e) {
                // closing on the way out; nothing to do
            }
        }
    }

    /** Compares the .java files' modification times and sizes every half second. */
    static final class Polling implements Changes {
        private final Path root;
        private final String description;
        private Map<Path, String> last;

        Polling(Path root, String description) {
            this.root = root;
            this.description = description;
            this.last = scan();
        }

        @Override
        public String description() {
            return description;
        }

        @Override
        public void await() throws InterruptedException {
            Map<Path, String> now;
            do {
                Thread.sleep(POLL_MILLIS);
                now = scan();
            } while (now.equals(last));
            // Debounce: wait until two scans agree.
            Map<Path, String> settled;
            while (true) {
                Thread.sleep(DEBOUNCE_MILLIS);
                settled = scan();
                if (settled.equals(now)) {
                    break;
                }
                now = settled;
            }
            last = settled;
        }

        /** Changes made while a grading ran are still noticed: {@code last} is the state before it. */
        private Map<Path, String> scan() {
            Map<Path, String> files = new HashMap<>();
            try (Stream<Path> all = Files.walk(root)) {
                all.filter(p -> p.toString().endsWith(".java")).forEach(p -> {
                    try {
                        files.put(p, Files.getLastModifiedTime(p).toMillis() + ":" + Files.size(p));
                    } catch (IOException e) {
                        files.put(p, "unreadable"); // being replaced right now; the next scan sees it settled
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                return last != null ? last : files; // a directory vanished mid-walk: decide on the next scan
            }
            return files;
        }

        @Override
        public void close() {
        }
    }
}

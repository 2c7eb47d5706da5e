package io.rvlab.support.kubectl;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The real kubectl, pointed at one of the course's API servers: the chapters' tests use it as a
 * client they did not write. It runs in a temporary directory with a kubeconfig of its own, its own
 * cache and HOME, so nothing of the user's {@code ~/.kube} is read or written.
 */
public final class Kubectl implements AutoCloseable {

    /** What a finished kubectl printed. */
    public record Result(int exitCode, String out, String err) {
    }

    private final Path binary;
    private final Path work;
    private final Path kubeconfig;

    private Kubectl(Path binary, Path work, Path kubeconfig) {
        this.binary = binary;
        this.work = work;
        this.kubeconfig = kubeconfig;
    }

    /** kubectl on the PATH, else Debian's {@code /usr/bin/kubectl}; empty where it is not installed (tests skip). */
    public static Optional<Path> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "kubectl");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        Path usual = Path.of("/usr/bin/kubectl");
        return Files.isExecutable(usual) ? Optional.of(usual) : Optional.empty();
    }

    /** A kubectl whose current context is {@code server} (plain HTTP, no credentials) and {@code namespace}. */
    public static Kubectl forServer(Path binary, String server, String namespace) throws IOException {
        Path work = Files.createTempDirectory("rvlab-kubectl-");
        // tag::kubeconfig[]
        Files.writeString(work.resolve("kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: rvlab
                  cluster:
                    server: %s
                contexts:
                - name: rvlab
                  context:
                    cluster: rvlab
                    namespace: %s
                current-context: rvlab
                """.formatted(server, namespace));
        // end::kubeconfig[]
        return new Kubectl(binary, work, work.resolve("kubeconfig"));
    }

    /**
     * A kubectl that reads {@code kubeconfig} as it is, as a learner's {@code kubectl --kubeconfig FILE}
     * does (an https server, its CA, a token); it still gets a cache and HOME of its own.
     */
    public static Kubectl withKubeconfig(Path binary, Path kubeconfig) throws IOException {
        return new Kubectl(binary, Files.createTempDirectory("rvlab-kubectl-"), kubeconfig.toAbsolutePath());
    }

    /** The temporary directory kubectl runs in (files written there can be passed with {@code -f}). */
    public Path workDir() {
        return work;
    }

    /** Writes a file into the working directory, for {@code -f}. */
    public Path file(String name, String content) throws IOException {
        return Files.writeString(work.resolve(name), content);
    }

    /** Runs kubectl to the end (at most 60 s), nothing on stdin. */
    public Result run(String... args) throws IOException, InterruptedException {
        // stderr goes to a file, so neither pipe can fill up while the other is read
        Path stderr = work.resolve("stderr-" + System.nanoTime());
        Process process = command(stderr, args).start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("kubectl " + String.join(" ", args) + " did not finish in 60 s");
        }
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(stderr));
    }

    /** Starts a kubectl that keeps running ({@code get -w}); its output is collected line by line. */
    public Running start(String... args) throws IOException {
        return new Running(command(work.resolve("stderr-" + System.nanoTime()), args).start());
    }

    private ProcessBuilder command(Path stderr, String... args) {
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--kubeconfig=" + kubeconfig,
                "--cache-dir=" + work.resolve("cache")));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(stderr.toFile());
        builder.environment().put("HOME", work.toString());
        builder.environment().remove("KUBECONFIG");
        return builder;
    }

    @Override
    public void close() throws IOException {
        try (var files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** A kubectl left running, its output collected line by line as it comes. */
    public static final class Running implements AutoCloseable {
        private final Process process;
        private final List<String> lines = new ArrayList<>();

        private Running(Process process) {
            this.process = process;
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        synchronized (lines) {
                            lines.add(line);
                            lines.notifyAll();
                        }
                    }
                } catch (IOException e) {
                    // the process was stopped
                }
            }, "kubectl-output");
            reader.setDaemon(true);
            reader.start();
        }

        /** Every line printed so far. */
        public List<String> lines() {
            synchronized (lines) {
                return List.copyOf(lines);
            }
        }

        /**
         * Waits until a line meets {@code test} and returns every line so far.
         *
         * @throws AssertionError naming {@code what} and the output, if none does within {@code wait}
         */
        public List<String> awaitLine(String what, Predicate<String> test, Duration wait) throws InterruptedException {
            long deadline = System.nanoTime() + wait.toNanos();
            synchronized (lines) {
                while (lines.stream().noneMatch(test)) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new AssertionError("kubectl did not print " + what + "; it printed " + lines);
                    }
                    lines.wait(Math.max(1, left / 1_000_000));
                }
                return List.copyOf(lines);
            }
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}

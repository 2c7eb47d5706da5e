package io.rvlab.ch03.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server a benchmark measures, as users run it: {@code ./course serve}'s main class in a JVM
 * of its own, over the benchmark's etcd, on a free loopback port; or a server already running
 * elsewhere, named by its URL. Either way the load comes from another JVM, so the server's CPU, heap
 * and garbage collector are not shared with the clients that measure it.
 *
 * <p>Which server: the newest chapter's {@code io.rvlab.chNN.server.ApiServerMain} on this JVM's
 * class path. The launcher runs the benchmarks on the newest chapter's class path, so that is the
 * server {@code ./course serve} runs.
 */
public final class ApiServerProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    /**
     * Extra options for the server's JVM, split on spaces, for example a profile of the run:
     * {@code RVLAB_BENCH_SERVER_JVM_OPTS=-XX:StartFlightRecording=filename=server.jfr,settings=profile}.
     */
    public static final String JVM_OPTS_ENV = "RVLAB_BENCH_SERVER_JVM_OPTS";

    private final Process process; // null for a server named by URL
    private final URI url;
    private final String description;

    private ApiServerProcess(Process process, URI url, String description) {
        this.process = process;
        this.url = url;
        this.description = description;
    }

    /** A server that is already running (the benchmark's {@code --server URL}); closing it leaves it running. */
    public static ApiServerProcess attach(URI url) {
        return new ApiServerProcess(null, url, "the API server at " + url + " (started elsewhere: its own JVM)");
    }

    /**
     * Starts {@code mainClass} in a child JVM with this JVM's java and class path, over the etcd at
     * {@code etcdEndpoints}, quiet (no line per request) on port 0; its output goes to {@code log}.
     * Returns once it says where it listens.
     */
    public static ApiServerProcess start(String mainClass, String etcdEndpoints, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+UseG1GC"); // pinned: on a small machine ergonomics would pick the serial collector
        command.addAll(jvmOptions(System.getenv(JVM_OPTS_ENV)));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of("--port", "0", "--quiet"));
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // The server's own etcd handling (Etcd.start) takes an external etcd from this variable:
        // the benchmark's etcd, so raw etcd and the server are measured on the same one.
        builder.environment().put("RVLAB_ETCD_ENDPOINTS", etcdEndpoints);
        Process process = builder.start();
        CompletableFuture<URI> listening = new CompletableFuture<>();
        Thread copier = new Thread(() -> copyOutput(process, log, listening), "bench-apiserver-log");
        copier.setDaemon(true);
        copier.start();
        try {
            URI url = listening.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            awaitHealthy(process, url, log);
            return new ApiServerProcess(process, url, mainClass + " in its own JVM (pid " + process.pid() + ") at "
                    + url);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the API server started", e);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("the API server (" + mainClass + ") did not start: " + tail(log), e);
        }
    }

    /**
     * Waits until the server answers {@code /healthz} with 200: its announcement is printed once it
     * listens, but the first request of a cold machine once found nothing there (connection refused).
     */
    private static void awaitHealthy(Process process, URI url, Path log) throws IOException, InterruptedException {
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(5)).build();
        java.net.http.HttpRequest healthz = java.net.http.HttpRequest.newBuilder(url.resolve("/healthz"))
                .timeout(Duration.ofSeconds(5)).GET().build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        IOException last = null;
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                if (client.send(healthz, java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                last = e;
            }
            Thread.sleep(100);
        }
        process.destroyForcibly();
        throw new IOException("the API server at " + url + " never answered /healthz (" + last + "): " + tail(log));
    }

    /** The options {@code RVLAB_BENCH_SERVER_JVM_OPTS} adds to the server's JVM: none when unset or blank. */
    static List<String> jvmOptions(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return List.of(value.strip().split("\\s+"));
    }

    /**
     * The newest chapter's {@code ApiServerMain} on the class path, as {@code ./course serve} picks
     * the newest chapter's server.
     *
     * @throws IllegalStateException if there is none
     */
    public static String newestServerMain() {
        for (int chapter = 99; chapter >= 1; chapter--) {
            String name = String.format("io.rvlab.ch%02d.server.ApiServerMain", chapter);
            if (ApiServerProcess.class.getClassLoader().getResource(name.replace('.', '/') + ".class") != null) {
                return name;
            }
        }
        throw new IllegalStateException("no io.rvlab.chNN.server.ApiServerMain on the class path");
    }

    public URI url() {
        return url;
    }

    /** What ran where, for the table's header. */
    public String description() {
        return description;
    }

    /** The CPU time the server's process has used so far; empty for a server this benchmark did not start. */
    public OptionalLong cpuNanos() {
        if (process == null) {
            return OptionalLong.empty();
        }
        return process.info().totalCpuDuration().map(d -> OptionalLong.of(d.toNanos())).orElse(OptionalLong.empty());
    }

    /** Stops a server this benchmark started (SIGTERM: its shutdown hook closes it); leaves any other alone. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Copies the child's output to its log, and completes {@code listening} with the URL it announces. */
    private static void copyOutput(Process process, Path log, CompletableFuture<URI> listening) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8)); var file = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                file.write(line);
                file.newLine();
                file.flush();
                Matcher m = LISTENING.matcher(line);
                if (!listening.isDone() && m.find()) {
                    listening.complete(URI.create(m.group(1)));
                }
            }
        } catch (IOException e) {
            // the child is gone; a start still waiting is told below
        }
        listening.completeExceptionally(new IOException("the server's output ended (it exited with "
                + (process.isAlive() ? "?" : process.exitValue()) + ")"));
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "its log " + log + ":\n    " + String.join("\n    ", lines.subList(Math.max(0, lines.size() - 15),
                    lines.size()));
        } catch (IOException e) {
            return "no log at " + log;
        }
    }
}

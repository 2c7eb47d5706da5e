package io.rvlab.ch05.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A benchmark child: a JVM of its own (this JVM's java and class path, a fixed -Xmx), whose
 * {@link ChildProtocol} messages the parent waits for and whose stderr goes to a log file.
 */
final class ChildJvm implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;
    private final BlockingQueue<ChildProtocol.Message> messages = new LinkedBlockingQueue<>();

    private ChildJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        Thread reader = new Thread(this::read, "bench-child-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code mainClass} with {@code args} in a child JVM with heap limit {@code xmx} (such as "512m"). */
    static ChildJvm start(String name, Class<?> mainClass, String xmx, Map<String, String> env, Path log,
            String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + xmx);
        command.add("-XX:+UseG1GC"); // pinned: JVM ergonomics would pick the serial collector on a small machine
        String root = System.getProperty("rvlab.root");
        if (root != null) {
            command.add("-Drvlab.root=" + root);
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(log.toFile());
        builder.environment().putAll(env);
        return new ChildJvm(name, builder.start(), log);
    }

    private void read() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                ChildProtocol.Message message = ChildProtocol.parse(line);
                if (message != null) {
                    messages.add(message);
                }
            }
        } catch (IOException e) {
            // the child is gone; await() reports it
        }
    }

    /** The next message, which must be of {@code kind}; the child's log tail in the error otherwise. */
    ChildProtocol.Message await(String kind, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            ChildProtocol.Message message = messages.poll(100, TimeUnit.MILLISECONDS);
            if (message != null) {
                if (message.kind().equals(kind)) {
                    return message;
                }
                throw failure("sent " + message.kind() + " instead of " + kind);
            }
            if (!process.isAlive() && messages.isEmpty()) {
                Thread.sleep(100); // the reader may still be passing on the last line
                if (messages.isEmpty()) {
                    throw failure("exited with " + process.exitValue() + " before " + kind);
                }
            }
        }
        throw failure("sent no " + kind + " within " + timeout.toSeconds() + " s");
    }

    /** Writes one command line to the child's stdin. */
    void tell(String command) throws IOException {
        Writer in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        in.write(command + "\n");
        in.flush();
    }

    private IOException failure(String what) throws IOException {
        List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        String tail = String.join("\n    ", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        return new IOException("the " + name + " child " + what + " (its log, " + log + "):\n    " + tail);
    }

    /** Waits a little for the child to exit by itself, then ends it. */
    @Override
    public void close() {
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}

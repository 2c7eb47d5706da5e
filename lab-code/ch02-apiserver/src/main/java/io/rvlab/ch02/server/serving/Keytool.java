package io.rvlab.ch02.server.serving;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's {@code keytool}, run as a program in one directory. The JDK has no public API to
 * build or sign a certificate, and keytool can do both, so the course needs no crypto library:
 * every step is a command a learner can type to repeat it.
 */
final class Keytool {

    /** Protects nothing a file mode does not (see {@link ServingCertKey#keystorePassword()}). */
    static final String STORE_PASSWORD = "rvlab-serving";

    private final Path dir;

    Keytool(Path dir) {
        this.dir = dir;
    }

    /** Runs {@code keytool args...} on PKCS12 keystores in the directory; a failure is an exception with keytool's output. */
    void run(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        // keytool is a JVM of its own: start it the quickest way, it runs for well under a second
        command.addAll(List.of("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"));
        command.addAll(Arrays.asList(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", STORE_PASSWORD, "-noprompt"));
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("keytool " + args[0] + " did not finish within 60 s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("keytool " + args[0] + " failed (exit " + process.exitValue() + "): " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run keytool from " + System.getProperty("java.home") + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while keytool " + args[0] + " ran", e);
        }
    }

    void delete(String... names) throws IOException {
        for (String name : names) {
            Files.deleteIfExists(dir.resolve(name));
        }
    }
}

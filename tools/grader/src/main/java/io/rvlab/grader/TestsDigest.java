package io.rvlab.grader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The SHA-256 of the grading tests a report was made with, so a report says which tests judged it.
 * It is the hash of a {@code sha256sum} listing of the module's {@code src/test} ("hash, two
 * spaces, path", sorted by path), so anyone can recompute it without this code:
 *
 * <pre>cd exercises/ch01 && find src/test -type f | LC_ALL=C sort | xargs sha256sum | sha256sum</pre>
 */
final class TestsDigest {

    private TestsDigest() {
    }

    /** The hex SHA-256 of the module's test sources, or "none" when it has no src/test. */
    static String of(Path module) {
        Path tests = module.resolve("src/test");
        if (!Files.isDirectory(tests)) {
            return "none";
        }
        StringBuilder listing = new StringBuilder();
        for (Path file : files(tests)) {
            String relative = module.relativize(file).toString().replace('\\', '/');
            try {
                listing.append(sha256(Files.readAllBytes(file))).append("  ").append(relative).append('\n');
            } catch (IOException e) {
                throw new GraderException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return sha256(listing.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .sorted((a, b) -> a.toString().replace('\\', '/').compareTo(b.toString().replace('\\', '/')))
                    .toList();
        } catch (IOException e) {
            throw new GraderException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}

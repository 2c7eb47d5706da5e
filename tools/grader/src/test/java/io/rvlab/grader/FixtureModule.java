package io.rvlab.grader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a throw-away exercise module whose exercises.yaml points at the fixture test classes. */
final class FixtureModule {

    private FixtureModule() {
    }

    /** {@code exercises} is pairs of (fixture simple name, exercise title); ids are 1.1, 1.2, ... */
    static Path create(Path dir, String... exercises) {
        StringBuilder yaml = new StringBuilder("chapter: 1\ntitle: \"fixtures\"\nexercises:\n");
        try {
            for (int i = 0; i < exercises.length; i += 2) {
                String fixture = exercises[i];
                String file = "src/main/java/io/rvlab/exercises/ch01/" + fixture.replace("Fixture", "") + ".java";
                Files.createDirectories(dir.resolve(file).getParent());
                Files.writeString(dir.resolve(file), "// the learner's file\n");
                yaml.append("  - id: \"1.").append(i / 2 + 1).append("\"\n")
                        .append("    title: \"").append(exercises[i + 1]).append("\"\n")
                        .append("    file: ").append(file).append('\n')
                        .append("    tests: io.rvlab.grader.fixtures.").append(fixture).append('\n')
                        .append("    hints:\n      - \"look at the header\"\n      - \"header().getRevision()\"\n");
            }
            Files.writeString(dir.resolve(Manifest.FILE_NAME), yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }
}

package io.rvlab.exercises.ch03;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks that an exercise's answer is the learner's own code, not a call to the chapter's reference
 * system that already does the job (as exercise 2.7's test does): the compiled class, its lambdas
 * and its nested or anonymous classes must not name the course's class or method. A class or method
 * of the JVM's constant pool is stored by name, so a reference to it is found as plain text.
 */
final class OwnCode {

    private OwnCode() {
    }

    /**
     * Fails, naming what was borrowed, if a class compiled from {@code exercise}'s source file refers
     * to any of {@code borrowed} (internal names such as {@code io/rvlab/ch03/registry/MergePatch},
     * or method names).
     */
    static void assertDoesNotBorrow(Class<?> exercise, List<String> borrowed, String instead) {
        Path dir;
        try {
            dir = Path.of(exercise.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolve(exercise.getPackageName().replace('.', '/'));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        String simple = exercise.getSimpleName();
        List<Path> compiled;
        try (Stream<Path> files = Files.list(dir)) {
            compiled = files.filter(f -> f.getFileName().toString().matches(simple + "(\\$.*)?\\.class")).toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir, e);
        }
        assertThat(compiled).as("the compiled %s classes in %s", simple, dir).isNotEmpty();
        for (Path file : compiled) {
            String bytecode;
            try {
                bytecode = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + file, e);
            }
            for (String name : borrowed) {
                assertThat(bytecode)
                        .as("%s refers to %s: the exercise is to write it yourself, %s", file.getFileName(), name, instead)
                        .doesNotContain(name);
            }
        }
    }
}

package io.rvlab.ch02.registry;

import java.security.SecureRandom;
import java.util.Random;

/**
 * The name of an object created with {@code metadata.generateName} (k8s.io/apiserver pkg/storage/names
 * generate.go, SimpleNameGenerator): the prefix, then five random characters from an alphabet without
 * vowels and look-alike digits, so that no generated name spells a word or is misread. A name taken
 * already is a 409 like any other; the client tries again.
 */
final class NameGenerator {

    private static final String GENERATED_NAME_CHARS = "bcdfghjklmnpqrstvwxz2456789";
    private static final int GENERATED_NAME_LENGTH = 5;

    private final Random random = new SecureRandom();

    /** {@code base} followed by the random suffix. */
    String generateName(String base) {
        StringBuilder name = new StringBuilder(base);
        for (int i = 0; i < GENERATED_NAME_LENGTH; i++) {
            name.append(GENERATED_NAME_CHARS.charAt(random.nextInt(GENERATED_NAME_CHARS.length())));
        }
        return name.toString();
    }
}

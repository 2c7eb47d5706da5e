package io.rvlab.exercises.ch02;

/**
 * Reference answer to exercise 2.1: compare resourceVersions.
 *
 * <p>Reading both as numbers (the given {@link ResourceVersionParser#parse}) would refuse every
 * resourceVersion beyond 64 bits and read "007" as 7. Canonical decimal numbers of any length order
 * by length first, then digit by digit, so the texts themselves are compared.
 */
public final class ResourceVersions {

    private ResourceVersions() {
    }

    public static int compare(String a, String b) {
        requireWellFormed(a);
        requireWellFormed(b);
        if (a.length() != b.length()) {
            return a.length() < b.length() ? -1 : 1;
        }
        // Same length, no leading zeros: the first differing digit decides, as in a dictionary.
        return Integer.signum(a.compareTo(b));
    }

    private static void requireWellFormed(String resourceVersion) {
        if (resourceVersion.isEmpty() || resourceVersion.charAt(0) == '0' || !allAsciiDigits(resourceVersion)) {
            throw new IllegalArgumentException("resource version is not well formed: " + resourceVersion);
        }
    }

    private static boolean allAsciiDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}

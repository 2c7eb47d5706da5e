package io.rvlab.support.cli;

/**
 * A command line read option by option, as the benchmarks' {@code parse} methods read theirs: the
 * caller switches on each option and takes its value from here. A missing or malformed value is an
 * {@link IllegalArgumentException} whose message names the option, so {@code ./course bench} can
 * print it above the usage and a learner sees which word to fix.
 */
public final class OptionArgs {

    private final String[] args;
    private int next;

    public OptionArgs(String... args) {
        this.args = args.clone();
    }

    /** Whether an option is left to read. */
    public boolean hasNext() {
        return next < args.length;
    }

    /** The next option (or stray word: the caller's switch refuses it). */
    public String next() {
        return args[next++];
    }

    /** The word after {@code option}: its value. */
    public String value(String option) {
        if (next >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[next++];
    }

    /** The value of {@code option}, as a number. */
    public double number(String option) {
        return number(option, value(option));
    }

    /** {@code text}, a value of {@code option} (or one item of a list), as a number. */
    public static double number(String option, String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": not a number: " + text);
        }
    }

    /** The value of {@code option}, as a whole number; {@code 10,000} and {@code 10_000} read as 10000. */
    public int whole(String option) {
        String text = value(option);
        try {
            return Integer.parseInt(text.replace(",", "").replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": not a whole number: " + text);
        }
    }
}

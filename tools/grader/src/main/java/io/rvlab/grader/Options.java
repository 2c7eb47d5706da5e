package io.rvlab.grader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The grader's command line, as {@code ./course} passes it. One mode at a time:
 *
 * <pre>
 * Grader --module DIR [--exercise ID] [--format text|json] [--repeat K] [--verbose]   grade (default)
 * Grader --module DIR --hint ID                                                        all hints of one exercise
 * Grader --module DIR --file-of ID                                                     its file's absolute path
 * Grader --module DIR --prove SOLUTION_DIR [--exercise ID] [--repeat K]                skeleton fails, solution passes
 * Grader --module DIR --watch COURSE [--poll] [grading options]                        regrade on every save
 * </pre>
 *
 * {@code --log-dir DIR} moves the test logs (default {@code <module>/target/grader}); the prover
 * uses it so the solution's logs do not overwrite the learner's.
 */
record Options(Mode mode, Path module, String exercise, boolean json, int repeat, boolean verbose,
               String id, Path path, boolean poll, Path logDir, boolean all, Path stateDir, String student,
               Path copyOf, String testsOrigin, List<String> uncompiled, String untrustedTests, boolean compile,
               String commit, Path skeletons, java.util.Map<String, String> stopped) {

    enum Mode { GRADE, HINT, FILE_OF, LIST, PROVE, WATCH, HELP }

    static final String USAGE = """
            usage: Grader --module <exercise module> [mode] [options]
              (no mode)            grade: run each exercise's tests and print a scoreboard
              --hint <id>          print the next hint of one exercise (--all: every hint) and the file to edit
              --file-of <id>       print only the absolute path of the exercise's file
              --list               one line per exercise: id, file, tests, difficulty, minutes, title (tab-separated)
              --prove <solutions>  require every exercise to fail on the skeleton and pass on the solution
              --watch <course>     regrade (via '<course> grade <chapter>') on every change in src/main/java
            options:
              --exercise <id>      only this exercise, e.g. 1.2
              --format text|json   json prints only JSON on stdout
              --repeat <K>         run each exercise K times; it passes only if all K runs pass
              --verbose            show the tests' own output (always kept in target/grader/<id>.log)
              --poll               with --watch: poll for changes instead of OS file events (WSL, containers)
              --log-dir <dir>      where test logs go (default <module>/target/grader)
              --all                with --hint: every hint, without counting (for instructors)
              --state <dir>        where the hints shown are counted (default <course>/.rvlab)
              --student <name>     the learner's name in the JSON report (default: git user.name, else $USER)
              --copy-of <dir>      the learner's own module, when --module is a build of it with the course's tests
              --tests-origin <t>   says in the report where the grading tests came from
              --uncompiled <ids>   these exercises' files did not compile: FAILED without running
              --untrusted-tests <why>  the grading tests are not the course's: nothing is reported PASSED
              --compile            compile the module's sources in this JVM (whose class path then holds only
                                   the dependencies, target/classpath.txt) instead of using Maven's classes
              --skeletons <dir>    with --compile: the untouched module, whose skeleton stands in for an exercise
                                   file that does not compile (default: from git)
              --commit <sha>       the commit the report names (class grade: the commit it exported)
              --stopped <id>=<why> this exercise ended its class grade's run before (a hang, a killed box): FAILED
                                   without running, for that reason (repeatable)
            exit status: 0 all selected exercises pass (or the proof holds), 1 some do not, 2 usage or setup error
            """;

    static Options parse(String... args) {
        Mode mode = null;
        Path module = null;
        String exercise = null;
        String format = "text";
        int repeat = 1;
        boolean verbose = false;
        String id = null;
        Path path = null;
        boolean poll = false;
        Path logDir = null;
        boolean all = false;
        Path stateDir = null;
        String student = null;
        Path copyOf = null;
        String testsOrigin = null;
        List<String> uncompiled = new ArrayList<>();
        String untrustedTests = null;
        boolean compile = false;
        String commit = null;
        Path skeletons = null;
        java.util.Map<String, String> stopped = new java.util.LinkedHashMap<>();

        List<String> rest = new ArrayList<>();
        for (String arg : args) {
            // Accept both "--repeat 3" and "--repeat=3".
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                rest.add(arg.substring(0, eq));
                rest.add(arg.substring(eq + 1));
            } else {
                rest.add(arg);
            }
        }
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            switch (arg) {
                case "--module" -> module = Path.of(value(rest, ++i, arg)).toAbsolutePath().normalize();
                case "--exercise" -> exercise = value(rest, ++i, arg);
                case "--format" -> format = value(rest, ++i, arg);
                case "--repeat" -> repeat = positive(value(rest, ++i, arg));
                case "--verbose", "-v" -> verbose = true;
                case "--poll" -> poll = true;
                case "--log-dir" -> logDir = Path.of(value(rest, ++i, arg)).toAbsolutePath().normalize();
                case "--hint" -> { mode = only(mode, Mode.HINT, arg); id = value(rest, ++i, arg); }
                case "--file-of" -> { mode = only(mode, Mode.FILE_OF, arg); id = value(rest, ++i, arg); }
                case "--prove" -> { mode = only(mode, Mode.PROVE, arg); path = Path.of(value(rest, ++i, arg)).toAbsolutePath().normalize(); }
                case "--watch" -> { mode = only(mode, Mode.WATCH, arg); path = Path.of(value(rest, ++i, arg)).toAbsolutePath().normalize(); }
                case "--list" -> mode = only(mode, Mode.LIST, arg);
                case "--all" -> all = true;
                case "--state" -> stateDir = Path.of(value(rest, ++i, arg)).toAbsolutePath().normalize();
                case "--student" -> student = value(rest, ++i, arg);
                case "--copy-of" -> copyOf = Path.of(value(rest, ++i, arg)).toAbsolutePath().normalize();
                case "--tests-origin" -> testsOrigin = value(rest, ++i, arg);
                case "--uncompiled" -> uncompiled.addAll(List.of(value(rest, ++i, arg).split(",")));
                case "--untrusted-tests" -> untrustedTests = value(rest, ++i, arg);
                case "--compile" -> compile = true;
                case "--commit" -> commit = value(rest, ++i, arg);
                case "--stopped" -> {
                    String[] idWhy = value(rest, ++i, arg).split("=", 2);
                    stopped.put(idWhy[0], idWhy.length > 1 && !idWhy[1].isBlank() ? idWhy[1] : "stopped by the class grade");
                }
                case "--skeletons" -> skeletons = Path.of(value(rest, ++i, arg)).toAbsolutePath().normalize();
                case "--help", "-h" -> mode = Mode.HELP;
                default -> throw new GraderException("unknown argument '" + arg + "' (--help lists them)");
            }
        }
        if (mode == null) {
            mode = Mode.GRADE;
        }
        if (!format.equals("text") && !format.equals("json")) {
            throw new GraderException("--format must be text or json, not '" + format + "'");
        }
        if (mode != Mode.HELP && module == null) {
            throw new GraderException("--module <exercise module directory> is required");
        }
        if (mode == Mode.PROVE && format.equals("json")) {
            throw new GraderException("--prove prints a table; it has no JSON form");
        }
        if (poll && mode != Mode.WATCH) {
            throw new GraderException("--poll only makes sense with --watch");
        }
        if (all && mode != Mode.HINT) {
            throw new GraderException("--all only makes sense with --hint");
        }
        if (skeletons != null && !compile) {
            throw new GraderException("--skeletons only makes sense with --compile");
        }
        if (logDir == null && module != null) {
            logDir = module.resolve("target/grader");
        }
        if (stateDir == null && module != null) {
            // exercises/chNN inside a checkout of the course: its git-ignored .rvlab/, which ./course uses too.
            Path root = module.getParent() == null ? null : module.getParent().getParent();
            stateDir = root != null && java.nio.file.Files.exists(root.resolve("course")) ? root.resolve(".rvlab") : logDir;
        }
        uncompiled.removeIf(String::isBlank);
        return new Options(mode, module, exercise, format.equals("json"), repeat, verbose, id, path, poll, logDir,
                all, stateDir, student, copyOf, testsOrigin, List.copyOf(uncompiled), untrustedTests, compile, commit, skeletons,
                java.util.Map.copyOf(stopped));
    }

    /** The grading options, as {@code ./course grade <chapter>} takes them again (for --watch). */
    List<String> gradeArgs() {
        List<String> args = new ArrayList<>();
        if (exercise != null) {
            args.addAll(List.of("--exercise", exercise));
        }
        if (json) {
            args.addAll(List.of("--format", "json"));
        }
        if (repeat > 1) {
            args.addAll(List.of("--repeat", String.valueOf(repeat)));
        }
        if (verbose) {
            args.add("--verbose");
        }
        return args;
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size() || args.get(i).startsWith("--")) {
            throw new GraderException(option + " needs a value");
        }
        return args.get(i);
    }

    private static Mode only(Mode current, Mode wanted, String option) {
        if (current != null && current != wanted) {
            throw new GraderException(option + " cannot be combined with another mode (--hint, --file-of, --prove, --watch)");
        }
        return wanted;
    }

    private static int positive(String text) {
        try {
            int n = Integer.parseInt(text);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message
        }
        throw new GraderException("--repeat needs a whole number of at least 1, not '" + text + "'");
    }
}

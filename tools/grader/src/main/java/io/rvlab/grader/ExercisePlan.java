package io.rvlab.grader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes the instructor page's tables from every chapter's {@code exercises.yaml}: time per chapter
 * and which exercises to assign for each class meeting. Generated during the docs-site build, so
 * the page can never disagree with the manifests the grader reads. A missing {@code minutes} or
 * {@code difficulty} is shown as such and planned at {@link #ASSUMED_MINUTES}.
 *
 * <p>The time per chapter also counts reading the chapter (its words at {@link #WORDS_PER_MINUTE})
 * and running its labs ({@link #LAB_MINUTES} for each {@code ./course lab N.k} the text asks for).
 * README.adoc shows the same table between {@code tag::time-per-chapter} comments; a test keeps it
 * equal, and {@code --readme README.adoc} rewrites it.
 *
 * <pre>
 * java io.rvlab.grader.ExercisePlan exercises/ target/generated-docs/exercise-plan.adoc [meeting minutes]
 * java io.rvlab.grader.ExercisePlan exercises/ --readme README.adoc
 * </pre>
 */
public final class ExercisePlan {

    static final int ASSUMED_MINUTES = 30;
    static final int DEFAULT_MEETING_MINUTES = 90;
    /** Technical prose with code beside it is read slowly. */
    static final int WORDS_PER_MINUTE = 150;
    /** Running one lab and reading its transcript. */
    static final int LAB_MINUTES = 10;
    static final String README_START = "// tag::time-per-chapter[]";
    static final String README_END = "// end::time-per-chapter[]";

    private ExercisePlan() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: ExercisePlan <exercises dir> <output .adoc> [meeting minutes]");
            System.exit(2);
        }
        if (args[1].equals("--readme")) {
            Path readme = Path.of(args[2]);
            Files.writeString(readme, withTimeTable(Files.readString(readme), load(Path.of(args[0])), chaptersBeside(Path.of(args[0]))),
                    StandardCharsets.UTF_8);
            return;
        }
        int meeting = args.length > 2 ? Integer.parseInt(args[2]) : DEFAULT_MEETING_MINUTES;
        Path out = Path.of(args[1]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, write(load(Path.of(args[0])), meeting, chaptersBeside(Path.of(args[0]))), StandardCharsets.UTF_8);
    }

    /** README.adoc with the region between its time-per-chapter tags replaced by {@link #timeTable}. */
    /** The course's chapters/ folder, beside its exercises/. */
    static Path chaptersBeside(Path exercises) {
        return exercises.toAbsolutePath().normalize().getParent().resolve("chapters");
    }

    static String withTimeTable(String readme, List<Manifest> chapters, Path chaptersDir) {
        int start = readme.indexOf(README_START);
        int end = readme.indexOf(README_END);
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("README.adoc has no " + README_START + " ... " + README_END + " region");
        }
        return readme.substring(0, start + README_START.length()) + "\n" + timeTable(chapters, chaptersDir) + readme.substring(end);
    }

    /** Reading, labs and exercises per chapter, and all together. */
    static String timeTable(List<Manifest> chapters, Path chaptersDir) {
        StringBuilder a = new StringBuilder("[cols=\"1,4,1,1,2,1\",options=\"header\"]\n|===\n| Chapter | Title | Reading | Labs | Exercises | Together\n");
        int reading = 0;
        int labs = 0;
        int exercises = 0;
        for (Manifest m : chapters) {
            ChapterText text = ChapterText.of(chaptersDir, m.chapter());
            int r = text.readingMinutes();
            int l = text.labs() * LAB_MINUTES;
            int x = m.exercises().stream().mapToInt(ExercisePlan::minutes).sum();
            reading += r;
            labs += l;
            exercises += x;
            a.append("| ").append(m.chapter()).append(" | ").append(m.title()).append(" | ").append(hours(r)).append(" | ")
                    .append(text.labs()).append(" labs, ").append(hours(l)).append(" | ").append(m.exercises().size()).append(" exercises, ")
                    .append(hours(x)).append(" | ").append(hours(r + l + x)).append('\n');
        }
        a.append("| | *All chapters* | *").append(hours(reading)).append("* | *").append(hours(labs)).append("* | *").append(hours(exercises))
                .append("* | *").append(hours(reading + labs + exercises)).append("*\n|===\n");
        return a.toString();
    }

    /** What the chapter's text asks of a reader: its words and the labs it runs. */
    record ChapterText(int words, int labs) {
        static ChapterText of(Path chapters, int chapter) {
            String prefix = String.format(java.util.Locale.ROOT, "%02d-", chapter);
            try (Stream<Path> dirs = chapters == null || !Files.isDirectory(chapters) ? Stream.empty() : Files.list(chapters)) {
                Path text = dirs.filter(d -> d.getFileName().toString().startsWith(prefix)).map(d -> d.resolve("chapter.adoc"))
                        .filter(Files::isRegularFile).findFirst().orElse(null);
                if (text == null) {
                    return new ChapterText(0, 0);
                }
                int words = 0;
                java.util.Set<String> labs = new java.util.TreeSet<>();
                java.util.regex.Matcher lab = java.util.regex.Pattern.compile("\\./course lab (\\d+\\.\\d+)").matcher(Files.readString(text));
                while (lab.find()) {
                    labs.add(lab.group(1));
                }
                for (String line : Files.readAllLines(text)) {
                    // prose only: directives, attributes, comments and block delimiters are not read
                    if (!line.startsWith("include::") && !line.startsWith(":") && !line.startsWith("//") && !line.startsWith("[")
                            && !line.startsWith("----") && !line.isBlank()) {
                        words += line.trim().split("\\s+").length;
                    }
                }
                return new ChapterText(words, labs.size());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        int readingMinutes() {
            int minutes = (words + WORDS_PER_MINUTE - 1) / WORDS_PER_MINUTE;
            return (minutes + 4) / 5 * 5;
        }
    }

    static List<Manifest> load(Path exercises) throws IOException {
        List<Manifest> chapters = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(exercises)) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve(Manifest.FILE_NAME))).sorted().toList()) {
                chapters.add(Manifest.load(dir));
            }
        }
        return chapters;
    }

    static String write(List<Manifest> chapters, int meeting, Path chaptersDir) {
        StringBuilder a = new StringBuilder();
        a.append("// Generated by io.rvlab.grader.ExercisePlan from exercises/*/exercises.yaml during the docs-site build. Do not edit.\n\n");
        a.append("Time per chapter: reading the chapter (its words at ").append(WORDS_PER_MINUTE).append(" a minute), its labs (")
                .append(LAB_MINUTES).append(" min each, to run and read) and its exercises (their estimates).\n\n").append(timeTable(chapters, chaptersDir)).append('\n');
        a.append("Exercises alone, and the class meetings they fill:\n\n");
        a.append("[cols=\"1,4,1,1,1\",options=\"header\"]\n|===\n| Chapter | Title | Exercises | Expected time | Meetings of ")
                .append(meeting).append(" min\n");
        int total = 0;
        int meetingsTotal = 0;
        for (Manifest m : chapters) {
            int minutes = m.exercises().stream().mapToInt(ExercisePlan::minutes).sum();
            long unknown = m.exercises().stream().filter(e -> e.minutes() == null).count();
            int meetings = meetings(m, meeting).size();
            total += minutes;
            meetingsTotal += meetings;
            a.append("| ").append(m.chapter()).append(" | ").append(m.title()).append(" | ").append(m.exercises().size())
                    .append(" | ").append(hours(minutes)).append(unknown > 0 ? " (" + unknown + " without an estimate, " + ASSUMED_MINUTES + " min each assumed)" : "")
                    .append(" | ").append(meetings).append('\n');
        }
        a.append("| | *All chapters* | ").append(chapters.stream().mapToInt(m -> m.exercises().size()).sum())
                .append(" | *").append(hours(total)).append("* | *").append(meetingsTotal).append("*\n|===\n\n");

        a.append("Expected time is for a learner who has read the chapter, from each exercise's `minutes`; reading the chapter and ")
                .append("running its labs comes on top. Meetings pack the exercises in the order below, the order each chapter's ")
                .append("exercises README suggests, without splitting an exercise.\n\n");
        for (Manifest m : chapters) {
            a.append("=== Chapter ").append(m.chapter()).append(": ").append(m.title()).append("\n\n");
            int n = 1;
            for (List<Manifest.Exercise> group : meetings(m, meeting)) {
                int minutes = group.stream().mapToInt(ExercisePlan::minutes).sum();
                a.append(".Meeting ").append(n++).append(" (about ").append(minutes).append(" min)\n");
                a.append("[cols=\"1,5,2,1\",options=\"header\"]\n|===\n| Exercise | Title | Difficulty | Minutes\n");
                for (Manifest.Exercise e : group) {
                    a.append("| ").append(e.id()).append(" | ").append(e.title()).append(e.isCapstone() ? " (capstone)" : "")
                            .append(" | ").append(difficulty(e.difficulty())).append(" | ")
                            .append(e.minutes() == null ? "not given" : e.minutes().toString()).append('\n');
                }
                a.append("|===\n\n");
            }
        }
        return a.toString();
    }

    /** The chapter's exercises in order, packed greedily into meetings; one too long for a meeting gets its own. */
    static List<List<Manifest.Exercise>> meetings(Manifest m, int meeting) {
        List<List<Manifest.Exercise>> groups = new ArrayList<>();
        List<Manifest.Exercise> current = new ArrayList<>();
        int used = 0;
        for (Manifest.Exercise e : m.exercises()) {
            int minutes = minutes(e);
            if (!current.isEmpty() && used + minutes > meeting) {
                groups.add(current);
                current = new ArrayList<>();
                used = 0;
            }
            current.add(e);
            used += minutes;
        }
        if (!current.isEmpty()) {
            groups.add(current);
        }
        return groups;
    }

    private static int minutes(Manifest.Exercise e) {
        return e.minutes() != null ? e.minutes() : ASSUMED_MINUTES;
    }

    private static String difficulty(Integer d) {
        if (d == null) {
            return "not given";
        }
        return switch (d) {
            case 1 -> "1 warm-up";
            case 2 -> "2 core";
            default -> "3 challenge";
        };
    }

    private static String hours(int minutes) {
        return minutes < 60 ? minutes + " min" : (minutes / 60) + " h" + (minutes % 60 == 0 ? "" : " " + (minutes % 60) + " min");
    }
}

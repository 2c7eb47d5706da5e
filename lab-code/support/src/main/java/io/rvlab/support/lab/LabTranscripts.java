package io.rvlab.support.lab;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.opentest4j.AssertionFailedError;
import org.w3c.dom.Document;

/**
 * What every chapter's {@code LabOutputTest} checks about its labs, in one place: capture each lab
 * on a fresh etcd into the folder the chapter includes from, require a well-formed transcript (a
 * heading, steps, a conclusion, no failed check, nothing that changes from run to run such as
 * ports, uids or timestamps), the same transcript and diagrams on a second fresh run, well-formed
 * SVG diagrams, and the same checked claims on an etcd with other history.
 *
 * <p>Failures are {@link AssertionFailedError}s (with expected and actual where there are two
 * texts to compare), so the methods work in any JUnit test without an assertion library.
 */
public final class LabTranscripts {

    /** Things that differ from run to run and must not reach the docs. */
    private static final List<Pattern> UNSTABLE = List.of(
            Pattern.compile("\\b\\d{1,3}(\\.\\d{1,3}){3}:\\d+|localhost:\\d+"),         // a server's port, a member's address
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}"),                          // a uid, or its start
            Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z"));      // a timestamp

    private LabTranscripts() {
    }

    /** The labs of chapter {@code chapter} (ids "N.k"), in id order. */
    public static List<Lab> chapter(int chapter) {
        return Labs.all().stream().filter(lab -> lab.id().startsWith(chapter + ".")).toList();
    }

    /**
     * Whether {@link LabCapture} gets an etcd of its own (revision 1 at the start), so absolute
     * revisions in a transcript are predictable; false when an external etcd is configured.
     */
    public static boolean freshEtcd() {
        return EtcdSettings.load().endpoints().isEmpty();
    }

    // --- capture ----------------------------------------------------------------------------------

    /**
     * Runs the lab on a fresh etcd, keeps its transcript as {@code dir/lab-ID.txt} (and its
     * artifacts in {@code dir}), requires it to be well-formed and stable, and returns it.
     */
    public static String capture(Lab lab, Path dir) throws Exception {
        String transcript = LabCapture.capture(lab, dir);
        requireWellFormed(lab, transcript);
        requireStable(transcript);
        return transcript;
    }

    /** The transcript {@link #capture} kept in {@code dir}, captured now if it is not there. */
    public static String captured(Lab lab, Path dir) throws Exception {
        Path file = transcriptFile(lab, dir);
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : capture(lab, dir);
    }

    public static Path transcriptFile(Lab lab, Path dir) {
        return dir.resolve("lab-" + lab.id() + ".txt");
    }

    /** The heading, at least one step, a conclusion, and no failed check. */
    public static void requireWellFormed(Lab lab, String transcript) {
        String heading = "Lab " + lab.id() + ": " + lab.title();
        require(transcript.startsWith(heading), "lab " + lab.id() + " starts with its heading \"" + heading + "\"");
        require(transcript.contains("\nStep 1. "), "lab " + lab.id() + " has numbered steps");
        require(transcript.contains("\nWhat you saw: "), "lab " + lab.id() + " ends with \"What you saw: \"");
        require(!transcript.contains("FAILED"), "lab " + lab.id() + " has no failed check:\n" + failedLines(transcript));
    }

    /** Nothing in the text that changes from run to run: no ports, uids or timestamps. */
    public static void requireStable(String text) {
        List<String> found = unstable(text);
        require(found.isEmpty(), "no ports, uids or timestamps, but found: " + found);
    }

    /** The ports, uids and timestamps in {@code text}, in order. */
    public static List<String> unstable(String text) {
        List<String> found = new ArrayList<>();
        for (Pattern pattern : UNSTABLE) {
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                found.add(m.group());
            }
        }
        return found;
    }

    /** Every {@code expected} line occurs in the transcript (the claims a chapter quotes). */
    public static void requireContains(Lab lab, String transcript, List<String> expected) {
        List<String> missing = expected.stream().filter(line -> !transcript.contains(line)).toList();
        if (!missing.isEmpty()) {
            throw new AssertionFailedError("lab " + lab.id() + " lacks " + missing.size() + " expected line(s): "
                    + missing, String.join("\n", missing), transcript);
        }
    }

    // --- determinism ------------------------------------------------------------------------------

    /**
     * Runs the lab again on a fresh etcd into {@code rerun} and requires the same transcript as the
     * one kept in {@code dir}, and the same bytes for each of {@code artifacts} the rerun drew
     * (artifacts left in {@code rerun} by an earlier build are removed first, so none is compared).
     */
    public static void requireSameOnRerun(Lab lab, Path dir, Path rerun, List<String> artifacts) throws Exception {
        String first = captured(lab, dir);
        for (String name : artifacts) {
            Files.deleteIfExists(rerun.resolve(name));
        }
        String again = LabCapture.capture(lab, rerun);
        requireEqual("lab " + lab.id() + " on a second fresh etcd", first, again);
        for (String name : artifacts) {
            if (Files.exists(dir.resolve(name)) && Files.exists(rerun.resolve(name))) {
                requireEqual(name + " of a second run on a fresh etcd", Files.readString(dir.resolve(name)),
                        Files.readString(rerun.resolve(name)));
            }
        }
    }

    // --- diagrams ---------------------------------------------------------------------------------

    /**
     * Parses an SVG file and requires an {@code svg} root in the SVG namespace with a non-blank
     * title, and nothing unstable in it. Document type declarations are refused.
     */
    public static Document requireSvg(Path file) throws Exception {
        require(Files.exists(file) && Files.size(file) > 0, file + " exists and is not empty");
        byte[] bytes = Files.readAllBytes(file);
        Document document = parse(bytes);
        require("svg".equals(document.getDocumentElement().getTagName()), file + " has an <svg> root");
        require("http://www.w3.org/2000/svg".equals(document.getDocumentElement().getNamespaceURI()),
                file + " is in the SVG namespace");
        require(document.getElementsByTagName("title").getLength() > 0
                && !document.getElementsByTagName("title").item(0).getTextContent().isBlank(), file + " has a title");
        requireStable(new String(bytes, StandardCharsets.UTF_8));
        return document;
    }

    /** A namespace-aware parse that refuses DOCTYPEs (no entity tricks in files the docs embed). */
    public static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    // --- an etcd with other history -----------------------------------------------------------------

    /**
     * Starts an etcd (or uses the external one) and gives it history that is not the labs': 25 keys
     * under {@code /other/} and 25 ConfigMaps under {@code /registry/configmaps/elsewhere/}, 10 keys
     * rewritten and 5 deleted. Its revision is then far from 1, as a learner's etcd would be.
     */
    public static Etcd etcdWithOtherHistory() throws Exception {
        Etcd etcd = Etcd.start();
        try {
            KV kv = etcd.client().getKVClient();
            for (int i = 0; i < 25; i++) {
                put(kv, "/other/key-" + i, "v" + i);
                put(kv, "/registry/configmaps/elsewhere/cm-" + i, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
                        + "\"metadata\":{\"name\":\"cm-" + i + "\",\"namespace\":\"elsewhere\"},\"data\":{\"k\":\"" + i + "\"}}");
            }
            for (int i = 0; i < 10; i++) {
                put(kv, "/other/key-" + i, "v" + i + "-again");
            }
            for (int i = 20; i < 25; i++) {
                kv.delete(bytes("/other/key-" + i)).get(30, TimeUnit.SECONDS);
            }
            return etcd;
        } catch (Exception e) {
            etcd.close();
            throw e;
        }
    }

    /** Runs the lab on {@code etcd} (no capture), artifacts into {@code artifacts}, and returns its transcript. */
    public static String runOn(Etcd etcd, Lab lab, Path artifacts) throws Exception {
        Files.createDirectories(artifacts);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            LabRunner.run(lab, etcd, out, artifacts);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Requires a run on another etcd to have made exactly the checked claims of the fresh run, in
     * the same order: the same sentences, whatever revisions are in them.
     */
    public static void requireSameClaims(Lab lab, String fresh, String other) {
        requireWellFormed(lab, other);
        requireEqual("lab " + lab.id() + "'s checked claims, numbers aside", String.join("\n", claims(fresh)),
                String.join("\n", claims(other)));
    }

    /** A transcript's checked claims ("✔" lines), each number replaced by N. */
    public static List<String> claims(String transcript) {
        return transcript.lines().filter(line -> line.startsWith("  \u2714 ")).map(line -> line.replaceAll("\\d+", "N"))
                .toList();
    }

    // --- helpers ----------------------------------------------------------------------------------

    private static void put(KV kv, String key, String value) throws InterruptedException, ExecutionException,
            TimeoutException {
        kv.put(bytes(key), bytes(value)).get(30, TimeUnit.SECONDS);
    }

    private static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }

    private static String failedLines(String transcript) {
        return String.join("\n", transcript.lines().filter(line -> line.contains("FAILED")).toList());
    }

    private static void require(boolean holds, String what) {
        if (!holds) {
            throw new AssertionFailedError(what);
        }
    }

    private static void requireEqual(String what, String expected, String actual) {
        if (!expected.equals(actual)) {
            throw new AssertionFailedError(what + " differs", expected, actual);
        }
    }
}

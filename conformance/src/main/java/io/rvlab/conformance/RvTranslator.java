package io.rvlab.conformance;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Translates the real run's resourceVersions into this replay's.
 *
 * <p>Both runs number etcd revisions, from different starting points: the transcripts start at
 * revision 76 of a long-lived etcd, a replay at the few revisions of a fresh one. And not every
 * write of the real run is a request the replay sends: kube-apiserver renewed its own Lease every
 * ~10 s (revisions 78, 81, 84, …), and the replay skips requests of chapters later than its server's
 * (chapter 2's replay skips the PUT at 80). So a golden number is never sent as it is. The rules:
 * <ol>
 *   <li><b>A write the replay made too</b> maps to its revision here. Creates, and on chapter 3's
 *       server updates, patches and deletes, are replayed, and their two responses say which
 *       revisions name the same write (a delete's, which no response carries, is the next revision
 *       in both runs). Every other write of the real
 *       run that the replay learns of (from a note such as "etcd header revision now: 85", an
 *       etcd block, or any golden response) is reproduced by the {@link Replayer} as a write to an
 *       unrelated key outside {@code /registry}, so that the two runs move through their revisions
 *       in step: a list read from etcd at 84 in the real run is read at the matching revision here,
 *       and a list's resourceVersion can be told apart from its newest item's.</li>
 *   <li><b>A revision learned of too late</b> to be reproduced in its place (d1.5's "current: 99",
 *       known only from that response) maps to the latest reproduced revision at or before it: the
 *       same ordering relation to every reproduced write. Revisions before the first replayed create
 *       map to the revision the server started at.</li>
 *   <li><b>A revision beyond every one known so far</b> (a "far future" RV such as 1000098 when etcd
 *       was at 98) keeps its distance: this replay's current revision plus the same distance.</li>
 * </ol>
 * Continue tokens are decoded, their {@code rv} translated, and re-encoded byte for byte otherwise.
 * Numbers in Status messages are translated by the same rules.
 */
public final class RvTranslator {

    /** The outcome of translating one revision, and how it was found (null for a replayed create). */
    public record Translation(long golden, long ours, String how) {
    }

    private final TreeMap<Long, Long> reproduced = new TreeMap<>();
    private final Set<Long> writes = new HashSet<>();
    private final Map<Long, String> knownAs = new HashMap<>();
    private final long ourStart;
    private final long preHistory;
    private long goldenLatest;

    /** @param ourStart this replay's etcd revision before its first request (after the server's bootstrap) */
    public RvTranslator(long ourStart) {
        this(ourStart, 0);
    }

    /**
     * @param preHistory 0, or the revision up to which this replay's etcd was given a history of its own
     *        before the server started, standing for the real etcd's revisions before the transcripts
     *        begin (76, before 00 creates namespace lab at 77): such a revision, named before the first
     *        replayed create, is the same revision here (f1.8's watch from 10, older than any watch
     *        cache's window in both runs)
     */
    public RvTranslator(long ourStart, long preHistory) {
        this.ourStart = ourStart;
        this.preHistory = preHistory;
    }

    /**
     * A write (create, update, patch, delete) that the replay sent and that succeeded in both runs:
     * its two revisions name the same write.
     */
    public void learnWrite(long golden, long ours) {
        reproduced.put(golden, ours);
        writes.add(golden);
        observe(golden, null);
    }

    /** A write of the real run that the replay reproduced by writing an unrelated key. */
    public void learnUnrelated(long golden, long ours) {
        reproduced.put(golden, ours);
        observe(golden, null);
    }

    /** A revision known to exist in the real run, and optionally what it was (for the report). */
    public void observe(long golden, String what) {
        goldenLatest = Math.max(goldenLatest, golden);
        if (what != null) {
            knownAs.putIfAbsent(golden, what);
        }
    }

    /**
     * The real run's revisions that the replay knows of but has not reproduced yet, oldest first: the
     * writes it should now make to stay in step. None before the first replayed create: what came
     * before it (76 revisions of someone else's etcd) is not reproduced.
     */
    public List<Long> notYetReproduced() {
        List<Long> pending = new ArrayList<>();
        if (!reproduced.isEmpty()) {
            for (long r = reproduced.lastKey() + 1; r <= goldenLatest; r++) {
                pending.add(r);
            }
        }
        return pending;
    }

    /** Whether the real run's object at this resourceVersion was written by a write the replay also made. */
    public boolean isReplayedWrite(long golden) {
        return writes.contains(golden);
    }

    /** Whether this revision of the real run has its counterpart here already (a replayed or an unrelated write). */
    public boolean isReproduced(long golden) {
        return reproduced.containsKey(golden);
    }

    /** The newest revision of the real run known so far. */
    public long goldenLatest() {
        return goldenLatest;
    }

    /** What this revision was in the real run, for the report. */
    public String describe(long golden) {
        if (writes.contains(golden)) {
            return "a write replayed here";
        }
        return knownAs.getOrDefault(golden, "a write outside the replayed requests: kube-apiserver's own Lease renewals, "
                + "or a write of a scenario that is not replayed");
    }

    // tag::revision[]
    /** Rules 1 and 2: a revision that existed in the real run. */
    public Translation revision(long golden) {
        Long exact = reproduced.get(golden);
        if (exact != null) {
            return new Translation(golden, exact, writes.contains(golden) ? null
                    : golden + " was " + describe(golden) + "; reproduced here by an unrelated write");
        }
        Entry<Long, Long> before = reproduced.floorEntry(golden);
        if (before == null && golden <= preHistory) {
            return new Translation(golden, golden, golden + " is in the history etcd had before the scenarios began "
                    + "(up to " + preHistory + "): the same revision of this replay's pre-history");
        }
        if (before == null) {
            return new Translation(golden, ourStart, golden + " is before the first replayed create: "
                    + "mapped to the revision the server started at, " + ourStart);
        }
        return new Translation(golden, before.getValue(), golden + " was not reproduced (learned of too late): "
                + "mapped to the latest reproduced revision at or before it, " + before.getKey() + " -> " + before.getValue());
    }

    /** Rules 1 to 3: a revision a request names, which may lie in the real run's future. */
    public Translation requestRevision(long golden, long ourCurrent) {
        if (golden > goldenLatest) {
            long distance = golden - goldenLatest;
            return new Translation(golden, ourCurrent + distance, golden + " is " + distance
                    + " past the newest revision of the real run known here (" + goldenLatest
                    + "): sent this replay's current revision " + ourCurrent + " + " + distance);
        }
        return revision(golden);
    }
    // end::revision[]

    private static final Pattern TOKEN_RV = Pattern.compile("\"rv\":(-?\\d+)");

    /** The {@code rv} inside a continue token, if the token decodes. */
    public static Optional<Long> continueRevision(String token) {
        return decode(token).flatMap(json -> {
            Matcher rv = TOKEN_RV.matcher(json);
            return rv.find() ? Optional.of(Long.parseLong(rv.group(1))) : Optional.empty();
        });
    }

    // tag::continue[]
    /**
     * A continue token with its {@code rv} translated and everything else byte for byte as it was.
     * A token that does not decode (such as b3.13's "garbage") is returned unchanged: it is sent to
     * test the server's error, not to continue a list.
     */
    public String continueToken(String token) {
        Optional<String> json = decode(token);
        if (json.isEmpty()) {
            return token;
        }
        Matcher rv = TOKEN_RV.matcher(json.get());
        if (!rv.find() || Long.parseLong(rv.group(1)) <= 0) {
            return token; // rv -1 ("continue at the latest") means the same in both runs
        }
        long ours = revision(Long.parseLong(rv.group(1))).ours();
        String translated = json.get().substring(0, rv.start(1)) + ours + json.get().substring(rv.end(1));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(translated.getBytes(StandardCharsets.UTF_8));
    }
    // end::continue[]

    /** The JSON inside a token, if it is base64url of a JSON object. */
    public static Optional<String> decode(String token) {
        try {
            String json = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            return json.startsWith("{") && json.endsWith("}") ? Optional.of(json) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A uid (left for {@link UidTranslator}: its digit groups are not revisions), or a number. */
    private static final Pattern NUMBER = Pattern.compile("(?<uid>" + UidTranslator.UID.pattern() + ")|\\b\\d+\\b");

    /**
     * A golden Status message with its revisions translated: a number the request named becomes the
     * number this replay sent; 0 stays 0 (resourceVersion "0" means "any", not a revision); any other
     * number is a revision of the real run. Messages in scope carry no other numbers
     * ("Too large resource version: 1000098, current: 97"), apart from uids, which are left as they are.
     */
    public String message(String golden, Map<Long, Long> sentForGolden) {
        Matcher number = NUMBER.matcher(golden);
        StringBuilder out = new StringBuilder();
        while (number.find()) {
            if (number.group("uid") != null) {
                number.appendReplacement(out, number.group());
                continue;
            }
            long n = Long.parseLong(number.group());
            Long sent = sentForGolden.get(n);
            long translated = n == 0 ? 0 : sent != null ? sent : revision(n).ours();
            number.appendReplacement(out, Long.toString(translated));
        }
        number.appendTail(out);
        return out.toString();
    }
}

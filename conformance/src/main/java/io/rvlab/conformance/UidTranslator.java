package io.rvlab.conformance;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Translates the real run's object uids into this replay's. Every object gets a new random uid when
 * it is created, so the uid of cm-a in the transcripts is not cm-a's uid here. Chapter 3's requests
 * name uids (a delete precondition, a PUT body that carries the object as read), and so do some
 * Status messages ("the UID in the precondition (…) does not match the UID in record (…)"): a uid
 * the replay learned from a create answered in both runs is sent and compared as this replay's; any
 * other uid (such as a deliberately wrong one) stays as it is.
 */
public final class UidTranslator {

    /** The shape of a Kubernetes uid (a random UUID, lower-case hex). */
    public static final Pattern UID = Pattern.compile("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}");

    private final Map<String, String> ours = new HashMap<>();

    /** The same object was created in both runs, with these uids. */
    public void learn(String golden, String ourUid) {
        if (UID.matcher(golden).matches() && !ourUid.isEmpty()) {
            ours.putIfAbsent(golden, ourUid);
        }
    }

    /** This replay's uid for the real run's, if the replay created the same object. */
    public Optional<String> ours(String golden) {
        return Optional.ofNullable(ours.get(golden));
    }

    /** The uid to send or expect in place of {@code golden}: this replay's if known, else unchanged. */
    public String translate(String golden) {
        return ours.getOrDefault(golden, golden);
    }

    /** A golden Status message with every known uid in it replaced by this replay's. */
    public String message(String golden) {
        Matcher uid = UID.matcher(golden);
        StringBuilder out = new StringBuilder();
        while (uid.find()) {
            uid.appendReplacement(out, Matcher.quoteReplacement(translate(uid.group())));
        }
        uid.appendTail(out);
        return out.toString();
    }
}

package io.rvlab.conformance;

import io.rvlab.conformance.WireClient.Answer;
import java.util.List;
import java.util.Map;

/**
 * A request as sent here: its translated target, the revisions it named (the real run's to this
 * run's), how they were translated, its translated body, and the answer (null until sent).
 */
record SentRequest(String target, Map<Long, Long> revisions, List<String> notes, String body, Answer answer) {

    SentRequest answered(Answer answer) {
        return new SentRequest(target, revisions, notes, "", answer);
    }
}

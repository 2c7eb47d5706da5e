package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Uids, on golden c2.2's Status message: cm-del's uid is this replay's; the all-zero one is sent as recorded. */
class UidTranslatorTest {

    private static final String CM_DEL = "e169eed2-dbe3-4f8e-802f-8862742d0406";
    private static final String OURS = "0a1b2c3d-0000-4000-8000-00000000beef";
    private static final String ZERO = "00000000-0000-0000-0000-000000000000";
    private static final String C2_2 = "Operation cannot be fulfilled on ConfigMap \"cm-del\": the UID in the precondition (" + ZERO
            + ") does not match the UID in record (" + CM_DEL + "). The object might have been deleted and then recreated";

    @Test
    @DisplayName("a uid learned from a create is sent and expected as this replay's; an unknown one is left alone")
    void translate() {
        UidTranslator uids = new UidTranslator();
        uids.learn(CM_DEL, OURS);
        assertThat(uids.translate(CM_DEL)).isEqualTo(OURS);
        assertThat(uids.translate(ZERO)).isEqualTo(ZERO);
        assertThat(uids.ours(ZERO)).isEmpty();
        assertThat(uids.message(C2_2)).contains("precondition (" + ZERO + ")").contains("in record (" + OURS + ")");
    }

    @Test
    @DisplayName("revision translation leaves uids whole: the digit groups of 00000000-0000-… are not revisions")
    void revisionsSkipUids() {
        RvTranslator rv = new RvTranslator(4);
        rv.learnWrite(95, 23);
        String message = "the ResourceVersion in the precondition (95) does not match the ResourceVersion in record (96); " + C2_2;
        assertThat(rv.message(message, Map.of(95L, 23L)))
                .startsWith("the ResourceVersion in the precondition (23) does not match the ResourceVersion in record (23); ")
                .endsWith(C2_2);
    }
}

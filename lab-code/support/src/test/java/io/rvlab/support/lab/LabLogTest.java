package io.rvlab.support.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.logging.StreamHandler;
import org.junit.jupiter.api.Test;

/** A lab's terminal is its transcript: a logged server error is one line naming its root cause. */
class LabLogTest {

    @Test
    void aLoggedErrorIsOneLineWithItsRootCause() {
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        Logger root = Logger.getLogger("");
        Handler console = new StreamHandler(terminal, new java.util.logging.SimpleFormatter());
        root.addHandler(console);
        try {
            LabLog.oneLinePerRecord();
            Logger.getLogger("io.rvlab.ch02.server.ApiServer").log(Level.WARNING, "internal error serving POST /api/v1/x",
                    new IllegalStateException("wrapped", new RuntimeException("UNAVAILABLE: io exception")));
            console.flush();
        } finally {
            root.removeHandler(console);
        }
        assertThat(terminal.toString()).isEqualTo("WARNING: internal error serving POST /api/v1/x (RuntimeException: UNAVAILABLE: io exception)"
                + System.lineSeparator());
    }
}

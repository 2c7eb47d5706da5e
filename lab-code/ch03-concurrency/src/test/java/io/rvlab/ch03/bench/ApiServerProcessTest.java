package io.rvlab.ch03.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ApiServerProcessTest {

    @Test
    void serverJvmOptionsComeFromTheEnvironmentSplitOnSpaces() {
        assertEquals(List.of(), ApiServerProcess.jvmOptions(null), "unset: no extra option");
        assertEquals(List.of(), ApiServerProcess.jvmOptions("  "), "blank: no extra option");
        assertEquals(List.of("-XX:StartFlightRecording=filename=/tmp/s.jfr,settings=profile", "-Xmx512m"),
                ApiServerProcess.jvmOptions(" -XX:StartFlightRecording=filename=/tmp/s.jfr,settings=profile  -Xmx512m "));
    }
}

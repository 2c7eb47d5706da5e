package io.rvlab.ch06;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock the test moves by hand: managedFields entries carry the time of their write
 * ({@code managedFields[].time}), and the golden transcripts fix those times.
 */
public final class TestClock extends Clock {

    private volatile Instant now;

    public TestClock(Instant now) {
        this.now = now;
    }

    /** Starting at an RFC 3339 time such as "2026-11-22T21:17:16Z". */
    public TestClock(String rfc3339) {
        this(Instant.parse(rfc3339));
    }

    public void set(Instant instant) {
        now = instant;
    }

    public void set(String rfc3339) {
        set(Instant.parse(rfc3339));
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}

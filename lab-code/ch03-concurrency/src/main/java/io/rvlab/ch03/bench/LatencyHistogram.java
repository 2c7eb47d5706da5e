package io.rvlab.ch03.bench;

/**
 * Latencies in microseconds, kept in log-linear buckets: exact below 128 µs, then 64 buckets per
 * power of two, so any percentile is within 1.6 % of the true value whatever the range. Recording
 * is an array increment, cheap enough to sit inside the loop it measures. One histogram per client
 * thread (not thread-safe), merged at the end.
 */
public final class LatencyHistogram {

    private static final int EXACT = 128;          // values below this get a bucket each
    private static final int SUB_BUCKETS = 64;     // buckets per power of two above it
    private static final int EXACT_BITS = 7;       // log2(EXACT)
    private static final int SUB_BITS = 6;         // log2(SUB_BUCKETS)

    private final long[] counts = new long[EXACT + (64 - EXACT_BITS) * SUB_BUCKETS];
    private long total;
    private long max;

    public void recordNanos(long nanos) {
        record(Math.max(0, nanos / 1_000));
    }

    /** Records one latency in microseconds. */
    public void record(long micros) {
        counts[index(micros)]++;
        total++;
        max = Math.max(max, micros);
    }

    public void add(LatencyHistogram other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
        max = Math.max(max, other.max);
    }

    public long count() {
        return total;
    }

    /**
     * The latency in microseconds that {@code percentile} per cent of the recorded values do not
     * exceed (the middle of its bucket, never above the largest value seen); 0 when empty.
     */
    public long percentile(double percentile) {
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100.0 * total));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(max, middle(i));
            }
        }
        return max;
    }

    static int index(long micros) {
        if (micros < EXACT) {
            return (int) micros;
        }
        int magnitude = 63 - Long.numberOfLeadingZeros(micros); // >= EXACT_BITS
        int sub = (int) ((micros >>> (magnitude - SUB_BITS)) & (SUB_BUCKETS - 1));
        return EXACT + (magnitude - EXACT_BITS) * SUB_BUCKETS + sub;
    }

    /** The middle of bucket {@code index}, in microseconds. */
    static long middle(int index) {
        if (index < EXACT) {
            return index;
        }
        int magnitude = (index - EXACT) / SUB_BUCKETS + EXACT_BITS;
        int sub = (index - EXACT) % SUB_BUCKETS;
        long width = 1L << (magnitude - SUB_BITS);
        long low = (1L << magnitude) + sub * width;
        return low + width / 2;
    }
}

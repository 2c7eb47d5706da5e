package io.rvlab.ch07.controlplane;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** A stream that starts each line with a prefix, so interleaved logs still say who wrote each line. */
final class LinePrefix extends OutputStream {

    private final byte[] prefix;
    private final PrintStream out;
    private boolean atLineStart = true;

    private LinePrefix(String prefix, PrintStream out) {
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
        this.out = out;
    }

    static PrintStream of(String prefix, PrintStream out) {
        return new PrintStream(new LinePrefix(prefix, out), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /** One chunk at a time under the target's lock: a printf's line is not cut by another replica's. */
    @Override
    public void write(byte[] bytes, int offset, int length) {
        synchronized (out) {
            for (int i = offset; i < offset + length; i++) {
                if (atLineStart) {
                    out.write(prefix, 0, prefix.length);
                }
                out.write(bytes[i]);
                atLineStart = bytes[i] == '\n';
            }
        }
    }

    @Override
    public void flush() {
        out.flush();
    }
}

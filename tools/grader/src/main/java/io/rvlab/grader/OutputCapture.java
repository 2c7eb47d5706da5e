package io.rvlab.grader;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sends everything the tests print (System.out and System.err: etcd's startup line, Testcontainers,
 * the learner's own printlns) into a log file while they run, so the scoreboard stays readable.
 * With {@code --verbose} the output is also echoed to the console.
 *
 * Only Java-level output is caught; a library writing to file descriptor 1 natively would bypass
 * it, which none in this course does.
 */
final class OutputCapture implements AutoCloseable {

    private final PrintStream previousOut = System.out;
    private final PrintStream previousErr = System.err;
    private final OutputStream file;
    private final PrintStream log;

    private OutputCapture(Path logFile, PrintStream echoOut, PrintStream echoErr) throws IOException {
        Files.createDirectories(logFile.toAbsolutePath().getParent());
        this.file = new SynchronizedStream(new FileOutputStream(logFile.toFile(), true));
        this.log = new PrintStream(file, true, StandardCharsets.UTF_8);
        System.setOut(new PrintStream(echoOut == null ? file : new Tee(file, echoOut), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(echoErr == null ? file : new Tee(file, echoErr), true, StandardCharsets.UTF_8));
    }

    /**
     * Starts capturing into {@code logFile} (appended to). {@code echoOut}/{@code echoErr}, when not
     * null, also receive the tests' stdout/stderr.
     */
    static OutputCapture start(Path logFile, PrintStream echoOut, PrintStream echoErr) {
        try {
            return new OutputCapture(logFile, echoOut, echoErr);
        } catch (IOException e) {
            throw new GraderException("cannot write the test log " + logFile + ": " + e.getMessage(), e);
        }
    }

    /** Writes to the log only, for the grader's own notes (run headers, stack traces). */
    PrintStream log() {
        return log;
    }

    @Override
    public void close() {
        System.out.flush();
        System.err.flush();
        System.setOut(previousOut);
        System.setErr(previousErr);
        log.close();
    }

    /** Both streams share one file; writes must not interleave mid-line. */
    private static final class SynchronizedStream extends OutputStream {
        private final OutputStream out;

        SynchronizedStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
        }

        @Override
        public synchronized void close() throws IOException {
            out.close();
        }
    }

    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        Tee(OutputStream first, OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            first.flush();
            second.flush();
        }
    }
}

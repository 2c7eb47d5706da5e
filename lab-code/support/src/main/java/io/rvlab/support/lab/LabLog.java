package io.rvlab.support.lab;

import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * A lab's terminal is its transcript: a server error there is one line, what the chapter means by
 * "the server answered 500", not a stack trace. The JDK's loggers (the API server logs through
 * {@code System.Logger}) print each record as one line with its exception's type and message;
 * the network libraries' start-up notes are left out.
 */
final class LabLog {

    private LabLog() {
    }

    static void oneLinePerRecord() {
        Logger root = Logger.getLogger("");
        for (Handler handler : root.getHandlers()) {
            handler.setFormatter(new OneLine());
        }
        for (String library : new String[] {"io.netty", "io.vertx", "io.grpc"}) {
            Logger.getLogger(library).setLevel(Level.WARNING);
        }
    }

    private static final class OneLine extends Formatter {
        @Override
        public String format(LogRecord record) {
            StringBuilder line = new StringBuilder(record.getLevel().getName()).append(": ").append(formatMessage(record));
            Throwable cause = record.getThrown();
            while (cause != null && cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause(); // the root says what went wrong (UNAVAILABLE, connection refused)
            }
            if (cause != null) {
                line.append(" (").append(cause.getClass().getSimpleName());
                if (cause.getMessage() != null) {
                    line.append(": ").append(cause.getMessage().replaceAll("\\s+", " ").strip());
                }
                line.append(')');
            }
            return line.append(System.lineSeparator()).toString();
        }
    }
}

package io.rvlab.ch05.cache;

import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;

/**
 * A reflector's ListAndWatch loop written outside the {@link Reflector} (chapter 5's capstone
 * exercise writes one). Plugged in with {@link ReflectorOptions#withLoop}, it runs on the
 * reflector's thread in place of the reflector's own loop, inside an informer like any other
 * reflector; the reflector still tells its {@link ReflectorListener} what happens (every LIST and the
 * store it replaced, every watch started, every event read, every watch that ended), so the informer
 * history checker judges it as it judges the course's own.
 */
@FunctionalInterface
public interface ListAndWatch {

    /**
     * Keeps {@code store} equal to the server's collection until {@link Server#stopped()}: returns
     * only then (or throws InterruptedException when stopped during a pause).
     */
    void run(Server server, Store store) throws InterruptedException;

    /** The collection on the API server, as the reflector lets the loop reach it. */
    interface Server {

        /**
         * One LIST of the whole collection (unpaged) at {@code resourceVersion} ("" , "0" or "N").
         * Refusals are the chapter 3/4 {@code StatusException} family ({@code status().code()}: 410
         * Expired, 504 "Too large resource version", 429...); a failed connection an {@link IOException}.
         */
        ListPager.Result list(String resourceVersion) throws IOException;

        /**
         * A watch of the collection from {@code resourceVersion}, with bookmarks, which the server
         * ends after a few minutes. Refused as {@link #list} is.
         */
        Watch watch(String resourceVersion) throws IOException;

        /** Sleeps the reflector's backoff after {@code cause}; InterruptedException once stopped. */
        void pause(Throwable cause) throws InterruptedException;

        /** The informer was closed: the loop must return. */
        boolean stopped();
    }

    /** One open watch. */
    interface Watch extends AutoCloseable {

        /**
         * The next event (ADDED, MODIFIED, DELETED, BOOKMARK, or ERROR carrying a Status object);
         * null when the server ended the watch; an {@link IOException} when the connection broke.
         */
        WatchEvent next() throws IOException;

        @Override
        void close();
    }
}

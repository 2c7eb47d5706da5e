package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Both ways of noticing a save: they wake up for .java changes, settle bursts, and ignore scratch files. */
@Timeout(30)
class WatcherTest {

    @TempDir
    Path src;

    @Test
    void pollingNoticesASave() throws Exception {
        Path file = Files.writeString(src.resolve("A.java"), "class A {}");
        try (Watcher.Changes changes = new Watcher.Polling(src, "test")) {
            assertNoticed(changes, () -> Files.writeString(file, "class A { int x; }"));
            assertNoticed(changes, () -> Files.writeString(Files.createDirectories(src.resolve("p")).resolve("B.java"), "class B {}"));
        }
    }

    @Test
    void fileEventsNoticeASaveAndNewDirectories() throws Exception {
        Path file = Files.writeString(src.resolve("A.java"), "class A {}");
        try (Watcher.FileEvents changes = new Watcher.FileEvents(src)) {
            assertNoticed(changes, () -> Files.writeString(file, "class A { int x; }"));
            assertNoticed(changes, () -> Files.createDirectories(src.resolve("p")));
            assertNoticed(changes, () -> Files.writeString(src.resolve("p/B.java"), "class B {}"));
        }
    }

    @Test
    void editorScratchFilesAreIgnored() throws Exception {
        try (Watcher.Changes changes = new Watcher.FileEvents(src)) {
            CompletableFuture<Void> woke = await(changes);
            Files.writeString(src.resolve(".A.java.swp"), "vim");
            Files.writeString(src.resolve("4913"), "vim");
            assertThat(woke).failsWithin(1500, TimeUnit.MILLISECONDS).withThrowableOfType(TimeoutException.class);
            Files.writeString(src.resolve("A.java"), "class A {}");
            woke.get(10, TimeUnit.SECONDS);
        }
    }

    interface Change {
        void make() throws IOException;
    }

    private static void assertNoticed(Watcher.Changes changes, Change change) throws Exception {
        CompletableFuture<Void> woke = await(changes);
        Thread.sleep(100);
        assertThat(woke).isNotDone();
        change.make();
        woke.get(10, TimeUnit.SECONDS);
    }

    private static CompletableFuture<Void> await(Watcher.Changes changes) {
        return CompletableFuture.runAsync(() -> {
            try {
                changes.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}

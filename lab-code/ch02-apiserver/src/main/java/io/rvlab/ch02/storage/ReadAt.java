package io.rvlab.ch02.storage;

/**
 * Where storage reads for one GET or LIST, as a {@link ReadDecision} chose it: which etcd revision to
 * read at, which revision the answer must at least reach, and, for the next page of a paged list, the
 * continue token being followed.
 *
 * @param revision the etcd revision to read at: 0 for the latest (a consistent read of etcd's current
 *        state), N for etcd's history exactly at N (410 Expired if N has been compacted)
 * @param notOlderThan 0, or the revision the answer must at least reach: when etcd is behind it, storage
 *        waits for etcd, up to 3 s, then answers 504 "Too large resource version"
 * @param continueFrom the continue token of the page before, or null for a first page or a GET; the
 *        next page starts at its key, under the list's prefix
 */
public record ReadAt(long revision, long notOlderThan, ContinueToken continueFrom) {

    public ReadAt {
        if (revision < 0) {
            throw new IllegalArgumentException("the revision to read at is 0 (the latest) or a revision of etcd, not "
                    + revision);
        }
        if (notOlderThan < 0) {
            throw new IllegalArgumentException("notOlderThan is 0 (no minimum) or a revision of etcd, not " + notOlderThan);
        }
    }

    /** The latest state of etcd, whatever its revision. */
    public static ReadAt latest() {
        return new ReadAt(0, 0, null);
    }

    /** The latest state of etcd, once etcd has reached {@code revision} (0: no minimum). */
    public static ReadAt notOlderThan(long revision) {
        return new ReadAt(0, revision, null);
    }

    /** etcd's state exactly at {@code revision}, from its history. */
    public static ReadAt exactly(long revision) {
        if (revision == 0) {
            throw new IllegalArgumentException("an exact read needs a revision; 0 means the latest, use latest()");
        }
        return new ReadAt(revision, 0, null);
    }

    /** The page after {@code token}'s key, read at {@code revision} (0: the latest). */
    public static ReadAt continuing(ContinueToken token, long revision) {
        if (token == null) {
            throw new IllegalArgumentException("a continuation needs the decoded continue token");
        }
        return new ReadAt(revision, 0, token);
    }
}

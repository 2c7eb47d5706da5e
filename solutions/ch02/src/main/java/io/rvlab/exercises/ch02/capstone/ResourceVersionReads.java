package io.rvlab.exercises.ch02.capstone;

import io.rvlab.ch02.storage.ContinueToken;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.storage.InvalidListOptionsException;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ReadAt;
import io.rvlab.ch02.storage.ReadDecision;
import io.rvlab.ch02.storage.Versioner;

/**
 * Reference answer to exercise 2.7: where every GET and LIST of chapter 2's server reads.
 *
 * <p>Two kinds of read keep all the promises of the table: etcd's latest state with a lower bound
 * (Most Recent, Any and Not older than, for this server without a cache), and etcd's history at one
 * revision (Exact, the legacy limit rule, and every continuation of a paged list). The variation of
 * this exercise: a resourceVersion N beside a continue token is the promise "not older than N", kept
 * by a snapshot at R ≥ N and by a continuation at the latest once etcd reaches N, refused otherwise.
 */
public final class ResourceVersionReads implements ReadDecision {

    private final Versioner versioner;

    public ResourceVersionReads(Versioner versioner) {
        this.versioner = versioner;
    }

    @Override
    public ReadAt forGet(GetOptions options) {
        // A GET has no Exact (resourceVersionMatch is ignored): "" and "0" want the latest, N the latest
        // once etcd has reached N. An object cannot be read "as it was": it never answers 410.
        return ReadAt.notOlderThan(versioner.parse(options.resourceVersion()));
    }

    @Override
    public ReadAt forList(ListOptions options) {
        String rv = options.resourceVersion();
        if (!options.continueToken().isEmpty()) {
            // The token names the snapshot; a resourceVersion beside it is read as "not older than",
            // a promise the snapshot keeps only if it is at least that new. ("" and "0" ask for nothing.)
            long floor = versioner.parse(rv);
            ContinueToken token = ContinueToken.decode(options.continueToken());
            if (token.resourceVersion() > 0) {
                if (floor > token.resourceVersion()) {
                    // A snapshot cannot become newer: no read of this list keeps the promise.
                    throw new InvalidListOptionsException(InvalidListOptionsException.RESOURCE_VERSION_WITH_CONTINUE);
                }
                return ReadAt.continuing(token, token.resourceVersion());
            }
            // -1 is the token a 410 offers: go on from the same key at the latest, which must reach the floor.
            return new ReadAt(0, floor, token);
        }
        long revision = versioner.parse(rv);
        return switch (options.resourceVersionMatch()) {
            case EXACT -> ReadAt.exactly(revision); // 422 already refused Exact with "0"
            case NOT_OLDER_THAN -> ReadAt.notOlderThan(revision);
            // Before resourceVersionMatch existed, a limit with N meant "pages of the snapshot at N".
            case UNSET -> options.paging() && revision > 0 ? ReadAt.exactly(revision) : ReadAt.notOlderThan(revision);
        };
    }
}

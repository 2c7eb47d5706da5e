package io.rvlab.ch02.storage;

/**
 * The resourceVersion read decision of a GET and a LIST: given the options of a request (already past
 * the API layer's 422 validation), where must storage read? {@link EtcdStorage} asks it for every read
 * and then does what it says; {@link #kubernetes(Versioner)} is the "Semantics for get and list" table
 * as kube-apiserver (with {@code --watch-cache=false}) applies it.
 *
 * <p>A decision refuses a request by throwing storage's exceptions, which the server turns into
 * Statuses: {@link InvalidResourceVersionException} and {@link InvalidListOptionsException} (400),
 * {@link InvalidContinueTokenException} (400, from {@link ContinueToken#decode}).
 *
 * <p>A seam for exercise 2.7 (the learner's decision runs inside this chapter's server); the server
 * itself always uses {@link #kubernetes(Versioner)}.
 */
public interface ReadDecision {

    /** Where a single-object GET reads. */
    ReadAt forGet(GetOptions options);

    /** Where a LIST (one page of it, with a limit) reads. */
    ReadAt forList(ListOptions options);

    /** Kubernetes' decision, {@link EtcdStorage#getRead} and {@link EtcdStorage#listRead}. */
    static ReadDecision kubernetes(Versioner versioner) {
        return new ReadDecision() {
            @Override
            public ReadAt forGet(GetOptions options) {
                return EtcdStorage.getRead(versioner, options);
            }

            @Override
            public ReadAt forList(ListOptions options) {
                return EtcdStorage.listRead(versioner, options);
            }
        };
    }
}

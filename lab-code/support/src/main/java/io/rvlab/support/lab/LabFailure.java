package io.rvlab.support.lab;

/** A claim a lab makes about etcd did not hold. */
public final class LabFailure extends RuntimeException {
    public LabFailure(String message) {
        super(message);
    }
}

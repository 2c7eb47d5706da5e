package io.rvlab.support.lab;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.Etcd;
import java.nio.file.Path;

/**
 * What a lab gets: a real etcd, the narrator to print with, and a folder for artifacts (such as a
 * diagram drawn from the lab's own run).
 */
public record LabContext(Etcd etcd, Narrator out, Path artifacts) {

    public Client client() {
        return etcd.client();
    }
}

package io.rvlab.ch04.watch;

import io.rvlab.ch02.storage.StorageException;

/**
 * A DELETE that etcd sent without the key's previous value, although the watch asked for it
 * ({@code prev_kv}). Nothing is wrong with the stored object; the watch itself cannot go on, since
 * its DELETED event would have no object. kube-apiserver's etcd3 watcher ends the watch with an
 * error here ("etcd event received with PrevKv=nil", apiserver {@code storage/etcd3/event.go}), and
 * the cacher starts over from etcd; skipping the event would leave a gap in every watcher's history. Seen
 * with etcd 3.4 when a member that was frozen catches up.
 */
public class MissingPrevKvException extends StorageException {

    public MissingPrevKvException(String key) {
        super("etcd event received with PrevKv=nil (key " + key + "): a DELETE without the value before it");
    }
}

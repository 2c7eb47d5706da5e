// Chapter 1 in jshell: poke at etcd's revisions by hand.
//
// Started by "./course jshell 1", which puts lab-code/ch01-revisions and its dependencies on the
// class path. Every helper below prints the etcdctl command that does the same thing, so you can
// repeat any step in another terminal (the endpoint is printed when etcd starts).
//
// With -R-Drvlab.jshell.check=true ("./course test" sets it) the script checks its own helpers
// against etcd and exits with 0 or 1 instead of staying open.

import io.rvlab.ch01.*;
import io.rvlab.support.etcd.Etcd;

var etcd = io.rvlab.support.etcd.Etcd.start();
Runtime.getRuntime().addShutdownHook(new Thread(etcd::close, "rvlab-jshell-etcd-stop"));
var client = etcd.client();
var reader = new RevisionReader(client);
var writer = new RevisionWriter(client);
var compactor = new Compactor(client);
var atomic = new AtomicPut(client);

void etcdctl(String arguments) { System.out.println("  $ etcdctl " + arguments); }

// tag::helpers[]
/** Puts a key; returns the revision of the write. */
long put(String key, String value) {
    etcdctl(Etcdctl.put(key, value));
    return writer.put(key, value);
}

/** Deletes a key; returns the revision of the delete (the current one if nothing was there). */
long del(String key) { etcdctl(Etcdctl.delete(key)); return writer.delete(key); }

/** The four numbers of a key now. */
FourNumbers get(String key) { etcdctl(Etcdctl.get(key)); return reader.latest(key); }

/** The four numbers of a key as it was right after revision rev. */
FourNumbers getAt(String key, long rev) {
    etcdctl(Etcdctl.getAt(key, rev));
    return reader.at(key, rev);
}

/** The store's revision now. */
long revision() { etcdctl(Etcdctl.currentRevision()); return reader.currentRevision(); }

/** Forgets every revision older than rev. */
void compact(long rev) { etcdctl(Etcdctl.compact(rev)); compactor.compact(rev); }
// end::helpers[]

/** Puts several keys in one transaction: txn("/a", "1", "/b", "1"). Returns the one revision they share. */
long txn(String... keysAndValues) {
    var entries = new java.util.LinkedHashMap<String, String>();
    for (int i = 0; i + 1 < keysAndValues.length; i += 2) entries.put(keysAndValues[i], keysAndValues[i + 1]);
    etcdctl(Etcdctl.txnPut(entries));
    return atomic.putAll(entries);
}

/** Starts a watch on a prefix from a revision; read w.changes(), and w.close() when done. */
PrefixWatch watch(String prefix, long fromRevision) {
    etcdctl(Etcdctl.watchPrefix(prefix, fromRevision));
    return new PrefixWatch(client, prefix, fromRevision);
}

// ---- The self-check (only when rvlab.jshell.check is true) -------------------------------------

boolean checked(boolean holds, String claim) {
    System.out.println((holds ? "  \u2714 " : "  \u2718 FAILED: ") + claim);
    return holds;
}

int selfCheck() {
    String p = "/rvlab/jshell-check/";
    try {
        writer.deletePrefix(p);
        boolean ok = true;
        long r1 = put(p + "a", "1");
        FourNumbers a = get(p + "a");
        ok &= checked(a.createRevision() == r1 && a.modRevision() == r1 && a.version() == 1 && a.revision() == r1,
                "put then get: create_revision = mod_revision = " + r1 + ", version 1");
        long r2 = put(p + "a", "2");
        ok &= checked(r2 == r1 + 1 && get(p + "a").version() == 2, "a second put: revision " + r2 + ", version 2");
        ok &= checked(getAt(p + "a", r1).value().orElse("").equals("1"), "getAt(" + r1 + ") still reads the old value");
        long r3 = txn(p + "a", "3", p + "b", "3");
        ok &= checked(r3 == r2 + 1 && get(p + "b").modRevision() == r3 && get(p + "a").modRevision() == r3,
                "one txn over two keys: one revision, " + r3 + ", shared as mod_revision");
        long r4 = del(p + "a");
        ok &= checked(r4 == r3 + 1 && !get(p + "a").exists() && revision() == r4, "del: revision " + r4 + ", key gone");
        try (PrefixWatch w = watch(p, r1)) {
            ok &= checked(w.awaitChanges(5, java.time.Duration.ofSeconds(10)).size() == 5,
                    "watch from " + r1 + " replays the five changes since");
        }
        if (etcd.isExternal()) {
            System.out.println("  (compaction not checked: this etcd is yours, not one started for the check)");
        } else {
            compact(r2);
            boolean refused = false;
            try { getAt(p + "a", r1); } catch (CompactedRevisionException e) { refused = e.compactRevision().orElse(-1) == r2; }
            ok &= checked(refused, "after compact(" + r2 + "), getAt(" + r1 + ") fails with CompactedRevisionException");
        }
        writer.deletePrefix(p);
        System.out.println(ok ? "jshell self-check passed" : "jshell self-check FAILED");
        return ok ? 0 : 1;
    } catch (Throwable e) {
        System.out.println("jshell self-check FAILED: " + e);
        return 1;
    }
}

// In a check run (./course test) the launcher loads one more file after this one, which ends jshell with
// "/exit checkExitCode": jshell itself exits 0 even when a snippet throws, hence the explicit code.
int checkExitCode = Boolean.getBoolean("rvlab.jshell.check") ? selfCheck() : 0;

System.out.println("""

    Chapter 1: etcd revisions, in jshell.
    etcd: %s

    Try, one line at a time:
      put("/demo/color", "red")              the revision of the write
      get("/demo/color")                     revision, create_revision, mod_revision, version
      put("/demo/color", "blue")             ... then get again: what moved?
      put("/demo/size", "small")             another key: what moved for /demo/color?
      del("/demo/color")  put("/demo/color", "green")  get("/demo/color")
      getAt("/demo/color", 2)                the past, while it lasts
      txn("/demo/a", "1", "/demo/b", "1")    one transaction, one revision
      compact(revision())  getAt("/demo/color", 2)   the past is gone
      var w = watch("/demo/", 2)  w.changes()  w.close()
      revision()                             where the store is now

    etcd itself: etcd.endpoints(), client (a jetcd Client). /exit leaves (and stops the etcd it started).
    """.formatted(etcd.description()));

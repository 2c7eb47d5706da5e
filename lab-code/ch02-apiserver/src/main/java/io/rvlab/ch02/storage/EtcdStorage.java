package io.rvlab.ch02.storage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.PutOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@link Storage} over a real etcd, following kube-apiserver's etcd3 store: objects are JSON
 * values under registry keys, and every resourceVersion is an etcd revision.
 *
 * <p>Its reads of etcd at a revision, and what etcd's compacted and future revisions mean for them,
 * are {@link EtcdReads}'s. Designed to be extended: chapter 3 subclasses it to add updates and deletes, reusing the
 * protected helpers ({@link #decode}, {@link #encode}, {@link #kv()}, {@link #waiter()}).
 */
public class EtcdStorage implements Storage {

    /** How long a read waits for etcd to reach a resourceVersion ahead of it (the watch cache's 3 s). */
    public static final Duration TOO_LARGE_WAIT = Duration.ofSeconds(3);

    /** What a "Too large resource version" answer tells the client to wait before retrying. */
    public static final int RETRY_AFTER_SECONDS = 1;

    /** The largest etcd page a filtered list grows to (apiserver's maxLimit). */
    public static final long MAX_ETCD_PAGE = 10_000;

    private final Client client;
    private final KV kv;
    private final Versioner versioner;
    private final RevisionWaiter waiter;
    private final ReadDecision decision;
    private final EtcdReads reads;

    public EtcdStorage(Client client) {
        this(client, new Versioner(), TOO_LARGE_WAIT);
    }

    public EtcdStorage(Client client, Versioner versioner, Duration tooLargeWait) {
        this(client, versioner, tooLargeWait, ReadDecision.kubernetes(versioner));
    }

    /**
     * A storage whose reads go where {@code decision} says (exercise 2.7 passes the learner's);
     * the other constructors use Kubernetes' own, {@link ReadDecision#kubernetes}.
     */
    public EtcdStorage(Client client, Versioner versioner, Duration tooLargeWait, ReadDecision decision) {
        this.client = client;
        this.kv = client.getKVClient();
        this.versioner = versioner;
        this.waiter = new RevisionWaiter(client, tooLargeWait);
        this.decision = decision;
        this.reads = new EtcdReads(client, waiter);
    }

    @Override
    public Versioner versioner() {
        return versioner;
    }

    /** etcd's current revision. */
    public long currentRevision() {
        return waiter.currentRevision();
    }

    // tag::create[]
    @Override
    public ObjectNode create(RegistryKey key, ObjectNode object) {
        if (versioner.parseOrZero(versioner.objectResourceVersion(object)) != 0) {
            throw new ResourceVersionSetOnCreateException();
        }
        ObjectNode stored = object.deepCopy();
        versioner.prepareObjectForStorage(stored); // the revision lives next to the value, not in it
        ByteSequence name = Bytes.bytes(key.path());
        // One transaction: put the value only if the key has never been created (create_revision 0).
        TxnResponse txn = Await.result(kv.txn()
                .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                .Then(Op.put(name, encode(stored), PutOption.DEFAULT))
                .commit());
        if (!txn.isSucceeded()) {
            throw new KeyExistsException(key.path());
        }
        // The transaction's revision is the new key's mod_revision: the object's resourceVersion.
        versioner.updateObject(stored, txn.getHeader().getRevision());
        return stored;
    }
    // end::create[]

    // tag::get[]
    /** Where a GET reads: the latest state, not older than N ("" and "0" parse as 0). A GET has no Exact. */
    public static ReadAt getRead(Versioner versioner, GetOptions options) {
        return ReadAt.notOlderThan(versioner.parse(options.resourceVersion()));
    }

    @Override
    public ObjectNode get(RegistryKey key, GetOptions options) {
        ReadAt read = decision.forGet(options);
        GetResponse response = reads.key(key, read.revision());
        if (response.getHeader().getRevision() < read.notOlderThan()) {
            waiter.awaitRevision(read.notOlderThan()); // or 504 Too large resource version
            response = reads.key(key, read.revision());
        }
        if (response.getKvs().isEmpty()) {
            throw new KeyNotFoundException(key.path());
        }
        return decode(response.getKvs().get(0));
    }
    // end::get[]

    @Override
    public ObjectList getList(RegistryPrefix prefix, ListOptions options) {
        ListPlan plan = plan(prefix, options);
        ObjectList list = read(prefix, plan, options);
        if (plan.notOlderThan() > versioner.parse(list.resourceVersion())) {
            // NotOlderThan N, but etcd is behind N: wait for it (or 504), then read again.
            waiter.awaitRevision(plan.notOlderThan());
            list = read(prefix, plan, options);
        }
        return list;
    }

    /**
     * Where a list starts and at which revision it reads.
     *
     * @param startKey the first key to read
     * @param revision the etcd revision to read at, or 0 for the latest
     * @param notOlderThan the revision the result must at least reach, or 0
     * @param token the continue token being followed, if any
     */
    protected record ListPlan(String startKey, long revision, long notOlderThan, ContinueToken token) {
    }

    // tag::read-revision[]
    /** Chooses the etcd revision a list reads at: the "semantics for get and list" table. */
    public static ReadAt listRead(Versioner versioner, ListOptions options) {
        if (!options.continueToken().isEmpty()) {
            // The token fixes the revision. "0" is tolerated, any other resourceVersion is an error.
            if (!options.resourceVersion().isEmpty() && !options.resourceVersion().equals("0")) {
                throw new InvalidListOptionsException(InvalidListOptionsException.RESOURCE_VERSION_WITH_CONTINUE);
            }
            ContinueToken token = ContinueToken.decode(options.continueToken());
            long at = token.resourceVersion() > 0 ? token.resourceVersion() : 0; // rv -1: at the latest
            return ReadAt.continuing(token, at);
        }
        long rv = versioner.parse(options.resourceVersion());
        return switch (options.resourceVersionMatch()) {
            // Exactly revision N, from etcd's history.
            case EXACT -> {
                if (rv == 0) {
                    throw new InvalidListOptionsException("resourceVersionMatch \"Exact\" needs a resourceVersion other than \"0\"");
                }
                yield ReadAt.exactly(rv);
            }
            // The latest, which must be at least N.
            case NOT_OLDER_THAN -> ReadAt.notOlderThan(rv);
            // The legacy rule: with a limit, N means Exact; without one, NotOlderThan.
            // "" (Most Recent) and "0" (Any) both read the latest: this server has no cache.
            case UNSET -> options.paging() && rv > 0 ? ReadAt.exactly(rv) : ReadAt.notOlderThan(rv);
        };
    }
    // end::read-revision[]

    /** Where this list reads, as the read decision says, and the key it starts at. */
    protected ListPlan plan(RegistryPrefix prefix, ListOptions options) {
        ReadAt read = decision.forList(options);
        ContinueToken token = read.continueFrom();
        String start = token == null ? prefix.path() : token.keyUnder(prefix.path());
        return new ListPlan(start, read.revision(), read.notOlderThan(), token);
    }

    // tag::paging[]
    /**
     * Reads one page (or everything, without a limit). The first etcd response fixes the revision;
     * any further etcd reads for the same page, and the continue token, use that revision, so the
     * pages of one list are one snapshot.
     */
    protected ObjectList read(RegistryPrefix prefix, ListPlan plan, ListOptions options) {
        long limit = options.limit();
        long etcdLimit = limit;
        long revision = plan.revision();
        String from = plan.startKey();
        List<ObjectNode> items = new ArrayList<>();
        String lastKey = null;
        boolean more;
        long count;
        while (true) {
            GetResponse response = reads.range(from, prefix.rangeEnd(), options.paging() ? etcdLimit : 0, revision, plan.token());
            if (revision == 0) {
                revision = response.getHeader().getRevision();
            }
            more = response.isMore();
            count = response.getCount(); // keys from `from` to the end of the prefix, ignoring the limit
            for (KeyValue kv : response.getKvs()) {
                if (options.paging() && items.size() >= limit) {
                    more = true;
                    break;
                }
                lastKey = Bytes.text(kv.getKey());
                ObjectNode object = decode(kv);
                if (options.filter().matches(object)) {
                    items.add(object);
                }
            }
            if (!options.paging() || !more || items.size() >= limit) {
                break;
            }
            // A selector dropped items: read on from the last key seen, in growing etcd pages.
            from = lastKey + "\0";
            etcdLimit = Math.min(etcdLimit * 2, Math.max(MAX_ETCD_PAGE, limit));
        }
        String next = "";
        OptionalLong remaining = OptionalLong.empty();
        if (more) {
            next = ContinueToken.encode(lastKey + "\0", prefix.path(), revision);
            if (options.filter().matchesEverything()) {
                remaining = OptionalLong.of(count - limit);
            }
        }
        return new ObjectList(items, versioner.format(revision), next, remaining);
    }
    // end::paging[]

    /** The object stored in a key-value, with its resourceVersion set from the key's mod_revision. */
    protected ObjectNode decode(KeyValue kv) {
        String key = Bytes.text(kv.getKey());
        try {
            JsonNode node = GoJson.read(kv.getValue().getBytes());
            if (!(node instanceof ObjectNode object)) {
                throw new IOException("a JSON " + node.getNodeType().name().toLowerCase() + ", not an object");
            }
            versioner.updateObject(object, kv.getModRevision());
            return object;
        } catch (IOException e) {
            throw new CorruptObjectException(key, e);
        }
    }

    /** The bytes stored for an object: compact JSON, as kube-apiserver with {@code --storage-media-type=application/json}. */
    protected ByteSequence encode(ObjectNode object) {
        return ByteSequence.from(GoJson.compact(object), StandardCharsets.UTF_8);
    }

    protected Client client() {
        return client;
    }

    protected KV kv() {
        return kv;
    }

    protected RevisionWaiter waiter() {
        return waiter;
    }
}

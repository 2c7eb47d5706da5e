package io.rvlab.ch03.labs;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.etcd.jetcd.api.Compare;
import io.etcd.jetcd.api.DeleteRangeRequest;
import io.etcd.jetcd.api.DeleteRangeResponse;
import io.etcd.jetcd.api.PutRequest;
import io.etcd.jetcd.api.PutResponse;
import io.etcd.jetcd.api.RangeRequest;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.RequestOp;
import io.etcd.jetcd.api.ResponseOp;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.api.TxnResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;

/**
 * One call of etcd's KV service as it went over the wire: the gRPC request (a RangeRequest,
 * TxnRequest, PutRequest or DeleteRangeRequest) and etcd's response, or the error it ended with.
 * Recorded by {@link EtcdCallTrace}; written out in etcd's own terms (range, txn, compare, put).
 *
 * @param method the KV method: "Range", "Txn", "Put", "DeleteRange" (or "Compact")
 * @param request what the client sent
 * @param response what etcd answered, or null if the call failed
 * @param error the gRPC status of a failed call (for example "OUT_OF_RANGE: mvcc: required revision
 *        has been compacted"), or null
 */
public record EtcdCall(String method, Message request, Message response, String error) {

    /** The request in one line, keys as {@code key} shortens them (for example to their last segment). */
    public String describe(UnaryOperator<String> key) {
        if (request instanceof RangeRequest range) {
            return "range " + range(range, key);
        }
        if (request instanceof TxnRequest txn) {
            return txn(txn, key);
        }
        if (request instanceof PutRequest put) {
            return "put " + key.apply(text(put.getKey()));
        }
        if (request instanceof DeleteRangeRequest delete) {
            String end = delete.getRangeEnd().isEmpty() ? "" : " (prefix)";
            return "delete " + key.apply(text(delete.getKey())) + end;
        }
        return method.toLowerCase(java.util.Locale.ROOT);
    }

    /** etcd's answer in one line: the revisions it reports, whether a txn's compares held. */
    public String answer() {
        if (error != null) {
            return "error: " + error;
        }
        if (response instanceof RangeResponse range) {
            return range(range);
        }
        if (response instanceof TxnResponse txn) {
            String branch = txn.getSucceeded() ? "succeeded" : "failed";
            List<String> parts = new ArrayList<>();
            for (ResponseOp op : txn.getResponsesList()) {
                if (op.hasResponseRange()) {
                    parts.add("read " + range(op.getResponseRange()));
                }
            }
            return branch + ", revision " + txn.getHeader().getRevision() + (parts.isEmpty() ? "" : "; " + String.join("; ", parts));
        }
        if (response instanceof PutResponse put) {
            return "revision " + put.getHeader().getRevision();
        }
        if (response instanceof DeleteRangeResponse delete) {
            return "deleted " + delete.getDeleted() + ", revision " + delete.getHeader().getRevision();
        }
        return "ok";
    }

    public boolean isTxn() {
        return request instanceof TxnRequest;
    }

    public boolean isRange() {
        return request instanceof RangeRequest;
    }

    /** Whether a txn's compares held (its success branch ran). */
    public boolean succeeded() {
        return response instanceof TxnResponse txn && txn.getSucceeded();
    }

    /** A txn's puts. */
    public long puts() {
        return request instanceof TxnRequest txn
                ? txn.getSuccessList().stream().filter(RequestOp::hasRequestPut).count() : 0;
    }

    /** The mod_revision of the one key a range read (or the range in a failed txn's else branch), if any. */
    public OptionalLong modRevisionRead() {
        if (response instanceof RangeResponse range && range.getKvsCount() == 1) {
            return OptionalLong.of(range.getKvs(0).getModRevision());
        }
        if (response instanceof TxnResponse txn) {
            for (ResponseOp op : txn.getResponsesList()) {
                if (op.hasResponseRange() && op.getResponseRange().getKvsCount() == 1) {
                    return OptionalLong.of(op.getResponseRange().getKvs(0).getModRevision());
                }
            }
        }
        return OptionalLong.empty();
    }

    /** The mod_revision a txn compared a key's with, if it did. */
    public OptionalLong comparedModRevision() {
        if (request instanceof TxnRequest txn) {
            for (Compare compare : txn.getCompareList()) {
                if (compare.getTarget() == Compare.CompareTarget.MOD) {
                    return OptionalLong.of(compare.getModRevision());
                }
            }
        }
        return OptionalLong.empty();
    }

    /** The revision etcd was at when it answered (every response header carries it), or 0. */
    public long headerRevision() {
        if (response instanceof RangeResponse r) {
            return r.getHeader().getRevision();
        }
        if (response instanceof TxnResponse t) {
            return t.getHeader().getRevision();
        }
        if (response instanceof PutResponse p) {
            return p.getHeader().getRevision();
        }
        if (response instanceof DeleteRangeResponse d) {
            return d.getHeader().getRevision();
        }
        return 0;
    }

    // --- etcd's terms -----------------------------------------------------------------------------

    private static String range(RangeRequest range, UnaryOperator<String> key) {
        StringBuilder text = new StringBuilder(key.apply(text(range.getKey())));
        if (!range.getRangeEnd().isEmpty()) {
            text.append(" (prefix)");
        }
        if (range.getRevision() > 0) {
            text.append(" at revision ").append(range.getRevision());
        }
        if (range.getLimit() > 0) {
            text.append(" limit ").append(range.getLimit());
        }
        if (range.getCountOnly()) {
            text.append(" count only");
        } else if (range.getKeysOnly()) {
            text.append(" keys only");
        }
        return text.toString();
    }

    private static String range(RangeResponse range) {
        if (range.getKvsCount() == 1) {
            return "mod_revision " + range.getKvs(0).getModRevision();
        }
        if (range.getKvsCount() == 0) {
            return range.getCount() > 0 ? range.getCount() + " key(s) counted" : "no key";
        }
        return range.getKvsCount() + " keys";
    }

    private static String txn(TxnRequest txn, UnaryOperator<String> key) {
        StringBuilder text = new StringBuilder("txn");
        List<String> compares = new ArrayList<>();
        for (Compare compare : txn.getCompareList()) {
            compares.add(compare(compare, key));
        }
        if (!compares.isEmpty()) {
            text.append(" if ").append(String.join(" and ", compares));
        }
        text.append(compares.isEmpty() ? " " : ": ").append(ops(txn.getSuccessList(), key));
        if (txn.getFailureCount() > 0) {
            text.append(", else ").append(ops(txn.getFailureList(), key));
        }
        return text.toString();
    }

    private static String compare(Compare compare, UnaryOperator<String> key) {
        String target = switch (compare.getTarget()) {
            case VERSION -> "version";
            case CREATE -> "create_revision";
            case MOD -> "mod_revision";
            case VALUE -> "value";
            default -> compare.getTarget().name();
        };
        String op = switch (compare.getResult()) {
            case EQUAL -> "=";
            case GREATER -> ">";
            case LESS -> "<";
            case NOT_EQUAL -> "!=";
            default -> "?";
        };
        long value = switch (compare.getTarget()) {
            case VERSION -> compare.getVersion();
            case CREATE -> compare.getCreateRevision();
            case MOD -> compare.getModRevision();
            default -> 0;
        };
        String right = compare.getTarget() == Compare.CompareTarget.VALUE ? "\u2026" : String.valueOf(value);
        return target + "(" + key.apply(text(compare.getKey())) + ") " + op + " " + right;
    }

    private static String ops(List<RequestOp> ops, UnaryOperator<String> key) {
        List<String> names = new ArrayList<>();
        for (RequestOp op : ops) {
            if (op.hasRequestPut()) {
                names.add("put");
            } else if (op.hasRequestRange()) {
                names.add("range");
            } else if (op.hasRequestDeleteRange()) {
                names.add("delete");
            } else if (op.hasRequestTxn()) {
                names.add("txn");
            }
        }
        return names.isEmpty() ? "nothing" : String.join(", ", names);
    }

    private static String text(ByteString bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}

package io.rvlab.ch03.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(EtcdExtension.class)
@DisplayName("EtcdCallTrace records a jetcd client's KV calls on the wire, with etcd's answers")
class EtcdCallTraceTest {

    @Test
    @DisplayName("a put, a range and a guarded txn (one that holds, one that fails) are recorded in order")
    void recordsRangeAndTxn(Etcd etcd, KeyPrefix prefix) throws Exception {
        EtcdCallTrace trace = new EtcdCallTrace();
        String key = prefix.key("k");
        ByteSequence k = ByteSequence.from(key, StandardCharsets.UTF_8);
        ByteSequence v = ByteSequence.from("v", StandardCharsets.UTF_8);
        try (Client traced = Client.builder().endpoints(etcd.endpoints().split(",")).interceptor(trace).build()) {
            long put = traced.getKVClient().put(k, v).get(30, TimeUnit.SECONDS).getHeader().getRevision();
            traced.getKVClient().get(k).get(30, TimeUnit.SECONDS);
            boolean held = traced.getKVClient().txn()
                    .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(put)))
                    .Then(Op.put(k, v, PutOption.DEFAULT)).Else(Op.get(k, GetOption.DEFAULT))
                    .commit().get(30, TimeUnit.SECONDS).isSucceeded();
            boolean stale = traced.getKVClient().txn()
                    .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(put)))
                    .Then(Op.put(k, v, PutOption.DEFAULT)).Else(Op.get(k, GetOption.DEFAULT))
                    .commit().get(30, TimeUnit.SECONDS).isSucceeded();
            assertThat(held).isTrue();
            assertThat(stale).isFalse();

            List<EtcdCall> calls = trace.drain();
            assertThat(calls).extracting(EtcdCall::method).containsExactly("Put", "Range", "Txn", "Txn");
            assertThat(calls.get(0).describe(LostUpdateLab::shortKey)).isEqualTo("put k");
            assertThat(calls.get(0).answer()).isEqualTo("revision " + put);
            assertThat(calls.get(1).describe(LostUpdateLab::shortKey)).isEqualTo("range k");
            assertThat(calls.get(1).modRevisionRead()).hasValue(put);
            assertThat(calls.get(2).describe(LostUpdateLab::shortKey))
                    .isEqualTo("txn if mod_revision(k) = " + put + ": put, else range");
            assertThat(calls.get(2).answer()).isEqualTo("succeeded, revision " + (put + 1));
            assertThat(calls.get(2).comparedModRevision()).hasValue(put);
            assertThat(calls.get(2).puts()).isEqualTo(1);
            assertThat(calls.get(3).succeeded()).isFalse();
            assertThat(calls.get(3).answer()).isEqualTo("failed, revision " + (put + 1) + "; read mod_revision " + (put + 1));
            assertThat(calls.get(3).modRevisionRead()).hasValue(put + 1);
            assertThat(trace.drain()).as("drained").isEmpty();
        }
    }

    @Test
    @DisplayName("a call etcd refuses is recorded with its error")
    void recordsErrors(Etcd etcd, KeyPrefix prefix) throws Exception {
        EtcdCallTrace trace = new EtcdCallTrace();
        ByteSequence k = ByteSequence.from(prefix.key("k"), StandardCharsets.UTF_8);
        try (Client traced = Client.builder().endpoints(etcd.endpoints().split(",")).interceptor(trace).build()) {
            long now = traced.getKVClient().get(k).get(30, TimeUnit.SECONDS).getHeader().getRevision();
            try {
                traced.getKVClient().get(k, GetOption.builder().withRevision(now + 1_000_000).build())
                        .get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException expected) {
                // etcd: "mvcc: required revision is a future revision"
            }
            List<EtcdCall> calls = trace.drain();
            EtcdCall future = calls.get(calls.size() - 1);
            assertThat(future.describe(key -> key)).endsWith(" at revision " + (now + 1_000_000));
            assertThat(future.answer()).startsWith("error: ").contains("future revision");
        }
    }
}

package io.rvlab.support.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.GetResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The harness hands out a real, working etcd; fresh ones start at revision 1. */
@ExtendWith(EtcdExtension.class)
class EtcdExtensionTest {

    @Test
    void sharedEtcdAnswersPutAndGet(Client client, KeyPrefix prefix) throws Exception {
        client.getKVClient().put(prefix.bytes("k"), utf8("v")).get();

        GetResponse got = client.getKVClient().get(prefix.bytes("k")).get();

        assertThat(got.getKvs()).hasSize(1);
        assertThat(got.getKvs().get(0).getValue().toString(StandardCharsets.UTF_8)).isEqualTo("v");
    }

    @Test
    void everyTestGetsItsOwnPrefix(KeyPrefix a, KeyPrefix b) {
        assertThat(a.value()).isNotEqualTo(b.value()).startsWith("/rvlab-test/EtcdExtensionTest/");
    }

    @Test
    void theSharedEtcdIsTheSameInstanceAcrossTests(Etcd etcd) {
        assertThat(etcd).isSameAs(Etcd.shared());
        assertThat(etcd.description()).startsWith("real etcd ");
    }

    @Nested
    @FreshEtcd
    @ExtendWith(EtcdExtension.class)
    class AFreshEtcd {

        @Test
        void startsAtRevisionOne(Etcd etcd) throws Exception {
            if (etcd.isExternal()) {
                return; // an external etcd has whatever history it has
            }
            long revision = etcd.client().getKVClient().get(utf8("anything")).get().getHeader().getRevision();
            assertThat(etcd).isNotSameAs(Etcd.shared());
            assertThat(revision).isEqualTo(1);
        }
    }

    private static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }
}

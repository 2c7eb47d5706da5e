package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Absolute revisions: only a fresh etcd has them. */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("A fresh etcd")
class FreshEtcdTest {

    @Test
    @DisplayName("starts at revision 1, and its first write makes revision 2")
    void startsAtOne(Etcd etcd, Client client) {
        Assumptions.assumeFalse(etcd.isExternal(), "an external etcd is not fresh");
        RevisionReader reader = new RevisionReader(client);
        assertThat(reader.currentRevision()).isEqualTo(1);
        long first = new RevisionWriter(client).put("/rvlab-test/fresh/first", "v");
        assertThat(first).isEqualTo(2);
        FourNumbers k = reader.latest("/rvlab-test/fresh/first");
        assertThat(k.createRevision()).isEqualTo(2);
        assertThat(k.modRevision()).isEqualTo(2);
        assertThat(k.version()).isEqualTo(1);
    }
}

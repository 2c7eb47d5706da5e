package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The etcdctl commands the labs print. (Each was also run by hand against etcd 3.4.) */
@DisplayName("etcdctl equivalents")
class EtcdctlTest {

    @Test
    @DisplayName("reads ask for JSON, where the revisions are")
    void reads() {
        assertThat(Etcdctl.get("/k")).isEqualTo("get /k -w json");
        assertThat(Etcdctl.getAt("/k", 3)).isEqualTo("get /k --rev=3 -w json");
    }

    @Test
    @DisplayName("writes, compaction and watch")
    void writes() {
        assertThat(Etcdctl.put("/k", "red")).isEqualTo("put /k red");
        assertThat(Etcdctl.delete("/k")).isEqualTo("del /k");
        assertThat(Etcdctl.deletePrefix("/lab/")).isEqualTo("del --prefix /lab/");
        assertThat(Etcdctl.compact(5)).isEqualTo("compact 5 --physical");
        assertThat(Etcdctl.watchPrefix("/lab/", 4)).isEqualTo("watch --prefix /lab/ --rev=4");
    }

    @Test
    @DisplayName("a transaction is written as etcdctl txn's standard input in one bash line")
    void txn() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("/a", "1");
        entries.put("/b", "1");
        assertThat(Etcdctl.txnPut(entries)).isEqualTo("txn <<< $'\\nput /a 1\\nput /b 1\\n\\n'");
        assertThat(Etcdctl.txnCreateAll(entries))
                .isEqualTo("txn <<< $'create(\"/a\") = \"0\"\\ncreate(\"/b\") = \"0\"\\n\\nput /a 1\\nput /b 1\\n\\n'");
    }

    @Test
    @DisplayName("values the shell would split are single-quoted")
    void quoting() {
        assertThat(Etcdctl.put("/k", "two words")).isEqualTo("put /k 'two words'");
        assertThat(Etcdctl.put("/k", "it's")).isEqualTo("put /k 'it'\\''s'");
    }

    @Test
    @DisplayName("inside a transaction's input, such values are double-quoted for etcdctl's own parser")
    void txnQuoting() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("/q", "two words");
        entries.put("/r", "it's");
        assertThat(Etcdctl.txnPut(entries)).isEqualTo("txn <<< $'\\nput /q \"two words\"\\nput /r \"it\\'s\"\\n\\n'");
    }
}

package io.rvlab.ch01;

import io.etcd.jetcd.ByteSequence;
import java.nio.charset.StandardCharsets;

/**
 * etcd keys and values are bytes, not strings. The course keeps them as UTF-8 text, so these two
 * conversions are all the byte handling a chapter needs.
 */
public final class Bytes {

    private Bytes() {
    }

    public static ByteSequence bytes(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }

    public static String text(ByteSequence bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}

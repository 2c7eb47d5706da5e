package io.rvlab.ch02.wire.protobuf;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A cursor over the protobuf wire format, as the generated {@code Unmarshal} methods of Kubernetes'
 * {@code generated.pb.go} files read it: varints and length-delimited fields, each preceded by a tag
 * (field number and wire type). A body that ends inside a field is a 400, never an exception of the
 * server's own.
 */
final class WireReader {

    private final byte[] data;
    private int position;
    private final int end;

    WireReader(byte[] data, int from, int end) {
        this.data = data;
        this.position = from;
        this.end = end;
    }

    boolean more() {
        return position < end;
    }

    long varint() {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (position >= end) {
                throw malformed();
            }
            byte b = data[position++];
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw malformed();
    }

    int varint32() {
        return (int) varint();
    }

    WireReader nested() {
        int length = varint32();
        if (length < 0 || position + length > end) {
            throw malformed();
        }
        WireReader nested = new WireReader(data, position, position + length);
        position += length;
        return nested;
    }

    byte[] bytes() {
        WireReader nested = nested();
        return Arrays.copyOfRange(data, nested.position, nested.end);
    }

    String string() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    void skip(int tag) {
        switch (tag & 7) {
            case 0 -> varint();
            case 1 -> position += 8;
            case 2 -> nested();
            case 5 -> position += 4;
            default -> throw malformed();
        }
        if (position > end) {
            throw malformed();
        }
    }

    /** Skips a field whose value is empty (0, "" or an empty message); false if it holds something. */
    boolean skipIfEmpty(int tag) {
        int wireType = tag & 7;
        if (wireType == 0) {
            return varint() == 0;
        }
        if (wireType == 2) {
            WireReader value = nested();
            return value.position == value.end;
        }
        return false;
    }

    private static StatusException malformed() {
        return Status.badRequest("the protobuf body is malformed").exception();
    }
}

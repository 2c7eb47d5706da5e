package io.rvlab.exercises.ch05;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What a compiled class refers to, read from its .class file's constant pool: the classes it names
 * and the methods and fields it calls or reads ("owner/Name.method"). The chapter's own classes do
 * the exercises' work on purpose (the history checker judges both alike), so no story can tell "the
 * learner's code ran" from "the course's code ran"; what the learner's class file refers to can.
 */
final class ClassRefs {

    private ClassRefs() {
    }

    /** Class names (internal form, io/rvlab/...) and member references (owner.name) of {@code type} and its nest. */
    static List<String> of(Class<?> type) throws IOException {
        List<String> refs = new ArrayList<>();
        for (Class<?> part : type.getNestMembers()) {
            refs.addAll(read(part));
        }
        return refs;
    }

    private static List<String> read(Class<?> type) throws IOException {
        String file = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream raw = type.getResourceAsStream(file)) {
            if (raw == null) {
                throw new IllegalStateException("the compiled " + file + " was not found");
            }
            DataInputStream in = new DataInputStream(raw);
            in.skipNBytes(8); // magic, minor and major version
            int count = in.readUnsignedShort();
            String[] utf = new String[count];
            int[] tag = new int[count];
            int[] first = new int[count];
            int[] second = new int[count];
            for (int i = 1; i < count; i++) {
                tag[i] = in.readUnsignedByte();
                switch (tag[i]) {
                    case 1 -> utf[i] = in.readUTF();
                    case 7, 8, 16, 19, 20 -> first[i] = in.readUnsignedShort();
                    case 15 -> in.skipNBytes(3);
                    case 9, 10, 11, 12 -> {
                        first[i] = in.readUnsignedShort();
                        second[i] = in.readUnsignedShort();
                    }
                    case 3, 4, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++; // a long or a double takes two entries
                    }
                    default -> throw new IllegalStateException("constant pool tag " + tag[i] + " in " + file);
                }
            }
            List<String> refs = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                if (tag[i] == 7) {
                    refs.add(utf[first[i]]);
                } else if (tag[i] == 1 && utf[i].contains("Lio/rvlab/")) { // descriptors: a field or parameter type
                    refs.add(utf[i]);
                } else if (tag[i] == 9 || tag[i] == 10 || tag[i] == 11) {
                    refs.add(utf[first[first[i]]] + "." + utf[first[second[i]]]);
                }
            }
            return refs;
        }
    }
}

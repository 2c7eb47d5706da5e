package io.rvlab.grader;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * For grading tests: is an answer the learner's own code, or a hand-over to the course's reference
 * system, which gives the tests' answers by design (so no input tells the two apart)? The class
 * file tells: every class, method and field a class uses is named in its constant pool. This reads
 * the pool of the answer's class and of every class nested in it (anonymous and local classes, and
 * lambdas' bodies, which compile into the class itself).
 *
 * <pre>
 * assertThat(OwnCode.borrowed(KeyedListMerge.class, List.of("io.rvlab.ch06.structured.Merge", "BUILT_IN")))
 *         .as("the merge is yours to write").isEmpty();
 * </pre>
 */
public final class OwnCode {

    private OwnCode() {
    }

    /**
     * Which of {@code names} the answer refers to: a binary class name ({@code io.rvlab.ch06.structured.Merge})
     * matches a use of that class or of a class nested in it; a member of a class
     * ({@code io.rvlab.ch05.cache.DeltaFIFO#replace}) matches a call or field read of it, for an answer that
     * must extend the class but not hand it the work; a plain name ({@code BUILT_IN}, {@code guaranteedUpdate})
     * matches a member of that name.
     */
    public static List<String> borrowed(Class<?> answer, List<String> names) {
        Set<String> found = new LinkedHashSet<>();
        for (Class<?> part : answer.getNestHost().getNestMembers()) {
            if (!part.getName().equals(answer.getName()) && !part.getName().startsWith(answer.getName() + "$")) {
                continue; // the answer and what is nested in it, not its enclosing class's other members
            }
            for (String constant : constants(part)) {
                for (String name : names) {
                    boolean match = name.contains("#") ? constant.equals(name.replace('.', '/').replace('#', '.'))
                            : name.contains(".") ? refersToClass(constant, name.replace('.', '/'))
                            : constant.equals(name);
                    if (match) {
                        found.add(name);
                    }
                }
            }
        }
        return new ArrayList<>(found);
    }

    private static boolean refersToClass(String constant, String internal) {
        return constant.equals(internal) || constant.startsWith(internal + "$")
                || constant.contains("L" + internal + ";") || constant.contains("L" + internal + "$");
    }

    /**
     * The constant pool of a class (JVMS 4.4) as text: its strings (class names, descriptors, member names,
     * literals), and each field or method it uses as {@code owner/Name.member}.
     */
    static List<String> constants(Class<?> type) {
        String file = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream raw = type.getResourceAsStream(file)) {
            if (raw == null) {
                throw new IllegalStateException("no compiled " + file + " next to " + type.getName());
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
            List<String> strings = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                if (tag[i] == 1) {
                    strings.add(utf[i]);
                } else if (tag[i] == 9 || tag[i] == 10 || tag[i] == 11) { // a field, method or interface method used
                    strings.add(utf[first[first[i]]] + "." + utf[first[second[i]]]);
                }
            }
            return strings;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

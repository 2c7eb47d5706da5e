package io.rvlab.ch06.fieldpath;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("FieldSet: an immutable trie of paths, as structured-merge-diff's Set")
class FieldSetTest {

    private static final FieldPath DATA = FieldPath.fields("data");
    private static final FieldPath COLOR = FieldPath.fields("data", "color");
    private static final FieldPath OWNER = FieldPath.fields("data", "owner");
    private static final FieldPath LABELS = FieldPath.fields("metadata", "labels");

    @Test
    @DisplayName("holds exact paths: a path's prefix is not in the set unless added")
    void membership() {
        FieldSet set = FieldSet.of(COLOR, OWNER);
        assertThat(set.has(COLOR)).isTrue();
        assertThat(set.has(DATA)).isFalse();
        assertThat(set.size()).isEqualTo(2);
        assertThat(set.with(COLOR)).isEqualTo(set);
        assertThat(set.paths()).containsExactly(COLOR, OWNER);
        assertThat(set).hasToString("{.data.color, .data.owner}");
        assertThat(FieldSet.empty().isEmpty()).isTrue();
    }

    @Test
    @DisplayName("union, intersection and difference work path by path and never keep empty children")
    void algebra() {
        FieldSet a = FieldSet.of(COLOR, OWNER);
        FieldSet b = FieldSet.of(COLOR, LABELS);
        assertThat(a.union(b)).isEqualTo(FieldSet.of(COLOR, OWNER, LABELS));
        assertThat(a.intersection(b)).isEqualTo(FieldSet.of(COLOR));
        assertThat(a.difference(b)).isEqualTo(FieldSet.of(OWNER));
        assertThat(a.difference(a)).isEqualTo(FieldSet.empty());
        assertThat(a.difference(a).isEmpty()).isTrue();
    }

    @Test
    @DisplayName("recursiveDifference also drops what lies under a path of the other set")
    void recursiveDifference() {
        FieldSet a = FieldSet.of(DATA, COLOR, LABELS);
        assertThat(a.difference(FieldSet.of(DATA))).isEqualTo(FieldSet.of(COLOR, LABELS));
        assertThat(a.recursiveDifference(FieldSet.of(DATA))).isEqualTo(FieldSet.of(LABELS));
    }

    @Test
    @DisplayName("leaves are the paths with nothing below them in the set")
    void leaves() {
        assertThat(FieldSet.of(DATA, COLOR, LABELS).leaves()).isEqualTo(FieldSet.of(COLOR, LABELS));
    }
}

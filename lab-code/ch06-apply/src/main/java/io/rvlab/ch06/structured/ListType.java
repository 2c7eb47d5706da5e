package io.rvlab.ch06.structured;

/**
 * How lists merge for server-side apply ({@code x-kubernetes-list-type}): ATOMIC (replaced whole,
 * owned as one field), SET (unique scalars, each item owned as {@code v:}), MAP (items keyed by
 * {@code x-kubernetes-list-map-keys}, each owned as {@code k:}).
 */
public enum ListType { ATOMIC, SET, MAP }

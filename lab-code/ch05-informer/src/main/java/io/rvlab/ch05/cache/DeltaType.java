package io.rvlab.ch05.cache;

/**
 * What happened to an object, as queued in a {@link DeltaFIFO} (client-go's {@code DeltaType}):
 * from the watch ({@code ADDED}, {@code UPDATED}, {@code DELETED}), from a relist ({@code
 * REPLACED}, client-go's {@code Replaced} with {@code EmitDeltaTypeReplaced}; missed deletions come
 * as {@code DELETED} tombstones) or from a periodic resync ({@code SYNC}).
 */
public enum DeltaType { ADDED, UPDATED, DELETED, REPLACED, SYNC }

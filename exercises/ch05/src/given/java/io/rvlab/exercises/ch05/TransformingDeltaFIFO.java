package io.rvlab.exercises.ch05;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch05.cache.DeltaFIFO;
import io.rvlab.ch05.cache.Indexer;
import java.util.function.UnaryOperator;

/**
 * Given for exercise 5.2: the course's {@link DeltaFIFO} with client-go's {@code TransformFunc} on the
 * watch's side. Every object a watch event brings (add, update, delete) goes through the transformer
 * once, before the queue holds it, as client-go's DeltaFIFO transforms in its {@code
 * queueActionLocked} (k8s.io/client-go/tools/cache/delta_fifo.go, since v0.27). The operations that do
 * not come from a watch event are {@code DeltaQueue}'s, and {@link #transformed} is the transformer
 * for them.
 */
public abstract class TransformingDeltaFIFO extends DeltaFIFO {

    private final UnaryOperator<ObjectNode> transformer;

    /**
     * @param knownObjects the consumer's cache (the informer's indexer); may be null for a bare queue
     * @param transformer  client-go's {@code TransformFunc}: to apply once to every object from the server
     */
    protected TransformingDeltaFIFO(Indexer knownObjects, UnaryOperator<ObjectNode> transformer) {
        super(knownObjects);
        this.transformer = transformer;
    }

    /** What the transformer makes of an object the server sent. */
    protected final ObjectNode transformed(ObjectNode fromTheServer) {
        return transformer.apply(fromTheServer);
    }

    @Override
    public void add(ObjectNode object) {
        super.add(transformed(object));
    }

    @Override
    public void update(ObjectNode object) {
        super.update(transformed(object));
    }

    @Override
    public void delete(ObjectNode object) {
        super.delete(transformed(object));
    }
}

package io.rvlab.ch02.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What differs between kinds when an object is created (apiserver's RESTCreateStrategy): which
 * fields the server owns and resets, and which rule a name must follow.
 */
public interface CreateStrategy {

    /**
     * Resets what clients may not choose on create (PrepareForCreate): for example a Deployment's
     * {@code status}, which only controllers write, and its {@code metadata.generation}, which
     * starts at 1.
     */
    void prepareForCreate(ObjectNode object);

    /** Every reason {@code name} is not a valid name for this kind; empty if it is valid. */
    List<String> nameErrors(String name);
}

package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The values an object is indexed under in one index (client-go's {@code IndexFunc}): none, one
 * (its namespace) or several. Must depend only on the object, as it is called again on every
 * update and delete to keep the index right.
 */
@FunctionalInterface
public interface IndexFunc {

    List<String> indexValues(ObjectNode object);
}

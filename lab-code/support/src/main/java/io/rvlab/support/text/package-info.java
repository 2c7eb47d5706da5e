/**
 * Plain-text output: {@link io.rvlab.support.text.TextTable}, the grouped-column table every
 * benchmark prints its results in.
 */
package io.rvlab.support.text;

/**
 * What the labs' and benchmarks' hand-written SVG shares: {@link io.rvlab.support.svg.SvgText}
 * escapes and wraps the text a run puts in a diagram, {@link io.rvlab.support.svg.BarChart} holds the
 * benchmarks' palette, text element and axis steps. Each diagram's layout stays with its chapter.
 */
package io.rvlab.support.svg;

/**
 * Command lines: {@link io.rvlab.support.cli.OptionArgs} reads the benchmarks' options and values,
 * with messages that name the option a learner got wrong.
 */
package io.rvlab.support.cli;

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * source_window - each CPU's sources over a moving window, for the live
 * screen's pane
 *
 * An update hands a CPU's table of sources as it is now (summed since the
 * start or the last reset: osnoise_aa_sources(), timerlat_sources_table())
 * at second S of the run; what each source grew since the last update goes
 * to S's bucket. A window of W seconds sums the buckets of the last W
 * seconds, up to the latest update's second. Bounded: SOURCE_WINDOW_SECONDS
 * buckets a CPU (the longest window), SOURCE_WINDOW_IDS sources a CPU, then
 * one "other" for those past them. A table that shrinks (a reset of the
 * analysis) starts its sources over from what it holds.
 */
#ifndef RTLENS_SOURCE_WINDOW_H
#define RTLENS_SOURCE_WINDOW_H

#include "analysis/source_table.h"

#define SOURCE_WINDOW_SECONDS	60
#define SOURCE_WINDOW_IDS	128

struct source_window;

/* @other_kind: the kind of the "other" row (the tool's). NULL out of memory. */
struct source_window *source_window_new(int nr_cpus, int other_kind);
void source_window_free(struct source_window *w);
/* Every bucket and source forgotten (the live screen's r). */
void source_window_reset(struct source_window *w);
/* @cpu's @n rows as they are at @second; false out of memory (the update lost). */
bool source_window_update(struct source_window *w, int cpu, unsigned long second,
			  const struct source_row *rows, int n);
/* The latest second an update came at (0: none). */
unsigned long source_window_now(const struct source_window *w);
/*
 * @cpu's sources over the last @seconds (the buckets after now - @seconds),
 * or since the start (@seconds <= 0: the table as last handed), largest
 * first, at most @max; how many. Over a window a row's max_ns and samples
 * are not known (0); its count and total_ns are exact to the updates.
 */
int source_window_sum(const struct source_window *w, int cpu, int seconds,
		      struct source_row *out, int max);

#endif

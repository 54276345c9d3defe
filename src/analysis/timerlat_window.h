/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timerlat_window - each CPU's worst timer latency over a moving window, cut
 * into its parts (timerlat_sources.h), for the live screen's pane: the
 * worst of each second, for the last SOURCE_WINDOW_SECONDS seconds, and
 * the worst since the start
 */
#ifndef RTLENS_TIMERLAT_WINDOW_H
#define RTLENS_TIMERLAT_WINDOW_H

#include <stdbool.h>

#include "analysis/timerlat_sources.h"

struct timerlat_window;

struct timerlat_window *timerlat_window_new(int nr_cpus);
void timerlat_window_free(struct timerlat_window *w);
void timerlat_window_reset(struct timerlat_window *w);
/* @b, a latency of @b->cpu that came by @second; false out of memory. */
bool timerlat_window_add(struct timerlat_window *w, unsigned long second,
			const struct timerlat_breakdown *b);
/*
 * @cpu's worst latency of the last @seconds up to @now (<= 0: since the
 * start) into @out; false when none came.
 */
bool timerlat_window_worst(const struct timerlat_window *w, int cpu, unsigned long now,
			  int seconds, struct timerlat_breakdown *out);

#endif

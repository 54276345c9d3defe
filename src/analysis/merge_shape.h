/* SPDX-License-Identifier: GPL-2.0 */
/*
 * merge_shape - what a merge does per shape of the reports (base/tool.h's
 * enum tool_shape): one const object per shape, each in a file of its
 * own (merge_noise.c: osnoise and hwnoise; merge_latency.c: timerlat),
 * picked once by merge_reports() into merge.shape. Everything else of a
 * merge (analysis/merge.c) and of its renderers reads the shape only
 * through it.
 */
#ifndef RTLENS_MERGE_SHAPE_H
#define RTLENS_MERGE_SHAPE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/merge.h"

struct merge_shape {
	/* @nd's summary: its worst CPU and its figures, and its top source. 0, or -1 (OOM) */
	int		(*make_node)(struct merge_node *nd);
	/* how bad @nd's worst CPU is: the worst node has the largest */
	double		(*badness)(const struct merge_node *nd);
	/* the histogram of @c the law of its noise (or latency) is taken from */
	const struct report_hist *(*law_hist)(const struct report_cpu *c);
	/* what the values of that histogram add up to, in us; 0: not known */
	double		(*hist_total)(const struct report_cpu *c);
	/* the law's rate: of @count events over @c's runtime, or one per cycle */
	double		(*rate)(const struct report_cpu *c, double count);
	/* does @c count in the projection, @h the histogram of its law (NULL: none)? */
	bool		(*projected)(const struct report_cpu *c, const struct report_hist *h);
	/* a projection per phase asked (a slowdown each), or one of a cycle */
	bool		per_phase;
	/* why no projection stands on the @nr_laws laws of @m's CPUs; NULL: it does */
	const char	*(*why_not)(const struct merge *m, size_t nr_laws);
};

extern const struct merge_shape merge_noise;
extern const struct merge_shape merge_latency;

#endif

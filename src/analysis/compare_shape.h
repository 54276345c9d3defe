/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare_shape - what a comparison does by the shape of the tool's samples
 * (enum tool_shape): one const object per shape, compare_noise
 * (compare_noise.c) and compare_latency (compare_latency.c), which
 * compare_reports() picks once from a table indexed by the shape and the
 * rest of `rtlens compare` reads through c->shape. Their metrics' rows
 * are filled with the helpers below (compare_fill.c).
 */
#ifndef RTLENS_COMPARE_SHAPE_H
#define RTLENS_COMPARE_SHAPE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/compare.h"

/* A metric of the verdict's rule, by its key */
struct cmp_rule_step {
	const char	*key;
	double		pct;		/* a percentile: it needs a tail; else 0 */
	bool		stand_in;	/* only when no percentile is taken */
};

/* Which of its keys a word of --fail-if-worse names (compare_gate.c) */
enum cmp_gate_key {
	GATE_KEY_NOISE,		/* the noise's */
	GATE_KEY_THREAD,	/* the thread latency's */
	NR_GATE_KEYS,
};

struct compare_shape {
	const struct cmp_metric	*metrics;
	int			nr_metrics;
	int			worst_metric;	/* a run's worst CPU is the worst by it */
	/* the metrics of CPU @cpu of @r into side @side (0: A, 1: B) of @row */
	void			(*fill)(const struct report_data *r,
					const struct report_cpu *cpu,
					struct cmp_row *row, int side);

	/* the verdict: its rule, most telling first */
	const struct cmp_rule_step *rule;
	size_t			nr_rule;
	/* a CPU with fewer samples (periods, latencies) leaves it in doubt */
	double			min_samples;
	enum cmp_doubt		too_few;

	/* the sources of the analyses */
	bool			sources_per_s;	/* per second of run, summed over
						 * the CPUs; else the us of the one
						 * latency each analysis explained */
	bool			sources_of_cpus;	/* of the CPUs compared only */
	bool			own_stops_count;	/* rtlens's own stops are sources */

	enum cmp_gate_key	gate_key;	/* the key of a --fail-if-worse word */
	/* --tail's levels of the main series, for the gate alone (CMP_TAIL_METRICS) */
	const struct cmp_metric	*tail_metrics;

	/* the text */
	const char		*grows_with_run;	/* the note on runs of different
							 * lengths: what grows */
	const char		*rare_event;		/* and what a longer run sees
							 * more chances of */
	const char		*no_analysis_hint;	/* how to have the analysis */
};

extern const struct compare_shape compare_noise;
extern const struct compare_shape compare_latency;

/*
 * A family of metrics (the noise's; each latency's) begins with its
 * maximum, then these percentiles, at these offsets from its first
 */
enum cmp_percentile_at {
	CMP_AT_P999 = 1,
	CMP_AT_P99,
	CMP_AT_P50,
};

/* @v, when it is a number, as metric @m of side @side of @row */
void compare_put(struct cmp_row *row, int m, int side, double v);
/*
 * The percentiles of @h as the metrics at @base + CMP_AT_*, each known to
 * a bucket of its histogram (the widest of both runs')
 */
void compare_put_percentiles(struct cmp_row *row, int base, int side,
			     const struct report_hist *h);
/* The levels of @t, trusted and known, as the metrics from @base of side @side of @row */
void compare_put_tail(struct cmp_row *row, int base, int side, const struct report_tail *t);

#endif

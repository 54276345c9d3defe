/* SPDX-License-Identifier: GPL-2.0 */
/*
 * merge - the reports of many nodes (or runs) of one tool together
 * (`rtlens merge`): a summary of each node, the worst node and CPU, and
 * what the noise measured would cost a bulk-synchronous job placed on
 * those CPUs (analysis/spmd.h). Pure functions of the reports; the
 * renderers (render/merge_render.h) put it into words.
 *
 * A node is a report, labelled by its hostname; a hostname seen before
 * gets "#2", "#3"... in the order given; a report without one, its file
 * name.
 *
 * What differs per shape of the reports is a const object each
 * (analysis/merge_shape.h), picked once by merge_reports().
 *
 * osnoise (osnoise top/hist, hwnoise): the worst CPU is the one that lost
 * the largest share of its time to noise (100 - cpu_available_pct). The
 * projection is the slowdown of a phase of each length asked, E[max over
 * N processes of the noise in a phase] / phase, for N = 1, 2, 4... below
 * the CPUs measured and for all of them (one process on each). The noise
 * of a CPU: events at the rate count / runtime (count: the histogram's
 * when the report has one, else the interference counts added up), each
 * lasting a duration from the CPU's histogram of single noises or, with
 * none, one in count lasting max_single_us and the others the rest of the
 * noise shared out.
 *
 * timerlat (timerlat top/hist): the worst CPU is the one with the largest
 * thread latency. The projection is the expected worst thread latency of
 * one cycle among N CPUs, from the CPUs' histograms of thread latency; a
 * report without histograms (timerlat top) keeps only min, avg and max,
 * which do not tell a distribution: no projection is made then.
 */
#ifndef RTLENS_MERGE_H
#define RTLENS_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/report_data.h"

#define MERGE_MAX_PHASES	8
#define MERGE_PHASE_MIN_US	1.0
#define MERGE_PHASE_MAX_US	10e6

/* the most time or latency one source of a node's analysis explains */
struct merge_source {
	bool		set;
	const char	*kind;		/* the report's strings */
	const char	*name;
	double		us;		/* osnoise: over the run; timerlat: of it */
	double		share_pct;	/* of every source's, or of the latency analyzed */
	bool		estimated;	/* the hypervisor's, from steal: an estimate */
};

struct merge_node {
	const struct report_data	*r;
	char				*label;		/* not yet safe to print */
	size_t				nr_cpus;	/* measured */
	bool				has_worst;
	int				worst_cpu;
	/* osnoise */
	double				noise_pct;	/* of all its CPUs' runtime */
	double				worst_noise_pct;	/* its worst CPU's */
	double				max_single_us;	/* the longest, any CPU */
	/* timerlat: the thread latency */
	double				thread_max_us;	/* the worst CPU's */
	double				thread_avg_us;	/* every sample, all CPUs */
	bool				has_p99;
	double				thread_p99_us;	/* of the histograms merged */
	struct merge_source		top;
};

/* A row of the projection: N processes (all: one on each CPU measured) */
struct merge_row {
	size_t		procs;
	bool		all;
	double		max_us[MERGE_MAX_PHASES];	/* timerlat: [0] */
	double		slowdown_pct[MERGE_MAX_PHASES];	/* osnoise */
};

struct merge_projection {
	bool			made;
	const char		*why_not;	/* when not made: a sentence */
	size_t			nr_cpus;	/* the CPUs it stands on */
	size_t			from_hist;	/* whose law is their histogram */
	size_t			from_counts;	/* from counts, noise, max single */
	size_t			nr_phases;	/* osnoise */
	double			phase_us[MERGE_MAX_PHASES];
	double			step_us[MERGE_MAX_PHASES];	/* the grid's */
	size_t			nr_rows;
	struct merge_row	*rows;
};

struct merge_shape;

struct merge {
	const struct tool_desc	*tool;		/* the plain tool of all */
	const struct merge_shape *shape;	/* its shape's (analysis/merge_shape.h) */
	size_t			nr_nodes;
	struct merge_node	*nodes;
	bool			has_worst;
	size_t			worst_node;
	struct merge_projection	proj;
};

/* The default phases: 100 us, 1 ms, 10 ms, 100 ms */
extern const double merge_default_phases[4];

/*
 * Can @r[0..n-1] be merged (one tool: osnoise top/hist/hwnoise, or
 * timerlat top/hist; one schema major version)? 0, or -1 with a message.
 */
int merge_check(const struct report_data *r, size_t n);
/* Merge them into @m, the projection for @nr_phases phases. 0, or -1 (a message). */
int merge_reports(struct merge *m, const struct report_data *r, size_t n,
		  const double *phase_us, size_t nr_phases);
void merge_free(struct merge *m);

#endif

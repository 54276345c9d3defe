/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hist_parts - the one renderer of the per-CPU histograms (hist_text.c),
 * for the tools' renderers: what a layout is made of
 */
#ifndef RTLENS_HIST_PARTS_H
#define RTLENS_HIST_PARTS_H

#include "render/render.h"

#define HIST_MAX_CTX	NR_TIMERLAT_CONTEXTS

/* A context of a CPU: it has a column for each CPU shown. */
struct hist_ctx {
	const char	*name;		/* column head "<name>-NNN" */
	const char	*all_head;	/* head in the ALL block, as wide as rtla's */
	int		id;		/* the model's context */
};

/* The numbers of one column. */
struct hist_col {
	const struct histogram	*hist;
	struct latency_stats	stats;
};

/* One layout: its title and quirks, its columns, and where their numbers are. */
struct hist_desc {
	const char	*tool;		/* "# rtlens <tool> histogram" */
	bool		nano;		/* time unit: ns, else us */
	bool		avg_fraction;	/* avg with two decimals, else a whole number */
	bool		empty_zeros;	/* no column: "over: 0" ... "max: 0" lines */
	bool		all_block;	/* each context over every CPU shown */
	int		nr_ctx;
	struct hist_ctx	ctx[HIST_MAX_CTX];
	const void	*model;
	bool		(*shown)(const void *model, int cpu);	/* @cpu has columns */
	void		(*column)(const void *model, int cpu, int ctx, struct hist_col *out);
};

/* The histogram of layout @d, in rtla's hist layout. */
void hist_render(FILE *out, const struct hist_desc *d, const struct rtl_params *p,
		 const struct run_view *v);

#endif

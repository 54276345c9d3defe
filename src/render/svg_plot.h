/* SPDX-License-Identifier: GPL-2.0 */
/*
 * svg_plot - self-contained SVG pictures for a browser (--plot FILE.svg):
 * the per-CPU histograms of a hist mode (log-scale counts, thresholds
 * marked), and the nodes of `rtlens merge` side by side. Pure functions of
 * their data, like every renderer.
 */
#ifndef RTLENS_SVG_PLOT_H
#define RTLENS_SVG_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/report_data.h"
#include "analysis/run_models.h"
#include "base/params.h"
#include "render/render.h"

/* the thresholds' colours on a scale */
#define PLOT_COLOR_STOP		"#d62728"
#define PLOT_COLOR_STOP2	"#9467bd"
#define PLOT_COLOR_MIN		"#7f7f7f"
/* the most series a panel has (svg_panel.h's SVG_MAX_SERIES) */
#define PLOT_MAX_SERIES		3

/* a series of each panel: a context of the tool's samples, or its only one */
struct plot_series {
	const char	*name;		/* NULL: the only one, unnamed */
	const char	*color;
	int		id;		/* what the tool's hist() takes */
};

struct svg_scale;

/* What a tool's --plot draws (tool_render.plot): its series and their words. */
struct plot_shape {
	const char	*what;		/* the header's: "timer latency" */
	const char	*sample;	/* one, when no CPU counted any: "latency" */
	/* @cpu's histogram of series @id; NULL when @cpu has no sample of any */
	const struct histogram *(*hist)(const struct run_models *m, int cpu, int id);
	/* the series of each panel, into @out (PLOT_MAX_SERIES); how many */
	int		(*series)(const struct rtl_params *p, struct plot_series *out);
	/* the unit of the values (p->nano: ns) and the limits marked on @s */
	const char	*(*unit)(const struct rtl_params *p);
	void		(*marks)(struct svg_scale *s, const struct rtl_params *p);
};

/* osnoise hist / timerlat hist: one panel per CPU with data. 0, or -1 on a write error. */
int svg_plot_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
		  const struct run_view *v);

/* rtlens merge: the @n reports side by side. 0, or -1 on a write error. */
int svg_plot_merge(FILE *out, const struct report_data *r, size_t n);

#endif

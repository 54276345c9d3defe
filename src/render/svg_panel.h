/* SPDX-License-Identifier: GPL-2.0 */
/*
 * svg_panel - one histogram drawn in SVG: bars per bucket over a linear x
 * axis (in the histogram's unit), counts on a log-scale y axis (decades
 * labelled, a count of 1 still visible), the values past the last bucket
 * as an "over" bar beside it, thresholds as dashed vertical lines. Several
 * series (timerlat's IRQ, thread, user) share a panel, drawn translucent.
 * The panels of one picture share one scale (struct svg_scale), so that
 * they compare at a glance.
 *
 * Bars carry class="bar" (one per non-empty bucket while every bucket is
 * at least a pixel wide, else one per non-empty group of buckets),
 * class="over" and class="threshold" for the tests, and a tooltip.
 *
 * Private to render/.
 */
#ifndef RTLENS_SVG_PANEL_H
#define RTLENS_SVG_PANEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/report_data.h"

#define SVG_MAX_SERIES	3
#define SVG_MAX_MARKS	4

/* One histogram: its non-empty buckets, ascending index. */
struct svg_series {
	const char			*name;		/* "IRQ"; NULL: the only one */
	const char			*color;		/* "#1f77b4" */
	const struct report_bucket	*bins;
	size_t				nr_bins;
	uint64_t			over;		/* past the last bucket */
};

/* A threshold: a dashed vertical line at @value, in the scale's unit. */
struct svg_mark {
	char		label[48];	/* "-s 50" */
	double		value;
	const char	*color;
};

/* What the panels of a picture share. */
struct svg_scale {
	double		bucket;		/* the width of a bucket, in @unit */
	const char	*unit;		/* "us", "ns" */
	uint64_t	entries;	/* buckets there are */
	uint64_t	lo, hi;		/* the buckets shown: [lo, hi) */
	uint64_t	group;		/* buckets per bar (1: each its own) */
	int		decades;	/* the y axis: from 0.5 up to 10^decades */
	int		nr_marks;
	struct svg_mark	marks[SVG_MAX_MARKS];
};

struct svg_panel {
	double				x, y, w, h;
	const char			*title;		/* "CPU 3" */
	const char			*subtitle;	/* "max 78 us, 1003 samples"; cut */
	int				nr_series;
	const struct svg_series		*series;
};

/* A panel's plot area is this wide when the panel is @w pixels wide. */
double svg_panel_plot_width(double w);

/*
 * Fit @s (bucket, unit, entries and the marks set) to the @n panels: the
 * buckets that have data, or all of them with @all_buckets, and the marks
 * that fall on a bucket; the highest bar.
 */
void svg_scale_fit(struct svg_scale *s, const struct svg_panel *panels, size_t n,
		   bool all_buckets, double plot_w);
/* Add a mark (ignored when there are SVG_MAX_MARKS already). */
void svg_scale_mark(struct svg_scale *s, const char *color, double value, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

void svg_panel_draw(FILE *out, const struct svg_panel *p, const struct svg_scale *s);

/* The legend of @n series (name and colour) from (@x, @y), left to right. */
void svg_legend(FILE *out, double x, double y, const struct svg_series *series, int n);

#endif

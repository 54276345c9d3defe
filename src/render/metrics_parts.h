/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metrics_parts - what the writers of render_metrics() share: the writer
 * (metrics_text.c) and the tools' series (metrics_tools.c). Private to
 * render/metrics_*.c.
 */
#ifndef RTLENS_METRICS_PARTS_H
#define RTLENS_METRICS_PARTS_H

#include <stdint.h>
#include <stdio.h>

#include "model/histogram.h"
#include "render/metrics.h"

#define METRICS_LABEL_LEN	160	/* one escaped label value */
#define METRICS_LABELS_LEN	512	/* the labels of one sample */

enum metrics_type {
	MTYPE_GAUGE,
	MTYPE_COUNTER,
	MTYPE_HISTOGRAM,
	MTYPE_INFO,
	NR_MTYPES,
};

struct metrics_writer {
	FILE			*out;
	enum metrics_format	fmt;
	char			host[METRICS_LABEL_LEN];	/* escaped */
};

void metrics_escape(char *dst, size_t len, const char *src);
/* HELP, TYPE and (OpenMetrics) UNIT of the family @name (no _total, _info) */
void metrics_family(struct metrics_writer *w, const char *name, enum metrics_type t,
		    const char *unit, const char *help);
/* @name@suffix{host,@labels} @value */
void metrics_value(struct metrics_writer *w, const char *name, const char *suffix,
		   const char *labels, double value);
void metrics_count(struct metrics_writer *w, const char *name, const char *suffix,
		   const char *labels, uint64_t count);
/* _bucket{le}, _count and _sum of @h (values in units of @ns_per_unit ns) */
void metrics_histogram(struct metrics_writer *w, const char *name, const char *labels,
		       const struct histogram *h, unsigned int ns_per_unit, uint64_t sum);

void metrics_osnoise(struct metrics_writer *w, const struct run_models *m,
		     const struct rtl_params *p);
void metrics_timerlat(struct metrics_writer *w, const struct run_models *m,
		      const struct rtl_params *p);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_shape - how the results of a report read back, per shape of the
 * tool's samples (enum tool_shape): one const object per shape
 * (report_noise.c, report_latency.c), picked once per report from the
 * table of report_results.c. Private to source/report_*.c.
 */
#ifndef RTLENS_REPORT_SHAPE_H
#define RTLENS_REPORT_SHAPE_H

#include <stdbool.h>

#include "base/tool.h"
#include "source/reports/report_load.h"

struct report_shape {
	/* config.unit says the unit of the per-CPU results */
	bool	config_unit;
	/* one entry of "cpus" into @c; @to_us: config.unit's factor to us */
	int	(*load_cpu)(struct loader *l, json_object *o, double to_us,
			    struct report_cpu *c);
	/* one entry of "histogram.cpus" into @c, in @proto's layout */
	int	(*load_hist)(struct loader *l, json_object *o, const struct report_hist *proto,
			     struct report_cpu *c);
	/* the object "analysis" */
	int	(*load_analysis)(struct loader *l, json_object *aa);
	/* the context of "tail"'s series read: the tool's main samples */
	const char *tail_context;
};

extern const struct report_shape report_noise;
extern const struct report_shape report_latency;

/* The reader of the reports of @shape; NULL: they are not read back. */
const struct report_shape *report_shape_of(enum tool_shape shape);

#endif

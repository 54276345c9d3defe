// SPDX-License-Identifier: GPL-2.0
/*
 * report_results - the results of a report read back: the per-CPU
 * results, the histograms and the analysis' sources (see report_load.h),
 * each read by the report's shape (report_shape.h), picked from the table
 * here
 *
 * The histograms keep their unit, for exact percentiles.
 */
#include <stdlib.h>

#include "source/reports/report_parts.h"
#include "source/reports/report_shape.h"

static const struct report_shape *const shapes[NR_SHAPES] = {
	[SHAPE_NOISE]	= &report_noise,
	[SHAPE_LATENCY]	= &report_latency,
	[SHAPE_GAPS]	= NULL,		/* hwlat: not read back yet */
};

const struct report_shape *report_shape_of(enum tool_shape shape)
{
	return shapes[shape];
}

/* ---- cpus ---- */

static int load_cpu_number(struct loader *l, json_object *o, int prev, int *cpu)
{
	if (report_get_cpu(l, o, cpu))
		return -1;
	if (*cpu <= prev)
		return report_damaged(l, "cpu", "is not above the CPU before it (the entries come in "
			       "ascending CPU order, one per CPU)");
	return 0;
}

int report_load_cpus(struct loader *l, json_object *doc, json_object *config)
{
	struct report_data *r = l->r;
	json_object *cpus, *o, *unit;
	double to_us = 1;
	size_t i, n;
	int prev = -1;

	if (report_get(l, doc, "cpus", WANT_ARR, &cpus))
		return -1;
	if (l->shape->config_unit) {
		if (report_get(l, config, "unit", WANT_STR, &unit))
			return -1;
		to_us = report_unit_to_us(json_object_get_string(unit));
	}
	n = json_object_array_length(cpus);
	r->cpus = calloc(n ? n : 1, sizeof(*r->cpus));
	if (!r->cpus)
		return report_oom();
	for (i = 0; i < n; i++, r->nr_cpus++) {
		report_where(l, "cpus[%zu]", i);
		o = json_object_array_get_idx(cpus, i);
		if (!report_is(o, WANT_OBJ))
			return report_damaged(l, "", "is not an object");
		if (load_cpu_number(l, o, prev, &r->cpus[i].cpu))
			return -1;
		prev = r->cpus[i].cpu;
		if (l->shape->load_cpu(l, o, to_us, &r->cpus[i]))
			return -1;
	}
	report_where(l, "%s", "");
	return 0;
}

/* ---- histogram ---- */

static int load_hist_layout(struct loader *l, json_object *hist, struct report_hist *proto)
{
	json_object *unit;
	uint64_t entries;

	if (report_get_num(l, hist, "bucket_size", &proto->bucket) ||
	    report_get_count(l, hist, "entries", &entries) ||
	    report_get(l, hist, "unit", WANT_STR, &unit))
		return -1;
	if (proto->bucket <= 0 || entries < 1)
		return report_damaged(l, "bucket_size", "or entries is not positive");
	proto->present = true;
	proto->entries = entries;
	proto->to_us = report_unit_to_us(json_object_get_string(unit));
	return 0;
}

int report_load_histogram(struct loader *l, json_object *doc)
{
	struct report_hist proto = { 0 };
	json_object *hist, *cpus, *o;
	struct report_cpu *c;
	size_t i;
	int cpu;

	if (report_get_null(l, doc, "histogram", WANT_OBJ, &hist) || !hist)
		return hist ? -1 : 0;
	report_where(l, "histogram");
	if (load_hist_layout(l, hist, &proto) || report_get(l, hist, "cpus", WANT_ARR, &cpus))
		return -1;
	l->r->has_hist = true;
	for (i = 0; i < json_object_array_length(cpus); i++) {
		report_where(l, "histogram.cpus[%zu]", i);
		o = json_object_array_get_idx(cpus, i);
		if (!report_is(o, WANT_OBJ))
			return report_damaged(l, "cpu", "is missing");
		if (report_get_cpu(l, o, &cpu))
			return -1;
		c = report_cpu_find(l->r, cpu);
		if (c && l->shape->load_hist(l, o, &proto, c))
			return -1;
	}
	report_where(l, "%s", "");
	return 0;
}

/* ---- analysis ---- */

int report_load_analysis(struct loader *l, json_object *doc)
{
	json_object *aa;
	int ret;

	if (report_get_null(l, doc, "analysis", WANT_OBJ, &aa) || !aa)
		return aa ? -1 : 0;
	l->r->has_analysis = true;
	report_where(l, "analysis");
	ret = l->shape->load_analysis(l, aa);
	report_where(l, "%s", "");
	return ret;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * report_results - the results of a report read back: the per-CPU
 * results, the histograms and the analysis' sources (see report_load.h)
 *
 * Latencies are kept in us (timerlat config.unit "ns" is divided by 1000);
 * the histograms keep their unit, for exact percentiles.
 */
#include <stdlib.h>
#include <string.h>

#include "source/reports/report_load.h"

static const char *const lat_keys[NR_LATS] = { "irq", "thread", "user" };

/* ---- cpus ---- */

#define OSN_FIELD(key, field)	{ key, offsetof(struct report_cpu, field) }

static const struct {
	const char	*key;
	size_t		offset;
} osnoise_fields[] = {
	OSN_FIELD("runtime_us", runtime_us),
	OSN_FIELD("noise_us", noise_us),
	OSN_FIELD("cpu_available_pct", avail_pct),
	OSN_FIELD("max_noise_us", max_noise_us),
	OSN_FIELD("max_single_us", max_single_us),
	OSN_FIELD("hw_count", counts[COUNT_HW]),
	OSN_FIELD("nmi_count", counts[COUNT_NMI]),
	OSN_FIELD("irq_count", counts[COUNT_IRQ]),
	OSN_FIELD("softirq_count", counts[COUNT_SOFTIRQ]),
	OSN_FIELD("thread_count", counts[COUNT_THREAD]),
};

static int load_osnoise_cpu(struct loader *l, json_object *o, struct report_cpu *c)
{
	size_t i;

	for (i = 0; i < sizeof(osnoise_fields) / sizeof(osnoise_fields[0]); i++)
		if (report_get_num(l, o, osnoise_fields[i].key,
			    (double *)((char *)c + osnoise_fields[i].offset)))
			return -1;
	return 0;
}

static int load_lat(struct loader *l, json_object *o, double to_us, struct report_lat_stats *s)
{
	if (report_get_count(l, o, "count", &s->count))
		return -1;
	s->present = true;
	if (!s->count)
		return 0;
	if (report_get_num(l, o, "min", &s->min_us) || report_get_num(l, o, "avg", &s->avg_us) ||
	    report_get_num(l, o, "max", &s->max_us))
		return -1;
	s->min_us *= to_us;
	s->avg_us *= to_us;
	s->max_us *= to_us;
	return 0;
}

static double unit_to_us(const char *unit)
{
	return unit && !strcmp(unit, "ns") ? 0.001 : 1;
}

static int load_timerlat_cpu(struct loader *l, json_object *o, double to_us,
			     struct report_cpu *c)
{
	char where[sizeof(l->where)];
	json_object *v;
	int i;

	strcpy(where, l->where);
	for (i = 0; i < NR_LATS; i++) {
		if (i == LAT_USER && !json_object_object_get_ex(o, lat_keys[i], &v))
			continue;
		report_where(l, "%s", where);
		if (report_get(l, o, lat_keys[i], WANT_OBJ, &v))
			return -1;
		report_where(l, "%s.%s", where, lat_keys[i]);
		if (load_lat(l, v, to_us, &c->lat[i]))
			return -1;
		l->r->has_user |= i == LAT_USER;
	}
	return 0;
}

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
	if ((r->tool->shape == SHAPE_LATENCY)) {
		if (report_get(l, config, "unit", WANT_STR, &unit))
			return -1;
		to_us = unit_to_us(json_object_get_string(unit));
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
		if ((r->tool->shape == SHAPE_LATENCY) ? load_timerlat_cpu(l, o, to_us, &r->cpus[i]) :
		    load_osnoise_cpu(l, o, &r->cpus[i]))
			return -1;
	}
	report_where(l, "%s", "");
	return 0;
}

/* ---- histogram ---- */

static int load_buckets(struct loader *l, json_object *arr, struct report_hist *h)
{
	size_t i, n = json_object_array_length(arr);
	json_object *b;
	h->buckets = calloc(n ? n : 1, sizeof(*h->buckets));
	if (!h->buckets)
		return report_oom();
	for (i = 0; i < n; i++) {
		b = json_object_array_get_idx(arr, i);
		if (!report_is(b, WANT_OBJ) || report_get_count(l, b, "index", &h->buckets[i].index) ||
		    report_get_count(l, b, "count", &h->buckets[i].count))
			return report_damaged(l, "buckets", "holds a bucket that is not {index, count}");
		if (i && h->buckets[i].index <= h->buckets[i - 1].index)
			return report_damaged(l, "buckets", "are not in ascending index order");
		h->nr_buckets++;
	}
	return 0;
}

/* @proto: the bucket layout and unit of the report's histograms */
static int load_hist(struct loader *l, json_object *o, const struct report_hist *proto,
		     struct report_hist *h)
{
	json_object *max, *buckets;

	if (h->present)
		return report_damaged(l, "cpu", "appears twice");
	*h = *proto;
	if (report_get_count(l, o, "over", &h->over) || report_get_null(l, o, "max", WANT_NUM, &max) ||
	    report_get(l, o, "buckets", WANT_ARR, &buckets))
		return -1;
	h->has_max = max;
	h->max = max ? json_object_get_double(max) : 0;
	return load_buckets(l, buckets, h);
}

static int load_hist_cpu(struct loader *l, json_object *o, const struct report_hist *proto,
			 struct report_cpu *c)
{
	char where[sizeof(l->where)];
	json_object *v;
	int i;

	if (!(l->r->tool->shape == SHAPE_LATENCY))
		return load_hist(l, o, proto, &c->hist);
	strcpy(where, l->where);
	for (i = 0; i < NR_LATS; i++) {
		if (!json_object_object_get_ex(o, lat_keys[i], &v))
			continue;
		report_where(l, "%s.%s", where, lat_keys[i]);
		if (!report_is(v, WANT_OBJ))
			return report_damaged(l, "", "is not an object");
		if (load_hist(l, v, proto, &c->lat[i].hist))
			return -1;
	}
	return 0;
}

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
	proto->to_us = unit_to_us(json_object_get_string(unit));
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
		if (c && load_hist_cpu(l, o, &proto, c))
			return -1;
	}
	report_where(l, "%s", "");
	return 0;
}

/* ---- analysis ---- */

static int add_source(struct loader *l, const struct report_source *s)
{
	struct report_data *r = l->r;
	struct report_source *grown;

	if (r->nr_sources == l->sources_cap) {
		l->sources_cap = l->sources_cap ? 2 * l->sources_cap : 64;
		grown = realloc(r->sources, l->sources_cap * sizeof(*grown));
		if (!grown)
			return report_oom();
		r->sources = grown;
	}
	r->sources[r->nr_sources] = *s;
	r->sources[r->nr_sources].kind = NULL;
	r->sources[r->nr_sources].name = NULL;
	r->nr_sources++;
	return report_dup(s->kind, &r->sources[r->nr_sources - 1].kind) ||
	       report_dup(s->name, &r->sources[r->nr_sources - 1].name);
}

/* (2.3) evidence "estimated", or before it the kind "vm": the steal estimate */
static bool estimated(json_object *o, const char *kind)
{
	json_object *v;

	if (json_object_object_get_ex(o, "evidence", &v) && json_object_is_type(v, json_type_string))
		return !strcmp(json_object_get_string(v), "estimated");
	return !strcmp(kind, "vm");
}

/*
 * A source's count: a number; (2.3) the estimate's may be null, its events
 * not known: not 0
 */
static int load_count(struct loader *l, json_object *o, struct report_source *s)
{
	json_object *v = NULL;

	if (!s->estimated)
		return report_get_num(l, o, "count", &s->count);
	if (!json_object_object_get_ex(o, "count", &v) || (v && !report_is(v, WANT_NUM)))
		return report_get_num(l, o, "count", &s->count);	/* says what is wrong */
	s->count_unknown = !v;
	s->count = v ? json_object_get_double(v) : 0;
	return 0;
}

static int load_source(struct loader *l, json_object *o, int cpu)
{
	struct report_source s = { .cpu = cpu };
	json_object *kind, *name;

	if (!report_is(o, WANT_OBJ))
		return report_damaged(l, "sources", "holds a source that is not an object");
	if (report_get(l, o, "kind", WANT_STR, &kind) || report_get(l, o, "name", WANT_STR, &name))
		return -1;
	s.kind = (char *)json_object_get_string(kind);
	s.name = (char *)json_object_get_string(name);
	s.estimated = estimated(o, s.kind);
	if (report_get_id(l, o, "pid", &s.pid) || load_count(l, o, &s) ||
	    report_get_num(l, o, "total_us", &s.us))
		return -1;
	return add_source(l, &s);
}

static int load_sources(struct loader *l, json_object *o, int cpu)
{
	json_object *sources;
	size_t i;

	if (report_get(l, o, "sources", WANT_ARR, &sources))
		return -1;
	for (i = 0; i < json_object_array_length(sources); i++)
		if (load_source(l, json_object_array_get_idx(sources, i), cpu))
			return -1;
	return 0;
}

static int load_osnoise_analysis(struct loader *l, json_object *aa)
{
	json_object *cpus, *o;
	int cpu;
	size_t i;

	if (report_get(l, aa, "cpus", WANT_ARR, &cpus))
		return -1;
	for (i = 0; i < json_object_array_length(cpus); i++) {
		report_where(l, "analysis.cpus[%zu]", i);
		o = json_object_array_get_idx(cpus, i);
		if (!report_is(o, WANT_OBJ))
			return report_damaged(l, "cpu", "is missing");
		if (report_get_cpu(l, o, &cpu) || load_sources(l, o, cpu))
			return -1;
	}
	return 0;
}

/* The parts of a timerlat latency that are no source. */
static const struct {
	const char	*key;
	const char	*name;
} timerlat_parts[] = {
	{ "irq_handler_delay_us", "IRQ handler delay" },
	{ "timerlat_irq_us", "timerlat IRQ" },
	{ "remainder_us", "remainder" },
};

static const char *const timerlat_groups[] = {
	"previous_irq", "irq_interference", "softirq_interference", "thread_interference",
	"nmi_interference",
};

static int load_blocking(struct loader *l, json_object *aa, int cpu)
{
	struct report_source s = { .cpu = cpu, .kind = "blocking", .count = 1 };
	json_object *b, *name;

	if (report_get_null(l, aa, "blocking_thread", WANT_OBJ, &b) || !b)
		return b ? -1 : 0;
	report_where(l, "analysis.blocking_thread");
	if (report_get(l, b, "name", WANT_STR, &name) || report_get_id(l, b, "pid", &s.pid) ||
	    report_get_num(l, b, "us", &s.us))
		return -1;
	s.name = (char *)json_object_get_string(name);
	return add_source(l, &s);
}

static int load_timerlat_parts(struct loader *l, json_object *aa, int cpu)
{
	struct report_source s = { .cpu = cpu, .kind = "part", .pid = -1, .count = 1 };
	size_t i;

	for (i = 0; i < sizeof(timerlat_parts) / sizeof(timerlat_parts[0]); i++) {
		if (report_get_num(l, aa, timerlat_parts[i].key, &s.us))
			return -1;
		s.name = (char *)timerlat_parts[i].name;
		if (add_source(l, &s))
			return -1;
	}
	return 0;
}

static int load_timerlat_analysis(struct loader *l, json_object *aa)
{
	struct report_data *r = l->r;
	json_object *group;
	int cpu;
	size_t i;

	if (report_get_cpu(l, aa, &cpu) || report_get_num(l, aa, "total_us", &r->analysis_us) ||
	    load_timerlat_parts(l, aa, cpu))
		return -1;
	r->analysis_cpu = cpu;
	for (i = 0; i < sizeof(timerlat_groups) / sizeof(timerlat_groups[0]); i++) {
		report_where(l, "analysis");
		if (report_get(l, aa, timerlat_groups[i], WANT_OBJ, &group))
			return -1;
		report_where(l, "analysis.%s", timerlat_groups[i]);
		if (load_sources(l, group, cpu))
			return -1;
	}
	return load_blocking(l, aa, cpu);
}

int report_load_analysis(struct loader *l, json_object *doc)
{
	json_object *aa;
	int ret;

	if (report_get_null(l, doc, "analysis", WANT_OBJ, &aa) || !aa)
		return aa ? -1 : 0;
	l->r->has_analysis = true;
	report_where(l, "analysis");
	ret = (l->r->tool->shape == SHAPE_LATENCY) ? load_timerlat_analysis(l, aa) :
	      load_osnoise_analysis(l, aa);
	report_where(l, "%s", "");
	return ret;
}

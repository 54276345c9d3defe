// SPDX-License-Identifier: GPL-2.0
/*
 * report_latency - the results of a report of latencies read back
 * (timerlat): each CPU's latencies per context (IRQ, thread, user), a
 * histogram per context, the analysis of the worst latency (see
 * report_shape.h)
 *
 * Latencies are kept in us (config.unit "ns" is divided by 1000).
 */
#include <string.h>

#include "source/reports/report_parts.h"
#include "source/reports/report_shape.h"

static const char *const lat_keys[NR_LATS] = { "irq", "thread", "user" };

/* ---- cpus ---- */

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

static int load_latency_cpu(struct loader *l, json_object *o, double to_us,
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

/* ---- histogram ---- */

static int load_latency_hist(struct loader *l, json_object *o, const struct report_hist *proto,
			     struct report_cpu *c)
{
	char where[sizeof(l->where)];
	json_object *v;
	int i;

	strcpy(where, l->where);
	for (i = 0; i < NR_LATS; i++) {
		if (!json_object_object_get_ex(o, lat_keys[i], &v))
			continue;
		report_where(l, "%s.%s", where, lat_keys[i]);
		if (!report_is(v, WANT_OBJ))
			return report_damaged(l, "", "is not an object");
		if (report_load_hist(l, v, proto, &c->lat[i].hist))
			return -1;
	}
	return 0;
}

/* ---- analysis ---- */

/* The parts of a timerlat latency that are no source. */
static const struct {
	const char	*key;
	const char	*name;
} latency_parts[] = {
	{ "irq_handler_delay_us", "IRQ handler delay" },
	{ "timerlat_irq_us", "timerlat IRQ" },
	{ "remainder_us", "remainder" },
};

static const char *const latency_groups[] = {
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
	return report_add_source(l, &s);
}

static int load_latency_parts(struct loader *l, json_object *aa, int cpu)
{
	struct report_source s = { .cpu = cpu, .kind = "part", .pid = -1, .count = 1 };
	size_t i;

	for (i = 0; i < sizeof(latency_parts) / sizeof(latency_parts[0]); i++) {
		if (report_get_num(l, aa, latency_parts[i].key, &s.us))
			return -1;
		s.name = (char *)latency_parts[i].name;
		if (report_add_source(l, &s))
			return -1;
	}
	return 0;
}

static int load_latency_analysis(struct loader *l, json_object *aa)
{
	struct report_data *r = l->r;
	json_object *group;
	int cpu;
	size_t i;

	if (report_get_cpu(l, aa, &cpu) || report_get_num(l, aa, "total_us", &r->analysis_us) ||
	    load_latency_parts(l, aa, cpu))
		return -1;
	r->analysis_cpu = cpu;
	for (i = 0; i < sizeof(latency_groups) / sizeof(latency_groups[0]); i++) {
		report_where(l, "analysis");
		if (report_get(l, aa, latency_groups[i], WANT_OBJ, &group))
			return -1;
		report_where(l, "analysis.%s", latency_groups[i]);
		if (report_load_sources(l, group, cpu))
			return -1;
	}
	return load_blocking(l, aa, cpu);
}

const struct report_shape report_latency = {
	.config_unit	= true,
	.load_cpu	= load_latency_cpu,
	.load_hist	= load_latency_hist,
	.load_analysis	= load_latency_analysis,
	.tail_context	= "thread",
};

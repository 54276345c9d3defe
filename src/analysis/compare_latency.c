// SPDX-License-Identifier: GPL-2.0
/*
 * compare_latency - comparing reports of latencies (timerlat; see
 * compare_shape.h): the statistics of each context's latency (IRQ,
 * thread, user return); the verdict judges the thread latency's tail; the
 * sources are the parts of the one latency each run's auto-analysis
 * explained, in us
 */
#include "analysis/compare_shape.h"

enum latency_stat {
	LS_MAX,
	LS_P999 = CMP_AT_P999,
	LS_P99 = CMP_AT_P99,
	LS_P50 = CMP_AT_P50,
	LS_AVG,
	LS_MIN,
	LS_COUNT,
	NR_LS,
};

/* the metric @stat of the latency @lat (LAT_*) */
#define LS(lat, stat)	((lat) * NR_LS + (stat))

#define LAT_METRICS(lat, key, label)							\
	{ key "_max_us", label " max", "us", BETTER_LOWER, 3, lat, false },		\
	{ key "_p999_us", label " p99.9", "us", BETTER_LOWER, 3, lat, true },		\
	{ key "_p99_us", label " p99", "us", BETTER_LOWER, 3, lat, true },		\
	{ key "_p50_us", label " p50", "us", BETTER_LOWER, 3, lat, true },		\
	{ key "_avg_us", label " avg", "us", BETTER_LOWER, 3, lat, false },		\
	{ key "_min_us", label " min", "us", BETTER_LOWER, 3, lat, false },		\
	{ key "_count", label " count", "", BETTER_NEITHER, 0, lat, false }

static const struct cmp_metric latency_metrics[NR_LATS * NR_LS] = {
	LAT_METRICS(LAT_IRQ, "irq", "IRQ latency"),
	LAT_METRICS(LAT_THREAD, "thread", "thread latency"),
	LAT_METRICS(LAT_USER, "user", "user-return latency"),
};

static const struct cmp_metric latency_tail[CMP_TAIL_METRICS] = {
	{ "thread_p1e-6_us", "thread latency 1e-6 level", "us", BETTER_LOWER, 3, LAT_THREAD, false },
	{ "thread_p1e-9_us", "thread latency 1e-9 level", "us", BETTER_LOWER, 3, LAT_THREAD, false },
};

_Static_assert(NR_LATS * NR_LS + CMP_TAIL_METRICS <= CMP_MAX_METRICS, "a row holds them all");

static const struct cmp_rule_step latency_rule[] = {
	{ "thread_p99_us", 99, false }, { "thread_p999_us", 99.9, false },
	{ "thread_avg_us", 0, true }, { "thread_max_us", 0, true },
};

static void fill_latency(const struct report_data *r, const struct report_cpu *c,
			 struct cmp_row *row, int side)
{
	const struct report_lat_stats *s;
	int lat;

	(void)r;
	for (lat = 0; lat < NR_LATS; lat++) {
		s = &c->lat[lat];
		if (!s->present)
			continue;
		compare_put(row, LS(lat, LS_COUNT), side, s->count);
		if (!s->count)
			continue;
		compare_put(row, LS(lat, LS_MIN), side, s->min_us);
		compare_put(row, LS(lat, LS_AVG), side, s->avg_us);
		compare_put(row, LS(lat, LS_MAX), side, s->max_us);
		compare_put_percentiles(row, LS(lat, 0), side, &s->hist);
	}
}

const struct compare_shape compare_latency = {
	.metrics		= latency_metrics,
	.nr_metrics		= NR_LATS * NR_LS,
	.worst_metric		= LS(LAT_THREAD, LS_MAX),
	.fill			= fill_latency,
	.rule			= latency_rule,
	.nr_rule		= sizeof(latency_rule) / sizeof(latency_rule[0]),
	.min_samples		= CMP_MIN_SAMPLES,
	.too_few		= DOUBT_SAMPLES,
	.sources_per_s		= false,
	.sources_of_cpus	= false,	/* each run's analysis is of one CPU */
	.own_stops_count	= true,
	.gate_key		= GATE_KEY_THREAD,
	.tail_metrics		= latency_tail,
	.grows_with_run		= "the counts grow with the run",
	.rare_event		= "latency",
	.no_analysis_hint	= "the auto-analysis explains a run stopped by a threshold: "
				  "rerun it with -T US or -a US",
};

// SPDX-License-Identifier: GPL-2.0
/*
 * compare_noise - comparing reports of noise (osnoise, hwnoise; see
 * compare_shape.h): a CPU's noise, its percentiles, the CPU available and
 * the rates of its kinds of noise; the verdict judges the CPU time lost,
 * then the tail; the sources are the analysis's, per second of each run
 */
#include "analysis/compare_shape.h"

enum noise_metric {
	NM_MAX_SINGLE,
	NM_P999 = CMP_AT_P999,
	NM_P99 = CMP_AT_P99,
	NM_P50 = CMP_AT_P50,
	NM_AVAIL,
	NM_NOISE,
	NM_MAX_NOISE,
	NM_RATES,		/* then one per count, NR_COUNTS of them */
	NR_NM = NM_RATES + NR_COUNTS,
};

static const struct cmp_metric noise_metrics[NR_NM] = {
	{ "max_single_us", "max single noise", "us", BETTER_LOWER, 3, -1, false },
	{ "p999_us", "noise p99.9", "us", BETTER_LOWER, 3, -1, true },
	{ "p99_us", "noise p99", "us", BETTER_LOWER, 3, -1, true },
	{ "p50_us", "noise p50", "us", BETTER_LOWER, 3, -1, true },
	{ "cpu_available_pct", "CPU available", "%", BETTER_HIGHER, 5, -1, false },
	{ "noise_us", "noise (total)", "us", BETTER_LOWER, 3, -1, false },
	{ "max_noise_us", "max noise in a period", "us", BETTER_LOWER, 3, -1, false },
	{ "hw_per_s", "HW noise", "/s", BETTER_LOWER, 2, -1, false },
	{ "nmi_per_s", "NMIs", "/s", BETTER_LOWER, 2, -1, false },
	{ "irq_per_s", "IRQs", "/s", BETTER_LOWER, 2, -1, false },
	{ "softirq_per_s", "softirqs", "/s", BETTER_LOWER, 2, -1, false },
	{ "thread_per_s", "threads", "/s", BETTER_LOWER, 2, -1, false },
};

static const struct cmp_metric noise_tail[CMP_TAIL_METRICS] = {
	{ "p1e-6_us", "noise 1e-6 level", "us", BETTER_LOWER, 3, -1, false },
	{ "p1e-9_us", "noise 1e-9 level", "us", BETTER_LOWER, 3, -1, false },
};

_Static_assert(NR_NM + CMP_TAIL_METRICS <= CMP_MAX_METRICS, "a row holds them all");

static const struct cmp_rule_step noise_rule[] = {
	{ "cpu_available_pct", 0, false }, { "p99_us", 99, false }, { "p999_us", 99.9, false },
	{ "max_single_us", 0, true },
};

static void fill_noise(const struct report_data *r, const struct report_cpu *c,
		       struct cmp_row *row, int side)
{
	int i;

	compare_put(row, NM_MAX_SINGLE, side, c->max_single_us);
	compare_put(row, NM_AVAIL, side, c->avail_pct);
	compare_put(row, NM_NOISE, side, c->noise_us);
	compare_put(row, NM_MAX_NOISE, side, c->max_noise_us);
	for (i = 0; i < NR_COUNTS && r->duration_s > 0; i++)
		compare_put(row, NM_RATES + i, side, c->counts[i] / r->duration_s);
	compare_put_percentiles(row, 0, side, &c->hist);
}

const struct compare_shape compare_noise = {
	.metrics		= noise_metrics,
	.nr_metrics		= NR_NM,
	.worst_metric		= NM_MAX_SINGLE,
	.fill			= fill_noise,
	.rule			= noise_rule,
	.nr_rule		= sizeof(noise_rule) / sizeof(noise_rule[0]),
	.min_samples		= CMP_MIN_PERIODS,
	.too_few		= DOUBT_PERIODS,
	.sources_per_s		= true,
	.sources_of_cpus	= true,
	.own_stops_count	= false,	/* rtlens's own stops are no noise */
	.gate_key		= GATE_KEY_NOISE,
	.tail_metrics		= noise_tail,
	.grows_with_run		= "the total noise grows with the run (the % available and "
				  "the rates do not)",
	.rare_event		= "noise",
	.no_analysis_hint	= "rerun it with --aa",
};

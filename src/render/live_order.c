// SPDX-License-Identifier: GPL-2.0
/*
 * live_order - the order of the live table's rows (key o) and the cycle
 * of sorts each tool offers
 */
#include <stdlib.h>

#include "render/render.h"

struct row_key {
	int		cpu;
	uint64_t	value;
};

static bool row_shown(const struct run_models *m, const struct rtl_params *p, int cpu)
{
	if (p->tool == TOOL_OSNOISE)
		return cpu < m->noise.nr_cpus && m->noise.cpu[cpu].sum_runtime_us;
	if (p->tool == TOOL_TIMERLAT)
		return cpu < m->lat.nr_cpus && latency_cpu_has_data(&m->lat, cpu);
	return true;
}

static uint64_t latency_max(const struct cpu_latency *c)
{
	uint64_t max = 0;

	for (int ctx = 0; ctx < NR_TIMERLAT_CONTEXTS; ctx++)
		if (c->stats[ctx].count && c->stats[ctx].max > max)
			max = c->stats[ctx].max;
	return max;
}

static uint64_t sort_value(const struct run_models *m, enum live_sort sort, int cpu)
{
	switch (sort) {
	case LIVE_SORT_NOISE:
		return m->noise.cpu[cpu].sum_noise_us;
	case LIVE_SORT_MAX_SINGLE:
		return m->noise.cpu[cpu].max_single_us;
	case LIVE_SORT_LATENCY:
		return latency_max(&m->lat.cpu[cpu]);
	default:
		return 0;
	}
}

/* largest first; equal values by CPU */
static int key_cmp(const void *a, const void *b)
{
	const struct row_key *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? 1 : -1;
	return x->cpu - y->cpu;
}

int render_row_order(const struct run_models *m, const struct rtl_params *p,
		     const struct live_choice *live, int *cpus, int max)
{
	enum live_sort sort = live ? live->sort : LIVE_SORT_CPU;
	struct row_key *keys = calloc(max > 0 ? max : 1, sizeof(*keys));
	int cpu, n = 0;

	if (!keys)
		return 0;
	for_each_cpu_in(cpu, &p->cpus) {
		if (n >= max || !row_shown(m, p, cpu))
			continue;
		keys[n].cpu = cpu;
		keys[n++].value = sort_value(m, sort, cpu);
	}
	if (sort != LIVE_SORT_CPU)
		qsort(keys, n, sizeof(*keys), key_cmp);
	for (int i = 0; i < n; i++)
		cpus[i] = keys[i].cpu;
	free(keys);
	return n;
}

enum live_sort render_next_sort(const struct rtl_params *p, enum live_sort sort)
{
	static const enum live_sort osnoise[] = {
		LIVE_SORT_CPU, LIVE_SORT_NOISE, LIVE_SORT_MAX_SINGLE,
	};
	static const enum live_sort timerlat[] = { LIVE_SORT_CPU, LIVE_SORT_LATENCY };
	const enum live_sort *cycle = p->tool == TOOL_OSNOISE ? osnoise : timerlat;
	int n = p->tool == TOOL_OSNOISE ? 3 : p->tool == TOOL_TIMERLAT ? 2 : 1;

	for (int i = 0; i < n; i++)
		if (cycle[i] == sort)
			return cycle[(i + 1) % n];
	return LIVE_SORT_CPU;
}

const char *render_sort_name(enum live_sort sort)
{
	static const char *const names[NR_LIVE_SORTS] = {
		[LIVE_SORT_CPU]		= "CPU",
		[LIVE_SORT_NOISE]	= "noise",
		[LIVE_SORT_MAX_SINGLE]	= "max single",
		[LIVE_SORT_LATENCY]	= "latency",
	};

	return sort < NR_LIVE_SORTS ? names[sort] : "CPU";
}

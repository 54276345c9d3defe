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
	const struct tool_render *r = tool_render_of(p);
	enum live_sort sort = live && r->sort_value ? live->sort : LIVE_SORT_CPU;
	struct row_key *keys = calloc(max > 0 ? max : 1, sizeof(*keys));
	int cpu, n = 0;

	if (!keys)
		return 0;
	for_each_cpu_in(cpu, &p->cpus) {
		if (n >= max || cpu >= m->nr_cpus || (r->row_shown && !r->row_shown(m, cpu)))
			continue;
		keys[n].cpu = cpu;
		keys[n++].value = sort != LIVE_SORT_CPU ? r->sort_value(m, sort, cpu) : 0;
	}
	if (sort != LIVE_SORT_CPU)
		qsort(keys, n, sizeof(*keys), key_cmp);
	for (int i = 0; i < n; i++)
		cpus[i] = keys[i].cpu;
	free(keys);
	return n;
}

/* CPU, then the tool's sorts, and round */
enum live_sort render_next_sort(const struct rtl_params *p, enum live_sort sort)
{
	const enum live_sort *sorts = tool_render_of(p)->sorts;
	int i = 0;

	if (sort == LIVE_SORT_CPU)
		return sorts[0];
	while (i < NR_LIVE_SORTS - 1 && sorts[i] != sort)
		i++;
	return i < NR_LIVE_SORTS - 1 ? sorts[i + 1] : LIVE_SORT_CPU;
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

// SPDX-License-Identifier: GPL-2.0
/*
 * live_order - the order of the live table's rows (key o) and the cycle
 * of sorts each tool offers: those of its renderers' live_rows
 */
#include "render/live_table.h"

static const struct live_rows *rows_of(const struct rtl_params *p)
{
	return tool_render_of(p)->live_rows;
}

int render_row_order(const struct run_models *m, const struct rtl_params *p,
		     const struct live_choice *live, int *cpus, int max)
{
	const struct live_rows *rows = rows_of(p);
	const void *model = rows->model(m);

	return model ? lt_order(rows, model, p, live, cpus, max) : 0;
}

enum live_sort render_next_sort(const struct rtl_params *p, enum live_sort sort)
{
	const struct live_rows *rows = rows_of(p);

	for (int i = 0; i < rows->nr_sorts; i++)
		if (rows->sorts[i] == sort)
			return rows->sorts[(i + 1) % rows->nr_sorts];
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

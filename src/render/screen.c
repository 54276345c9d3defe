// SPDX-License-Identifier: GPL-2.0
/*
 * screen - pick the table of the session's tool and mode
 */
#include "render/render.h"

void render_screen(FILE *out, const struct run_models *m, const struct rtl_params *p,
		   const struct run_view *v)
{
	if (p->tool == TOOL_TIMERLAT && p->aa_only)
		return;
	if (p->tool == TOOL_TIMERLAT) {
		if (p->mode == MODE_TOP)
			render_timerlat_top(out, &m->lat, p, v);
		else
			render_timerlat_hist(out, &m->lat, p, v);
		return;
	}
	if (p->mode == MODE_TOP)
		render_top(out, &m->noise, p, v);
	else
		render_hist(out, &m->noise, p, v);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * progress_text - the one line of a long run's progress: elapsed and
 * duration, the samples so far, the worst one (render_progress())
 */
#include "render/render.h"

void render_progress(char *buf, size_t len, const struct run_models *m,
		     const struct rtl_params *p, const struct run_view *v)
{
	const struct tool_render *r = tool_render_of(p);
	struct so_far f = { .what = p->desc->sample, .unit = "us" };
	char elapsed[32], duration[32] = "";

	if (r->so_far)
		r->so_far(m, p, &f);
	format_duration(v->elapsed_s, elapsed, sizeof(elapsed));
	if (p->duration_s)
		format_duration(p->duration_s, duration, sizeof(duration));
	snprintf(buf, len, "rtlens %s:%s%s%s, %llu %s, max %llu %s", p->command, elapsed,
		 p->duration_s ? " of" : "", duration, (unsigned long long)f.n, f.what[f.n != 1],
		 (unsigned long long)f.max, f.unit);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * screen - what the renderers do per tool and mode, and the table of the
 * session's tool and mode
 */
#include "render/metrics_parts.h"
#include "render/live_pane.h"
#include "render/render.h"

/* under the live table: the sources pane (or the keys' help), then the keys */
static void live_foot(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v)
{
	if (!v->live)
		return;
	render_live_pane(out, m, p, v, tool_render_of(p));
	render_live_status(out, p, v);
}

static void osnoise_top(FILE *out, const struct run_models *m, const struct rtl_params *p,
			const struct run_view *v)
{
	render_top(out, &m->noise, p, v);
	live_foot(out, m, p, v);
}

static void osnoise_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
			 const struct run_view *v)
{
	render_hist(out, &m->noise, p, v);
}

/* --aa-only: no table, the analysis alone */
static void timerlat_top(FILE *out, const struct run_models *m, const struct rtl_params *p,
			 const struct run_view *v)
{
	if (!p->aa_only)
		render_timerlat_top(out, &m->lat, p, v);
	live_foot(out, m, p, v);
}

static void timerlat_hist(FILE *out, const struct run_models *m, const struct rtl_params *p,
			  const struct run_view *v)
{
	if (!p->aa_only)
		render_timerlat_hist(out, &m->lat, p, v);
}

static const struct tool_render osnoise_render = {
	.screen		= { [MODE_TOP] = osnoise_top, [MODE_HIST] = osnoise_hist },
	.json_config	= json_osnoise_config,
	.json_sections	= { [MODE_TOP] = json_osnoise_top, [MODE_HIST] = json_osnoise_hist },
	.metrics	= metrics_osnoise,
	.pane_label	= noise_row_label,
	.pane_other_kind = OSNOISE_CAUSE_OTHER,
};

static const struct tool_render timerlat_render = {
	.screen		= { [MODE_TOP] = timerlat_top, [MODE_HIST] = timerlat_hist },
	.json_config	= json_timerlat_config,
	.json_sections	= { [MODE_TOP] = json_timerlat_top, [MODE_HIST] = json_timerlat_hist },
	.metrics	= metrics_timerlat,
	.pane_label	= latency_row_label,
	.pane_other_kind = TL_SOURCE_OTHER,
	.pane_more	= timerlat_pane_worst,
};

static const struct tool_render *const renderers[NR_TOOLS] = {
	[TOOL_OSNOISE]	= &osnoise_render,
	[TOOL_TIMERLAT]	= &timerlat_render,
#define RENDER_UNIT_ROW(name, NAME)	[TOOL_##NAME] = &name##_render,
	RTL_TOOL_UNITS(RENDER_UNIT_ROW)
};

const struct tool_render *tool_render_of(const struct rtl_params *p)
{
	return renderers[p->tool];
}

bool render_screen_live(const struct rtl_params *p)
{
	static const bool live[NR_MODES] = { [MODE_TOP] = true };

	return live[p->mode];
}

void render_screen(FILE *out, const struct run_models *m, const struct rtl_params *p,
		   const struct run_view *v)
{
	tool_render_of(p)->screen[p->mode](out, m, p, v);
}

void render_begin(FILE *out, const struct rtl_params *p)
{
	if (tool_render_of(p)->begin)
		tool_render_of(p)->begin(out, p);
}

void render_record(FILE *out, const struct rtl_record *rec, const struct rtl_params *p)
{
	if (tool_render_of(p)->record)
		tool_render_of(p)->record(out, rec, p);
}

int render_samples(FILE *out, const struct run_models *m, const struct rtl_params *p)
{
	if (tool_render_of(p)->samples)
		tool_render_of(p)->samples(out, m, p);
	return ferror(out) ? -1 : 0;
}

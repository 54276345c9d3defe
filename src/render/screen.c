// SPDX-License-Identifier: GPL-2.0
/*
 * screen - what the renderers do per tool and mode, and the table of the
 * session's tool and mode
 */
#include "render/render.h"

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

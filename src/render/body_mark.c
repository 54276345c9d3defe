// SPDX-License-Identifier: GPL-2.0
/*
 * body_mark - where the rows of the live screen start and end, marked by
 * each tool's table as it writes them
 */
#include "render/render.h"

void render_mark_body(FILE *out, const struct run_view *v, int which)
{
	if (v->screen_body)
		v->screen_body[which] = ftell(out);
}

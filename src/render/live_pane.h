/* SPDX-License-Identifier: GPL-2.0 */
/*
 * live_pane - what the live screen shows under the table of top: the
 * sources pane, the keys' help (?) and the status line of the keys
 */
#ifndef RTLENS_LIVE_PANE_H
#define RTLENS_LIVE_PANE_H

#include "render/render.h"

/* The pane (v->live->pane), or the keys' help (v->live->help); nothing when not live. */
void render_live_pane(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v, const struct tool_render *r);
/* Under a live table: the pane (or the keys' help), then the keys; nothing when not live. */
void render_live_foot(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v, const struct tool_render *r);
/* The keys explained (?), in place of the pane. */
void render_live_help(FILE *out, const struct rtl_params *p);
/* The last line: the keys and what they chose, fitted to the columns. */
void render_live_status(FILE *out, const struct rtl_params *p, const struct run_view *v);

#endif

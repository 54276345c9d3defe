// SPDX-License-Identifier: GPL-2.0
/*
 * live_status - the keys of the live screen: the status line that names
 * them and what they chose, and the help that ? shows
 */
#include <string.h>

#include "render/live_pane.h"

static const char *const help_lines[] = {
	"Keys (? again closes this help):",
	"  ?            this help",
	"  s            show or hide the sources pane (with the analysis)",
	"  j/k, arrows  select the next or previous CPU row; Esc selects none",
	"  w            the pane's window: 1 s, 10 s, 60 s, the whole run",
	"  o            sort the CPU rows: by CPU, noise, max single (osnoise), latency (timerlat)",
	"  PgUp/PgDn    scroll the rows (g/G, Home/End: first, last)",
	"  p            pause or resume the screen (the measurement goes on)",
	"  r            reset the table, the sources and the pane",
	"  q            quit, with the final report (Ctrl-C too)",
};

void render_live_help(FILE *out, const struct rtl_params *p)
{
	(void)p;
	for (size_t i = 0; i < sizeof(help_lines) / sizeof(help_lines[0]); i++)
		fprintf(out, "%s\n", help_lines[i]);
}

static void window_name(const struct live_choice *live, char *buf, size_t size)
{
	if (live->window_s > 0)
		snprintf(buf, size, "%d s", live->window_s);
	else
		snprintf(buf, size, "run");
}

/* the pieces of the line, the least needed last: cut whole where it ends */
void render_live_status(FILE *out, const struct rtl_params *p, const struct run_view *v)
{
	const struct live_choice *live = v->live;
	char sel[32], window[16], piece[6][48], line[256] = "keys:";
	int n = 0;

	if (!live)
		return;
	if (live->selected >= 0)
		snprintf(sel, sizeof(sel), "CPU %d", live->selected);
	else
		snprintf(sel, sizeof(sel), "none");
	window_name(live, window, sizeof(window));
	snprintf(piece[n++], sizeof(piece[0]), " ? help");
	snprintf(piece[n++], sizeof(piece[0]), " | j/k select: %s", sel);
	if (params_analysis_on(p)) {
		snprintf(piece[n++], sizeof(piece[0]), " | s pane");
		snprintf(piece[n++], sizeof(piece[0]), " | w window: %s", window);
	}
	snprintf(piece[n++], sizeof(piece[0]), " | o sort: %s", render_sort_name(live->sort));
	snprintf(piece[n++], sizeof(piece[0]), " | p r q");
	for (int i = 0; i < n; i++) {
		if (live->cols > 0 && strlen(line) + strlen(piece[i]) > (size_t)live->cols)
			break;
		strcat(line, piece[i]);
	}
	fprintf(out, "%s\n", line);
}

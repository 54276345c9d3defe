// SPDX-License-Identifier: GPL-2.0
/*
 * live_keys - the live screen's choices, changed by keys
 */
#include <stdlib.h>

#include "session/live_keys.h"
#include "session/tty.h"

/* w: 1 s, 10 s, 60 s, the whole run, and round */
static const int windows[] = { 1, 10, 60, 0 };
#define NR_WINDOWS	(sizeof(windows) / sizeof(windows[0]))

void live_keys_init(struct live_choice *live)
{
	*live = (struct live_choice){
		.selected = -1, .sort = LIVE_SORT_CPU, .window_s = LIVE_WINDOW_DEFAULT_S,
		.pane = true,
	};
}

static int next_window(int window_s)
{
	for (size_t i = 0; i < NR_WINDOWS; i++)
		if (windows[i] == window_s)
			return windows[(i + 1) % NR_WINDOWS];
	return LIVE_WINDOW_DEFAULT_S;
}

/* the row @step from the selected one (none: the first down, the last up) */
static int step_selection(const struct live_choice *live, const struct run_models *m,
			  const struct rtl_params *p, int step)
{
	int *cpus = calloc(p->nr_cpus > 0 ? p->nr_cpus : 1, sizeof(*cpus));
	int n, at = -1, selected = live->selected;

	if (!cpus)
		return selected;
	n = render_row_order(m, p, live, cpus, p->nr_cpus);
	for (int i = 0; i < n; i++)
		if (cpus[i] == live->selected)
			at = i;
	if (n && at < 0)
		selected = cpus[step > 0 ? 0 : n - 1];
	else if (n && at + step >= 0 && at + step < n)
		selected = cpus[at + step];
	free(cpus);
	return selected;
}

bool live_keys_apply(struct live_choice *live, int key, const struct run_models *m,
		     const struct rtl_params *p, bool *moved)
{
	*moved = false;
	switch (key) {
	case '?':
		live->help = !live->help;
		return true;
	case 's':
		live->pane = !live->pane;
		return true;
	case 'w':
		live->window_s = next_window(live->window_s);
		return true;
	case 'o':
		live->sort = render_next_sort(p, live->sort);
		*moved = live->selected >= 0;
		return true;
	case KEY_ESC:
		live->selected = -1;
		return true;
	case 'j':
	case KEY_DOWN:
	case 'k':
	case KEY_UP:
		live->selected = step_selection(live, m, p, key == 'j' || key == KEY_DOWN ? 1 : -1);
		*moved = true;
		return true;
	}
	return false;
}

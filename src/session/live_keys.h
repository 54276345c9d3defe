/* SPDX-License-Identifier: GPL-2.0 */
/*
 * live_keys - the keys that choose what the live screen shows: ? help, s
 * the sources pane, j/k and the arrows select a CPU row (Esc none), w the
 * pane's window, o the rows' sort
 */
#ifndef RTLENS_LIVE_KEYS_H
#define RTLENS_LIVE_KEYS_H

#include <stdbool.h>

#include "render/render.h"

#define LIVE_WINDOW_DEFAULT_S	10

/* The choices a live screen starts with: no CPU selected, the pane on. */
void live_keys_init(struct live_choice *live);
/*
 * @key applied to @live (the rows in their order as the table shows them):
 * true when it was one of these keys; *@moved when the selection moved
 * (the table scrolls to it).
 */
bool live_keys_apply(struct live_choice *live, int key, const struct run_models *m,
		     const struct rtl_params *p, bool *moved);

#endif

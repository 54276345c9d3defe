/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progress - one line on stderr, rewritten in place, while a run shows no
 * live table (-q, the hist modes): only when stderr is a terminal
 */
#ifndef RTLENS_PROGRESS_H
#define RTLENS_PROGRESS_H

#include <stdbool.h>

struct progress {
	bool	on;
	bool	shown;		/* a line is on the screen */
};

/* On when @want and stderr is a terminal. */
void progress_start(struct progress *pr, bool want);
void progress_show(struct progress *pr, const char *line);
/* Wipe the line, before anything else is printed. */
void progress_clear(struct progress *pr);

#endif

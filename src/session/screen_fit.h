/* SPDX-License-Identifier: GPL-2.0 */
/*
 * screen_fit - the live screen fitted to the terminal: each line clipped
 * to its columns, the lines to its rows, escape sequences kept whole; a
 * table longer than the rows scrolls under its header
 */
#ifndef RTLENS_SCREEN_FIT_H
#define RTLENS_SCREEN_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The size of the terminal on @fd; false when it is not one. */
bool screen_size(int fd, int *rows, int *cols);

struct screen_window {
	int	rows, cols;	/* the terminal */
	/*
	 * The bytes of the text whose lines scroll (a table's rows): the lines
	 * before stay at the top (its header), the lines after at the bottom
	 * (its summary). body_end 0: every line scrolls.
	 */
	size_t	body_start, body_end;
	int	scroll;		/* in: the first body line wanted; out: the one shown */
	int	page;		/* out: the body lines shown at once */
};

/*
 * Write @len bytes of @text to @out in at most @w->rows - 1 lines of at
 * most @w->cols visible characters (UTF-8; CSI escape sequences take no
 * column and are kept, so colours still end). When the lines do not fit,
 * the body shows @w->page of its lines from @w->scroll (kept within the
 * body), and a last line says which and how to scroll.
 */
void screen_fit(FILE *out, const char *text, size_t len, struct screen_window *w);

#endif

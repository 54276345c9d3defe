/* SPDX-License-Identifier: GPL-2.0 */
/*
 * screen_fit - the live screen fitted to the terminal: each line clipped
 * to its columns, the lines to its rows, escape sequences kept whole
 */
#ifndef RTLENS_SCREEN_FIT_H
#define RTLENS_SCREEN_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The size of the terminal on @fd; false when it is not one. */
bool screen_size(int fd, int *rows, int *cols);

/*
 * Write @len bytes of @text to @out in at most @rows - 1 lines of at most
 * @cols visible characters (UTF-8; CSI escape sequences take no column and
 * are kept, so colours still end); lines past the rows become one line that
 * says how many were left out.
 */
void screen_fit(FILE *out, const char *text, size_t len, int rows, int cols);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wrap_text - the notes after a run, wrapped at spaces to the terminal's
 * width with a hanging indent; as they are when it is not a terminal
 */
#ifndef RTLENS_WRAP_TEXT_H
#define RTLENS_WRAP_TEXT_H

#include <stdio.h>

/*
 * @text's lines to @out, each longer than @cols broken at spaces (a word
 * is never cut; one longer than the line stands alone), the lines after
 * its first indented to where the text after its first ": " starts.
 * @cols 0: @text as it is.
 */
void render_wrap(FILE *out, const char *text, int cols);
/* The same, of a formatted text. */
void render_wrapf(FILE *out, int cols, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif

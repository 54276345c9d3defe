// SPDX-License-Identifier: GPL-2.0
/*
 * wrap_text - notes wrapped to the terminal's width (wrap_text.h)
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/wrap_text.h"

/* where the words after the line's first ": " start; 0 when that is past half the width */
static int hanging_indent(const char *s, const char *end, int cols)
{
	const char *colon = memmem(s, end - s, ": ", 2);
	int at = colon ? (int)(colon - s) + 2 : 0;

	return at <= cols / 2 ? at : 0;
}

/* [s, end): a line, its newline left to the caller */
static void wrap_line(FILE *out, const char *s, const char *end, int cols)
{
	int indent = hanging_indent(s, end, cols), col = 0, start = 0;
	const char *p = s, *word, *next;

	while (p < end) {
		for (word = p; word < end && *word == ' '; word++)
			;
		for (next = word; next < end && *next != ' '; next++)
			;
		if (col > start && col + (next - p) > cols) {
			fprintf(out, "\n%*s", indent, "");
			col = start = indent;
			p = word;
		}
		fwrite(p, 1, next - p, out);
		col += next - p;
		p = next;
	}
}

void render_wrap(FILE *out, const char *text, int cols)
{
	const char *nl;

	if (cols <= 0) {
		fputs(text, out);
		return;
	}
	for (; *text; text = *nl ? nl + 1 : nl) {
		nl = strchrnul(text, '\n');
		if (nl - text <= cols)
			fwrite(text, 1, nl - text, out);
		else
			wrap_line(out, text, nl, cols);
		if (*nl)
			fputc('\n', out);
	}
}

void render_wrapf(FILE *out, int cols, const char *fmt, ...)
{
	char *text = NULL;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	render_wrap(out, text, cols);
	free(text);
}

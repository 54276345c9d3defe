// SPDX-License-Identifier: GPL-2.0
/*
 * screen_fit - fit the live screen to the terminal (screen_fit.h)
 */
#include <string.h>
#include <sys/ioctl.h>

#include "session/screen_fit.h"

bool screen_size(int fd, int *rows, int *cols)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) || !ws.ws_row || !ws.ws_col)
		return false;
	*rows = ws.ws_row;
	*cols = ws.ws_col;
	return true;
}

/* The length of the CSI sequence at @p ("\033[...X"), or 0 when none starts there. */
static size_t csi_len(const char *p, const char *end)
{
	const char *q = p + 2;

	if (end - p < 2 || p[0] != '\033' || p[1] != '[')
		return 0;
	while (q < end && (unsigned char)*q >= 0x20 && (unsigned char)*q < 0x40)
		q++;
	return q < end ? (size_t)(q - p + 1) : (size_t)(end - p);
}

/* One line, without its newline: its escapes all, its characters up to @cols. */
static void put_line(FILE *out, const char *p, const char *end, int cols)
{
	int shown = 0;
	size_t n;

	while (p < end) {
		n = csi_len(p, end);
		if (n) {
			fwrite(p, 1, n, out);
			p += n;
			continue;
		}
		/* a UTF-8 continuation byte belongs to the character before it */
		if (((unsigned char)*p & 0xc0) != 0x80)
			shown++;
		if (shown <= cols)
			fputc(*p, out);
		p++;
	}
	fputc('\n', out);
}

static int count_lines(const char *text, const char *end)
{
	int n = 0;

	for (; text < end; n++) {
		const char *nl = memchr(text, '\n', (size_t)(end - text));

		text = nl ? nl + 1 : end;
	}
	return n;
}

void screen_fit(FILE *out, const char *text, size_t len, int rows, int cols)
{
	const char *end = text + len;
	int total = count_lines(text, end), room = rows > 1 ? rows - 1 : 1, i;
	char more[96];

	for (i = 0; i < total && text < end; i++) {
		const char *nl = memchr(text, '\n', (size_t)(end - text));
		const char *stop = nl ? nl : end;

		if (total > room && i == room - 1) {
			snprintf(more, sizeof(more), "... %d more lines: a larger terminal shows them",
				 total - i);
			put_line(out, more, more + strlen(more), cols);
			return;
		}
		put_line(out, text, stop, cols);
		text = nl ? nl + 1 : end;
	}
}

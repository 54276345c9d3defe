// SPDX-License-Identifier: GPL-2.0
/*
 * screen_fit - fit the live screen to the terminal (screen_fit.h)
 */
#include <stdlib.h>
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

/* A line of the text: where it starts and where its newline (or the text) ends it. */
struct line {
	const char	*p, *end;
};

static void split_lines(const char *text, const char *end, struct line *l)
{
	for (; text < end; l++) {
		const char *nl = memchr(text, '\n', (size_t)(end - text));

		l->p = text;
		l->end = nl ? nl : end;
		text = nl ? nl + 1 : end;
	}
}

static void put_lines(FILE *out, const struct line *l, int n, int cols)
{
	for (int i = 0; i < n; i++)
		put_line(out, l[i].p, l[i].end, cols);
}

/* The parts of the text: @head lines above the body, @body lines, the rest below. */
static void count_parts(const char *text, const struct line *l, int total,
			const struct screen_window *w, int *head, int *body)
{
	*head = *body = 0;
	for (int i = 0; i < total; i++) {
		size_t at = (size_t)(l[i].p - text);

		if (w->body_end && at < w->body_start)
			(*head)++;
		else if (!w->body_end || at < w->body_end)
			(*body)++;
	}
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * Lines past the rows: the header, a page of the body from w->scroll, the
 * lines below it, and one line that says which rows are shown; in a
 * terminal too small for that, the lines below go first, then the
 * header's first lines.
 */
static void fit_page(FILE *out, const struct line *l, int total, int head, int body,
		     struct screen_window *w, int room)
{
	int foot = total - head - body, show_head = head, show_foot = foot, page;
	char more[96];

	page = room - 1 - head - foot;
	if (page < 1) {
		show_foot = 0;
		page = room - 1 - head;
	}
	if (page < 1) {
		show_head = room > 2 ? room - 2 : 0;
		page = room - 1 - show_head;
	}
	w->scroll = clamp(w->scroll, 0, body - page > 0 ? body - page : 0);
	w->page = page;
	/* a header cut short keeps its last lines: the columns' names */
	put_lines(out, l + head - show_head, show_head, w->cols);
	put_lines(out, l + head + w->scroll, page < body ? page : body, w->cols);
	put_lines(out, l + head + body, show_foot, w->cols);
	if (page > 0 && body > 0)
		snprintf(more, sizeof(more), "rows %d-%d of %d: PgUp/PgDn, g/G scroll; j/k select",
			 w->scroll + 1, w->scroll + (page < body ? page : body), body);
	else
		snprintf(more, sizeof(more), "%d rows: a larger terminal shows them", body);
	put_line(out, more, more + strlen(more), w->cols);
}

void screen_fit(FILE *out, const char *text, size_t len, struct screen_window *w)
{
	const char *end = text + len;
	int total = count_lines(text, end), room = w->rows > 1 ? w->rows - 1 : 1, head, body;
	struct line *l = calloc(total ? (size_t)total : 1, sizeof(*l));

	if (!l) {
		fwrite(text, 1, len, out);
		return;
	}
	split_lines(text, end, l);
	count_parts(text, l, total, w, &head, &body);
	if (total <= room) {
		put_lines(out, l, total, w->cols);
		w->scroll = 0;
		w->page = body;
	} else {
		fit_page(out, l, total, head, body, w, room);
	}
	free(l);
}

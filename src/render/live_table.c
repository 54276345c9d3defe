// SPDX-License-Identifier: GPL-2.0
/*
 * live_table - the top tables fitted to the live screen's width
 * (live_table.h)
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/live_table.h"

#define GROUP_GAP	" | "

int lt_init(struct live_table *t, const struct lt_col *col, int nr_cols, int max_rows)
{
	memset(t, 0, sizeof(*t));
	t->col = col;
	t->nr_cols = nr_cols < LT_MAX_COLS ? nr_cols : LT_MAX_COLS;
	t->max_rows = max_rows > 0 ? max_rows : 1;
	t->row = calloc(t->max_rows, sizeof(*t->row));
	t->order = calloc(t->max_rows, sizeof(*t->order));
	if (t->row && t->order)
		return 0;
	lt_free(t);
	return -1;
}

void lt_free(struct live_table *t)
{
	free(t->row);
	free(t->order);
	t->row = NULL;
	t->order = NULL;
}

struct lt_row *lt_add(struct live_table *t, int cpu, bool alert)
{
	struct lt_row *r;

	if (t->nr_rows >= t->max_rows)
		return NULL;
	r = &t->row[t->nr_rows++];
	r->cpu = cpu;
	r->alert = alert;
	return r;
}

void lt_cell(struct lt_row *r, int c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->cell[c], LT_CELL, fmt, ap);
	va_end(ap);
}

void lt_u64(struct lt_row *r, int c, uint64_t value)
{
	lt_cell(r, c, "%llu", (unsigned long long)value);
}

/* ---- the rows' order ---- */

struct row_key {
	int		cpu;
	uint64_t	value;
};

/* largest first; equal values by CPU */
static int key_cmp(const void *a, const void *b)
{
	const struct row_key *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? 1 : -1;
	return x->cpu - y->cpu;
}

int lt_order(const struct live_rows *rows, const void *model, const struct rtl_params *p,
	     const struct live_choice *live, int *cpus, int max)
{
	enum live_sort sort = live ? live->sort : LIVE_SORT_CPU;
	struct row_key *keys = calloc(max > 0 ? max : 1, sizeof(*keys));
	int cpu, i, n = 0;

	if (!keys)
		return 0;
	for_each_cpu_in(cpu, &p->cpus) {
		if (n >= max || !rows->shown(model, cpu))
			continue;
		keys[n].cpu = cpu;
		keys[n++].value = rows->value(model, sort, cpu);
	}
	if (sort != LIVE_SORT_CPU)
		qsort(keys, n, sizeof(*keys), key_cmp);
	for (i = 0; i < n; i++)
		cpus[i] = keys[i].cpu;
	free(keys);
	return n;
}

/* ---- the fit ---- */

static const char *col_name(const struct live_table *t, int c)
{
	return t->abbr && t->col[c].abbr ? t->col[c].abbr : t->col[c].name;
}

static const char *group_name(const struct live_table *t, int g)
{
	const struct lt_group *gr = &t->group[g];

	return t->abbr && gr->abbr ? gr->abbr : gr->name ? gr->name : "";
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static int widest_cell(const struct live_table *t, int c)
{
	int i, w = 0;

	for (i = 0; i < t->nr_rows; i++)
		w = max_int(w, strlen(t->row[i].cell[c]));
	return w;
}

/* what goes before column @c: nothing before the first shown, more between groups */
static const char *gap_before(const struct live_table *t, int c)
{
	int prev = c - 1;

	while (prev >= 0 && !t->width[prev])
		prev--;
	if (prev < 0)
		return "";
	if (t->col[prev].group != t->col[c].group)
		return GROUP_GAP;
	return t->gap > 1 && !t->col[c].tight ? "  " : " ";
}

static int group_span(const struct live_table *t, int g, int *nr_shown)
{
	int c, span = 0, n = 0;

	for (c = 0; c < t->nr_cols; c++) {
		if (!t->width[c] || t->col[c].group != g)
			continue;
		span += t->width[c] + (n++ ? t->gap : 0);
	}
	*nr_shown = n;
	return span;
}

/* a title wider than its columns widens them (never the CPUs', the first) */
static void widen_group(struct live_table *t, int g)
{
	int n, c, add, extra = strlen(group_name(t, g)) - group_span(t, g, &n);

	if (t->width[0] && t->col[0].group == g)
		n--;
	for (c = 1; c < t->nr_cols && extra > 0 && n > 0; c++) {
		if (!t->width[c] || t->col[c].group != g)
			continue;
		add = (extra + n - 1) / n;
		n--;
		t->width[c] += add;
		extra -= add;
	}
}

/* the widths with the shorter headers or not, the columns of drop >= @hide hidden */
static int fit_at(struct live_table *t, bool abbr, int hide)
{
	int c, g, line = 0;

	t->abbr = abbr;
	t->gap = t->spaced && !abbr ? 2 : 1;
	for (c = 0; c < t->nr_cols; c++) {
		if (t->col[c].drop && t->col[c].drop >= hide)
			t->width[c] = 0;
		else
			t->width[c] = max_int(strlen(col_name(t, c)), widest_cell(t, c));
	}
	for (g = 0; t->group && g < t->nr_groups; g++)
		widen_group(t, g);
	for (c = 0; c < t->nr_cols; c++)
		if (t->width[c])
			line += strlen(gap_before(t, c)) + t->width[c];
	t->line = line;
	return line;
}

void lt_fit(struct live_table *t, int cols)
{
	int c, hide = 1;

	for (c = 0; c < t->nr_cols; c++)
		hide = max_int(hide, t->col[c].drop + 1);
	t->cols = cols > 0 ? cols : 0;
	if (fit_at(t, false, hide) <= cols || !t->cols)
		return;
	while (fit_at(t, true, hide) > cols && hide > 1)
		hide--;
}

/* ---- the lines ---- */

/* a hidden column of the same name as @c before it */
static bool named_before(const struct live_table *t, int c)
{
	int i;

	for (i = 0; i < c; i++)
		if (!t->width[i] && !strcmp(t->col[i].name, t->col[c].name))
			return true;
	return false;
}

/* "Softirq, Thread": the hidden columns, each name once; how many */
static int hidden_names(const struct live_table *t, char *buf, size_t len)
{
	size_t at = 0;
	int c, n = 0;

	buf[0] = '\0';
	for (c = 0; c < t->nr_cols && at < len; c++) {
		if (t->width[c] || named_before(t, c))
			continue;
		at += snprintf(buf + at, len - at, "%s%s", n++ ? ", " : "", t->col[c].name);
	}
	return n;
}

/* the title and what is hidden, in the longest words that fit */
static void title_text(const struct live_table *t, const char *title, char *buf, size_t len)
{
	char names[160];
	int n = hidden_names(t, names, sizeof(names));

	snprintf(buf, len, "%s", title);
	if (!n)
		return;
	snprintf(buf, len, "%s  hidden: %s (a wider terminal shows them)", title, names);
	if (t->cols && (int)strlen(buf) > t->cols)
		snprintf(buf, len, "%s  hidden: %s", title, names);
	if (t->cols && (int)strlen(buf) > t->cols)
		snprintf(buf, len, "%s  %d columns hidden", title, n);
}

void render_paused(FILE *out, const struct run_view *v)
{
	if (v->paused)
		fprintf(out, "%s\n", RENDER_PAUSED);
}

void lt_title(FILE *out, const struct live_table *t, const char *title, const struct run_view *v)
{
	char text[256];
	int len, left, right;

	title_text(t, title, text, sizeof(text));
	len = strlen(text);
	left = len < t->line ? (t->line - len) / 2 : 0;
	right = max_int(t->line - len - left, 0);
	fprintf(out, "%s%*s%s%*s%s\n", v->pretty ? COLOR_TITLE : "", left, "", text, right, "",
		v->pretty ? COLOR_RESET : "");
}

/* @text in @width: on the left or right, or centred */
static void put_aligned(FILE *out, const char *text, int width, int align)
{
	int len = strlen(text), left = align < 0 ? 0 : align > 0 ? width - len : (width - len) / 2;

	left = max_int(left, 0);
	fprintf(out, "%*s%s%*s", left, "", text, max_int(width - len - left, 0), "");
}

/* each group with a column shown: @put its part of the line, after @sep */
static void put_groups(FILE *out, const struct live_table *t, const char *sep,
		       void (*put)(FILE *out, const struct live_table *t, int g, int span,
				   bool first))
{
	int g, n, span, shown = 0;

	for (g = 0; g < t->nr_groups; g++) {
		span = group_span(t, g, &n);
		if (!n)
			continue;
		fputs(shown ? sep : "", out);
		put(out, t, g, span, !shown++);
	}
	fputc('\n', out);
}

static void put_title(FILE *out, const struct live_table *t, int g, int span, bool first)
{
	put_aligned(out, group_name(t, g), span, first ? -1 : 0);
}

void lt_groups(FILE *out, const struct live_table *t)
{
	put_groups(out, t, GROUP_GAP, put_title);
}

void lt_header(FILE *out, const struct live_table *t, const struct run_view *v)
{
	int c;

	fputs(v->pretty ? COLOR_HEADER : "", out);
	for (c = 0; c < t->nr_cols; c++) {
		if (!t->width[c])
			continue;
		fputs(gap_before(t, c), out);
		put_aligned(out, col_name(t, c), t->width[c], !c || t->col[c].left ? -1 : 1);
	}
	fprintf(out, "%s\n", v->pretty ? COLOR_RESET : "");
}

static bool selected(const struct run_view *v, const struct lt_row *r)
{
	return v->live && r->cpu >= 0 && r->cpu == v->live->selected;
}

/*
 * The first cell starts with a space (the CPU's is " N"): the selected
 * row's marker takes its place.
 */
void lt_row(FILE *out, const struct live_table *t, const struct run_view *v,
	    const struct lt_row *r)
{
	bool sel = selected(v, r), shown = false;
	int c;

	if (sel)
		render_mark_body(out, v, SCREEN_BODY_SELECTED);
	fprintf(out, "%s%s", r->alert ? COLOR_ALERT : "", sel && v->pretty ? COLOR_SELECTED : "");
	for (c = 0; c < t->nr_cols; c++) {
		if (!t->width[c])
			continue;
		fputs(gap_before(t, c), out);
		if (sel && !shown && r->cell[c][0] == ' ')
			fprintf(out, "%c%*s", LT_MARKER, t->width[c] - 1, r->cell[c] + 1);
		else
			put_aligned(out, r->cell[c], t->width[c], t->col[c].left ? -1 : 1);
		shown = true;
	}
	fprintf(out, "%s\n", r->alert || (sel && v->pretty) ? COLOR_RESET : "");
}

void lt_body(FILE *out, const struct live_table *t, const struct run_view *v)
{
	int i;

	render_mark_body(out, v, SCREEN_BODY_START);
	for (i = 0; i < t->nr_rows; i++)
		if (t->row[i].cpu >= 0)
			lt_row(out, t, v, &t->row[i]);
	render_mark_body(out, v, SCREEN_BODY_END);
}

static void put_dashes(FILE *out, const struct live_table *t, int g, int span, bool first)
{
	(void)t;
	(void)g;
	(void)first;
	while (span--)
		fputc('-', out);
}

void lt_rule(FILE *out, const struct live_table *t)
{
	put_groups(out, t, "-|-", put_dashes);
}

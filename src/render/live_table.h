/* SPDX-License-Identifier: GPL-2.0 */
/*
 * live_table - the top tables on the live screen, fitted to the terminal's
 * width: each column as wide as its header and the widest value it shows;
 * when that is too wide, shorter headers, then the least important columns
 * hidden and named on the title line. The rows come in the order of the
 * sort chosen, the selected CPU's marked. Without a live screen the tables
 * keep rtla's layouts (top_text.c, timerlat_top_text.c, hwlat_render.c).
 */
#ifndef RTLENS_LIVE_TABLE_H
#define RTLENS_LIVE_TABLE_H

#include "render/render.h"

#define LT_MAX_COLS	16
#define LT_CELL		24

/* the selected row, on a terminal: reverse video */
#define COLOR_SELECTED	"\033[7m"
/* the selected row's first character, in colour or not */
#define LT_MARKER	'>'

struct lt_col {
	const char	*name;		/* the header */
	const char	*abbr;		/* a shorter one; NULL: none */
	int		drop;		/* 0: always shown; else hidden largest first, equal together */
	int		group;		/* the title over it (struct live_table's group) */
	bool		left;		/* values left-aligned ("#12") */
	bool		tight;		/* one space before it, always ("  1 #12", as rtla's) */
};

/* a title over a group of columns, and a shorter one (NULL: none) */
struct lt_group {
	const char	*name, *abbr;
};

/* a row: its CPU (-1: a summary row) and the text of each column */
struct lt_row {
	int	cpu;
	bool	alert;
	char	cell[LT_MAX_COLS][LT_CELL];
};

struct live_table {
	const struct lt_col	*col;
	int			nr_cols;
	const struct lt_group	*group;		/* NULL: no line of titles */
	int			nr_groups;
	bool			spaced;		/* full headers of more words: 2 spaces apart */
	struct lt_row		*row;
	int			nr_rows, max_rows;
	int			*order;		/* room for max_rows CPUs: the rows' order */
	/* the fit (lt_fit) */
	int			cols;		/* the terminal's; 0: no limit */
	bool			abbr;		/* the shorter headers */
	int			gap;		/* spaces between columns of a group */
	int			width[LT_MAX_COLS];	/* 0: hidden */
	int			line;		/* the width of a row */
};

/* @max_rows rows of @nr_cols columns (@col); 0, or -1 when out of memory */
int lt_init(struct live_table *t, const struct lt_col *col, int nr_cols, int max_rows);
void lt_free(struct live_table *t);
/* The next row, its cells empty; NULL when @t is full. */
struct lt_row *lt_add(struct live_table *t, int cpu, bool alert);
void lt_cell(struct lt_row *r, int c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void lt_u64(struct lt_row *r, int c, uint64_t value);
/* Choose the widths, headers and columns shown for @cols columns (0: no limit). */
void lt_fit(struct live_table *t, int cols);

/* The paused line, when the screen is paused (key p). */
void render_paused(FILE *out, const struct run_view *v);
/* The title centred over the table, with the hidden columns' names. */
void lt_title(FILE *out, const struct live_table *t, const char *title, const struct run_view *v);
/* The groups' titles, each over its columns: the first on the left. */
void lt_groups(FILE *out, const struct live_table *t);
/* The columns' headers. */
void lt_header(FILE *out, const struct live_table *t, const struct run_view *v);
/* The CPUs' rows between the body's marks, the selected one marked. */
void lt_body(FILE *out, const struct live_table *t, const struct run_view *v);
/* One row, as the body's. */
void lt_row(FILE *out, const struct live_table *t, const struct run_view *v,
	    const struct lt_row *r);
/* A line of dashes under the groups, with a '|' between them. */
void lt_rule(FILE *out, const struct live_table *t);

/* "duration:   0 00:01:00 | time is in us": osnoise's and hwlat's (osnoise_top_text.c) */
void render_duration(FILE *out, const struct run_view *v);

/*
 * The rows of a tool's live table: which CPUs have one, what each sort
 * orders them by (largest first), and the sorts key o cycles through.
 */
struct live_rows {
	const void	*(*model)(const struct run_models *m);
	bool		(*shown)(const void *model, int cpu);
	uint64_t	(*value)(const void *model, enum live_sort sort, int cpu);
	enum live_sort	sorts[NR_LIVE_SORTS];		/* LIVE_SORT_CPU first */
	int		nr_sorts;
};

/* the noise model's (top_text.c) and the latency model's (timerlat_top_text.c) */
extern const struct live_rows noise_rows, latency_rows;

/* The CPUs of @rows of @model, in the order of @live's sort (NULL: by CPU); how many. */
int lt_order(const struct live_rows *rows, const void *model, const struct rtl_params *p,
	     const struct live_choice *live, int *cpus, int max);

#endif

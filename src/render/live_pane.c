// SPDX-License-Identifier: GPL-2.0
/*
 * live_pane - the live screen's sources pane: the top sources of the
 * selected CPU (or of every CPU shown, merged) over the moving window and
 * since the start, side by side; a source new in the window, or whose rate
 * in it is over twice its rate over the run, is marked. timerlat adds the
 * worst latency of the window, cut into its parts.
 */
#include <stdlib.h>

#include "render/live_pane.h"
#include "render/source_table_text.h"

#define PANE_LEN	(SOURCE_WINDOW_IDS + 1)
#define NUMBERS_WIDTH	47	/* the indent, the columns right of the source's, the mark */
#define GREW_FACTOR	2

/* one side of the pane: the window's sources or the run's */
struct pane_side {
	struct source_row	rows[PANE_LEN];
	int			n;
	uint64_t		total_ns;
};

/* @cpu's rows over @seconds (0: the run) merged into @side */
static void side_add(struct pane_side *side, const struct run_models *m,
		     const struct tool_render *r, int cpu, int seconds)
{
	struct source_row rows[PANE_LEN];
	int n = source_window_sum(m->live_sources, cpu, seconds, rows, PANE_LEN);

	source_table_merge(side->rows, &side->n, PANE_LEN - 1, rows, n, r->pane_other_kind);
}

static void side_sum(struct pane_side *side)
{
	source_table_sort(side->rows, side->n);
	side->total_ns = 0;
	for (int i = 0; i < side->n; i++)
		side->total_ns += side->rows[i].total_ns;
}

/* the CPUs the pane covers: the selected one, or every row of the table */
static int pane_cpus(const struct run_models *m, const struct rtl_params *p,
		     const struct live_choice *live, int *cpus, int max)
{
	if (live->selected >= 0) {
		cpus[0] = live->selected;
		return 1;
	}
	return render_row_order(m, p, NULL, cpus, max);
}

static const struct source_row *find_row(const struct pane_side *side, const struct source_row *r)
{
	struct source_id want, id;

	source_row_id(r, &want);
	for (int i = 0; i < side->n; i++) {
		source_row_id(&side->rows[i], &id);
		if (source_id_equal(&want, &id))
			return &side->rows[i];
	}
	return NULL;
}

/*
 * "NEW": none of its time before the window (and the run is longer than
 * the window); "GREW": its rate in the window over twice the run's
 */
static const char *pane_mark(const struct source_row *win, const struct source_row *all,
			     int window_s, double elapsed_s)
{
	double win_rate, run_rate;

	if (window_s <= 0 || elapsed_s <= window_s + 1 || !all)
		return "";
	if (all->total_ns <= win->total_ns)
		return "NEW";
	win_rate = (double)win->total_ns / window_s;
	run_rate = (double)all->total_ns / elapsed_s;
	return win_rate > GREW_FACTOR * run_rate ? "GREW" : "";
}

static void print_title(FILE *out, const struct live_choice *live, const int *cpus, int nr)
{
	if (!nr) {
		fprintf(out, "Sources: none measured yet\n");
		return;
	}
	char window[32];

	if (live->window_s > 0)
		snprintf(window, sizeof(window), "last %d s", live->window_s);
	else
		snprintf(window, sizeof(window), "the whole run");
	if (live->selected >= 0 || nr == 1)
		fprintf(out, "Sources of CPU %d, %s%s\n", cpus[0], window,
			live->window_s > 0 ? " | since the start" : "");
	else
		fprintf(out, "Sources of the %d CPUs shown (j/k selects one), %s%s\n", nr, window,
			live->window_s > 0 ? " | since the start" : "");
}

static void print_cells(FILE *out, const struct source_row *r, uint64_t total_ns)
{
	fprintf(out, " %9.0f us %5.1f%%", r->total_ns / 1000.0,
		source_table_pct((int64_t)r->total_ns, total_ns));
}

static void print_rows(FILE *out, const struct pane_side *win, const struct pane_side *all,
		       const struct tool_render *r, const struct run_view *v, int nr_rows)
{
	const struct live_choice *live = v->live;
	const struct pane_side *lead = live->window_s > 0 ? win : all;
	int width = live->cols > NUMBERS_WIDTH + 12 ? live->cols - NUMBERS_WIDTH : 12;
	char label[SOURCE_LABEL_LEN];

	if (width > 40)
		width = 40;
	fprintf(out, "  %-*.*s %12s %6s", width, width, "source",
		live->window_s > 0 ? "window" : "run", "share");
	if (live->window_s > 0)
		fprintf(out, " %12s %6s", "since start", "share");
	fputc('\n', out);
	for (int i = 0; i < lead->n && i < nr_rows; i++) {
		const struct source_row *row = &lead->rows[i];
		const struct source_row *run = find_row(all, row);
		const char *mark;

		r->pane_label(row, label, sizeof(label));
		fprintf(out, "  %-*.*s", width, width, label);
		print_cells(out, row, lead->total_ns);
		if (live->window_s > 0 && run)
			print_cells(out, run, all->total_ns);
		mark = pane_mark(row, run, live->window_s, v->elapsed_s);
		fprintf(out, "%s%s\n", *mark ? " " : "", mark);
	}
	if (!lead->n)
		fprintf(out, "  (no noise in the %s)\n",
			live->window_s > 0 ? "window" : "run");
}

/* the rows the pane gives each list: more in a taller terminal */
static int pane_rows(const struct live_choice *live)
{
	if (live->rows >= 50)
		return 10;
	return live->rows > 0 && live->rows < 24 ? 3 : 5;
}

void render_live_pane(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v, const struct tool_render *r)
{
	const struct live_choice *live = v->live;
	struct pane_side win = { .n = 0 }, all = { .n = 0 };
	int *cpus, nr;

	if (live && live->help) {
		render_live_help(out, p);
		return;
	}
	if (!live || !live->pane || !params_analysis_on(p) || !r->pane_label)
		return;
	if (!m->live_sources) {
		fprintf(out, "Sources: shown live with --aa (%s reads its trace at a stop only)\n",
			p->desc->tracer);
		return;
	}
	cpus = calloc(p->nr_cpus > 0 ? p->nr_cpus : 1, sizeof(*cpus));
	if (!cpus)
		return;
	nr = pane_cpus(m, p, live, cpus, p->nr_cpus);
	for (int i = 0; i < nr; i++) {
		if (live->window_s > 0)
			side_add(&win, m, r, cpus[i], live->window_s);
		side_add(&all, m, r, cpus[i], 0);
	}
	side_sum(&win);
	side_sum(&all);
	print_title(out, live, cpus, nr);
	print_rows(out, &win, &all, r, v, pane_rows(live));
	if (r->pane_more)
		r->pane_more(out, m, cpus, nr, live, pane_rows(live) - 1);
	free(cpus);
}

void render_live_foot(FILE *out, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v, const struct tool_render *r)
{
	if (!v->live)
		return;
	render_live_pane(out, m, p, v, r);
	render_live_status(out, p, v);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_top_text - per-CPU IRQ and thread latency, in rtla's timerlat top
 * layout, with the ALL row
 */
#include "analysis/timerlat_models.h"
#include "render/live_table.h"
#include "model/stop_rule.h"

#define NO_VALUE	"        -"

static const char *unit(const struct rtl_params *p)
{
	return p->nano ? "ns" : "us";
}

static void tl_top_header(FILE *out, const struct rtl_params *p, const struct run_view *v)
{
	char duration[32];

	format_duration(v->elapsed_s, duration, sizeof(duration));
	render_paused(out, v);
	fprintf(out, "%s                                     Timer Latency"
		"                                              %s%s\n",
		v->pretty ? COLOR_TITLE : "", p->user_threads ? "                                         " : "",
		v->pretty ? COLOR_RESET : "");
	fprintf(out, "%-6s   |          IRQ Timer Latency (%s)        |         Thread Timer Latency (%s)",
		duration, unit(p), unit(p));
	if (p->user_threads)
		fprintf(out, "      |    Ret user Timer Latency (%s)", unit(p));
	fputc('\n', out);
	fprintf(out, "%sCPU COUNT      |      cur       min       avg       max |      cur       min"
		"       avg       max%s%s\n", v->pretty ? COLOR_HEADER : "",
		p->user_threads ? " |      cur       min       avg       max" : "",
		v->pretty ? COLOR_RESET : "");
}

/* "cur min avg max", or dashes when there is no sample; @cur false: ALL row */
static void stats_cols(FILE *out, const struct latency_stats *s, bool cur)
{
	if (!s->count) {
		fprintf(out, "%s %s %s %s", cur ? NO_VALUE : "         ", NO_VALUE, NO_VALUE,
			NO_VALUE);
		return;
	}
	if (cur)
		fprintf(out, "%9llu ", (unsigned long long)s->cur);
	else
		fprintf(out, "          ");
	fprintf(out, "%9llu %9llu %9llu", (unsigned long long)s->min,
		(unsigned long long)(s->sum / s->count), (unsigned long long)s->max);
}

/* ---- the rows ---- */

static const void *latency_of(const struct run_models *m)
{
	return &timerlat_models_of(m)->lat;
}

static bool latency_shown(const void *model, int cpu)
{
	const struct latency_model *m = model;

	return cpu < m->nr_cpus && latency_cpu_has_data(m, cpu);
}

/* the largest latency of a CPU, of any context */
static uint64_t latency_value(const void *model, enum live_sort sort, int cpu)
{
	const struct cpu_latency *c = &((const struct latency_model *)model)->cpu[cpu];
	uint64_t max = 0;
	int ctx;

	for (ctx = 0; sort == LIVE_SORT_LATENCY && ctx < NR_TIMERLAT_CONTEXTS; ctx++)
		if (c->stats[ctx].count && c->stats[ctx].max > max)
			max = c->stats[ctx].max;
	return max;
}

const struct live_rows latency_rows = {
	.model		= latency_of,
	.shown		= latency_shown,
	.value		= latency_value,
	.sorts		= { LIVE_SORT_CPU, LIVE_SORT_LATENCY },
	.nr_sorts	= 2,
};

static bool over_stop(const struct cpu_latency *c, const struct rtl_params *p, unsigned int div)
{
	return stop_over(stop_value_latency(c, div, STOP_LIMIT_SINGLE), p->stop_us) ||
	       stop_over(stop_value_latency(c, div, STOP_LIMIT_TOTAL), p->stop_total_us);
}

static void tl_top_row(FILE *out, const struct rtl_params *p, int cpu,
		       const struct cpu_latency *c, bool alert)
{
	fprintf(out, "%s%3d #%-9llu |", alert ? COLOR_ALERT : "", cpu,
		(unsigned long long)c->stats[TIMERLAT_IRQ].count);
	stats_cols(out, &c->stats[TIMERLAT_IRQ], true);
	fprintf(out, " |");
	stats_cols(out, &c->stats[TIMERLAT_THREAD], true);
	if (p->user_threads) {
		fprintf(out, " |");
		stats_cols(out, &c->stats[TIMERLAT_USER], true);
	}
	fprintf(out, "%s\n", alert ? COLOR_RESET : "");
}

/* the ALL row's count of IRQs: at most 6 digits, then times 10^@e */
static unsigned long long all_count(const struct latency_stats *sum, int *e)
{
	unsigned long long count = sum[TIMERLAT_IRQ].count;

	for (*e = 0; count > 999999; (*e)++)
		count /= 10;
	return count;
}

static bool all_shown(const struct latency_stats *sum)
{
	return sum[TIMERLAT_IRQ].count || sum[TIMERLAT_THREAD].count;
}

static void tl_top_all(FILE *out, const struct rtl_params *p, const struct latency_stats *sum)
{
	const char *split = "----------------------------------------";
	unsigned long long count;
	int e;

	if (!all_shown(sum))
		return;
	count = all_count(sum, &e);
	fprintf(out, "%.*s|%.*s|%.*s", 15, split, 40, split, 39, split);
	if (p->user_threads)
		fprintf(out, "-|%.*s", 39, split);
	fprintf(out, "\nALL #%-6llu e%d |", count, e);
	stats_cols(out, &sum[TIMERLAT_IRQ], false);
	fprintf(out, " |");
	stats_cols(out, &sum[TIMERLAT_THREAD], false);
	if (p->user_threads) {
		fprintf(out, " |");
		stats_cols(out, &sum[TIMERLAT_USER], false);
	}
	fprintf(out, "\n");
}

/* ---- the live screen's: fitted to the terminal, sorted, a CPU selected ---- */

enum { TC_CPU, TC_COUNT, TC_STATS, NR_TL_COLS = TC_STATS + 4 * NR_TIMERLAT_CONTEXTS };

#define TL_STAT(n, d, g)	{ .name = n, .drop = d, .group = g }
#define TL_STATS(g) \
	TL_STAT("cur", 3, g), TL_STAT("min", 2, g), TL_STAT("avg", 1, g), TL_STAT("max", 0, g)

/* each context's cur, then min, then avg hidden when too wide; max never */
static const struct lt_col tl_cols[NR_TL_COLS] = {
	{ .name = "CPU" }, { .name = "COUNT", .left = true }, TL_STATS(1), TL_STATS(2), TL_STATS(3),
};

static int nr_contexts(const struct rtl_params *p)
{
	return p->user_threads ? 3 : 2;
}

/* "cur min avg max" of a context from column @c, or dashes; @cur false: ALL row */
static void stats_cells(struct lt_row *r, int c, const struct latency_stats *s, bool cur)
{
	int i;

	for (i = 0; i < 4 && !s->count; i++)
		lt_cell(r, c + i, "%s", i || cur ? "-" : "");
	if (!s->count)
		return;
	if (cur)
		lt_u64(r, c, s->cur);
	lt_u64(r, c + 1, s->min);
	lt_u64(r, c + 2, s->sum / s->count);
	lt_u64(r, c + 3, s->max);
}

static void contexts_cells(struct lt_row *r, const struct rtl_params *p,
			   const struct latency_stats *s, bool cur)
{
	int ctx;

	for (ctx = 0; ctx < nr_contexts(p); ctx++)
		stats_cells(r, TC_STATS + 4 * ctx, &s[ctx], cur);
}

/* the CPUs' rows in the order shown, and the ALL row (a summary, CPU -1) */
static void tl_live_rows(struct live_table *t, const struct latency_model *m,
			 const struct rtl_params *p, const struct run_view *v)
{
	struct latency_stats sum[NR_TIMERLAT_CONTEXTS] = { { 0 } };
	unsigned long long count;
	int i, n, ctx, cpu, e;
	struct lt_row *r;

	n = lt_order(&latency_rows, m, p, v->live, t->order, m->nr_cpus);
	for (i = 0; i < n; i++) {
		cpu = t->order[i];
		r = lt_add(t, cpu, v->pretty && over_stop(&m->cpu[cpu], p, m->divisor));
		lt_cell(r, TC_CPU, " %d", cpu);
		lt_cell(r, TC_COUNT, "#%llu",
			(unsigned long long)m->cpu[cpu].stats[TIMERLAT_IRQ].count);
		contexts_cells(r, p, m->cpu[cpu].stats, true);
		for (ctx = 0; ctx < NR_TIMERLAT_CONTEXTS; ctx++)
			latency_stats_merge(&sum[ctx], &m->cpu[cpu].stats[ctx]);
	}
	if (!all_shown(sum))
		return;
	r = lt_add(t, -1, false);
	lt_cell(r, TC_CPU, "ALL");
	count = all_count(sum, &e);
	lt_cell(r, TC_COUNT, "#%llu e%d", count, e);
	contexts_cells(r, p, sum, false);
}

static void tl_top_live(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			const struct run_view *v)
{
	static const char *const ctx_name[] = { "IRQ", "Thread", "Ret user" };
	char duration[32], title[NR_TIMERLAT_CONTEXTS][2][40];
	struct lt_group groups[1 + NR_TIMERLAT_CONTEXTS] = { { duration, NULL } };
	struct live_table t;
	int ctx;

	format_duration(v->elapsed_s, duration, sizeof(duration));
	for (ctx = 0; ctx < nr_contexts(p); ctx++) {
		snprintf(title[ctx][0], sizeof(title[ctx][0]), "%s Timer Latency (%s)",
			 ctx_name[ctx], unit(p));
		snprintf(title[ctx][1], sizeof(title[ctx][1]), "%s (%s)", ctx_name[ctx], unit(p));
		groups[1 + ctx] = (struct lt_group) { title[ctx][0], title[ctx][1] };
	}
	if (lt_init(&t, tl_cols, TC_STATS + 4 * nr_contexts(p), m->nr_cpus + 1))
		return;
	t.group = groups;
	t.nr_groups = 1 + nr_contexts(p);
	tl_live_rows(&t, m, p, v);
	lt_fit(&t, v->live->cols);
	render_paused(out, v);
	lt_title(out, &t, "Timer Latency", v);
	lt_groups(out, &t);
	lt_header(out, &t, v);
	lt_body(out, &t, v);
	if (t.nr_rows && t.row[t.nr_rows - 1].cpu < 0) {
		lt_rule(out, &t);
		lt_row(out, &t, v, &t.row[t.nr_rows - 1]);
	}
	lt_free(&t);
}

void render_timerlat_top(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			 const struct run_view *v)
{
	struct latency_stats sum[NR_TIMERLAT_CONTEXTS] = { { 0 } };
	int cpu, ctx;

	if (v->live) {
		tl_top_live(out, m, p, v);
		return;
	}

	tl_top_header(out, p, v);
	render_mark_body(out, v, SCREEN_BODY_START);
	for_each_cpu_in(cpu, &p->cpus) {
		const struct cpu_latency *c = &m->cpu[cpu];

		if (!latency_shown(m, cpu))
			continue;
		tl_top_row(out, p, cpu, c, v->pretty && over_stop(c, p, m->divisor));
		for (ctx = 0; ctx < NR_TIMERLAT_CONTEXTS; ctx++)
			latency_stats_merge(&sum[ctx], &c->stats[ctx]);
	}
	render_mark_body(out, v, SCREEN_BODY_END);
	tl_top_all(out, p, sum);
}

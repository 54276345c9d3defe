// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_top_text - per-CPU IRQ and thread latency, in rtla's timerlat top
 * layout, with the ALL row
 */
#include "render/render.h"
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
	if (v->paused)
		fprintf(out, "%s\n", RENDER_PAUSED);
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

static void tl_top_all(FILE *out, const struct rtl_params *p, const struct latency_stats *sum)
{
	const char *split = "----------------------------------------";
	unsigned long long count = sum[TIMERLAT_IRQ].count;
	int e = 0;

	if (!sum[TIMERLAT_IRQ].count && !sum[TIMERLAT_THREAD].count)
		return;
	while (count > 999999) {
		e++;
		count /= 10;
	}
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

void render_timerlat_top(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			 const struct run_view *v)
{
	struct latency_stats sum[NR_TIMERLAT_CONTEXTS] = { { 0 } };
	int cpu, ctx;

	tl_top_header(out, p, v);
	render_mark_body(out, v, SCREEN_BODY_START);
	for_each_cpu_in(cpu, &p->cpus) {
		const struct cpu_latency *c = &m->cpu[cpu];

		if (cpu >= m->nr_cpus || !latency_cpu_has_data(m, cpu))
			continue;
		tl_top_row(out, p, cpu, c, v->pretty && over_stop(c, p, m->divisor));
		for (ctx = 0; ctx < NR_TIMERLAT_CONTEXTS; ctx++)
			latency_stats_merge(&sum[ctx], &c->stats[ctx]);
	}
	render_mark_body(out, v, SCREEN_BODY_END);
	tl_top_all(out, p, sum);
}

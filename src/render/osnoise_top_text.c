// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_top_text - the per-CPU summary table, in rtla's osnoise top layout
 */
#include "analysis/osnoise_models.h"
#include "render/live_table.h"
#include "model/stop_rule.h"

void format_duration(double seconds, char *buf, size_t len)
{
	/* rounded: a run stopped at 2.9 s lasted 3 s, not 2 */
	unsigned long long s = seconds > 0 ? (unsigned long long)(seconds + 0.5) : 0;

	snprintf(buf, len, "%3llu %02llu:%02llu:%02llu", s / 86400, s / 3600 % 24,
		 s / 60 % 60, s % 60);
}

void render_duration(FILE *out, const struct run_view *v)
{
	char duration[32];

	format_duration(v->elapsed_s, duration, sizeof(duration));
	fprintf(out, "duration: %9s | time is in us\n", duration);
}

static void top_header(FILE *out, const struct rtl_params *p, const struct run_view *v)
{
	render_paused(out, v);
	if (p->desc->irqs_off)
		fprintf(out, "%s%42s%s%35s%s\n", v->pretty ? COLOR_TITLE : "", "",
			"Hardware-related Noise", "", v->pretty ? COLOR_RESET : "");
	else
		fprintf(out, "%s%42s%s%39s%35s%s\n", v->pretty ? COLOR_TITLE : "", "",
			"Operating System Noise", "", "", v->pretty ? COLOR_RESET : "");
	render_duration(out, v);
	fprintf(out, "%s" "CPU Period       Runtime " "       Noise " " %% CPU Aval "
		"  Max Noise   Max Single " "         HW          NMI" "%s" "%s\n",
		v->pretty ? COLOR_HEADER : "",
		p->desc->irqs_off ? "" : "          IRQ      Softirq       Thread",
		v->pretty ? COLOR_RESET : "");
}

/* rtla's fixed-point percentage: 3 digits, 5 decimals, truncated */
static void available_fixed(const struct cpu_noise *c, int *whole, int *decimal)
{
	unsigned long long free_us, pct;

	free_us = c->sum_noise_us >= c->sum_runtime_us ? 0 : c->sum_runtime_us - c->sum_noise_us;
	pct = free_us * 10000000ULL / c->sum_runtime_us;
	*whole = pct / 100000;
	*decimal = pct % 100000;
}

/* ---- the rows ---- */

static const void *noise_of(const struct run_models *m)
{
	return &osnoise_models_of(m)->noise;
}

static bool noise_shown(const void *model, int cpu)
{
	const struct noise_model *m = model;

	return cpu < m->nr_cpus && m->cpu[cpu].sum_runtime_us;
}

static uint64_t noise_value(const void *model, enum live_sort sort, int cpu)
{
	const struct cpu_noise *c = &((const struct noise_model *)model)->cpu[cpu];

	if (sort == LIVE_SORT_NOISE)
		return c->sum_noise_us;
	if (sort == LIVE_SORT_MAX_SINGLE)
		return c->max_single_us;
	return 0;
}

const struct live_rows noise_rows = {
	.model		= noise_of,
	.shown		= noise_shown,
	.value		= noise_value,
	.sorts		= { LIVE_SORT_CPU, LIVE_SORT_NOISE, LIVE_SORT_MAX_SINGLE },
	.nr_sorts	= 3,
};

static bool over_stop(const struct cpu_noise *c, const struct rtl_params *p)
{
	return stop_over(stop_value_noise(c, STOP_LIMIT_SINGLE), p->stop_us) ||
	       stop_over(stop_value_noise(c, STOP_LIMIT_TOTAL), p->stop_total_us);
}

static void top_row(FILE *out, int cpu, const struct cpu_noise *c, bool alert, bool irqs_off)
{
	int whole, decimal;

	available_fixed(c, &whole, &decimal);
	fprintf(out, "%s%3d #%-6llu %12llu %12llu   %3d.%05d%12llu %12llu%12llu %12llu ",
		alert ? COLOR_ALERT : "", cpu,
		(unsigned long long)c->cycles, (unsigned long long)c->sum_runtime_us,
		(unsigned long long)c->sum_noise_us, whole, decimal,
		(unsigned long long)c->max_noise_us, (unsigned long long)c->max_single_us,
		(unsigned long long)c->hw_count, (unsigned long long)c->nmi_count);
	if (!irqs_off)
		fprintf(out, "%12llu %12llu %12llu", (unsigned long long)c->irq_count,
			(unsigned long long)c->softirq_count, (unsigned long long)c->thread_count);
	fprintf(out, "%s\n", alert ? COLOR_RESET : "");
}

/* ---- the live screen's: fitted to the terminal, sorted, a CPU selected ---- */

enum {
	NC_CPU, NC_PERIOD, NC_RUNTIME, NC_NOISE, NC_AVAIL, NC_MAX_NOISE, NC_MAX_SINGLE,
	NC_HW, NC_NMI, NC_IRQ, NC_SOFTIRQ, NC_THREAD, NR_NOISE_COLS
};

/* hidden from the right, the counts first; the noise and its share never */
static const struct lt_col noise_cols[NR_NOISE_COLS] = {
	[NC_CPU]	= { .name = "CPU" },
	[NC_PERIOD]	= { .name = "Period", .drop = 3, .left = true, .tight = true },
	[NC_RUNTIME]	= { .name = "Runtime", .abbr = "Run", .drop = 4 },
	[NC_NOISE]	= { .name = "Noise" },
	[NC_AVAIL]	= { .name = "% CPU Aval", .abbr = "%Aval" },
	[NC_MAX_NOISE]	= { .name = "Max Noise", .abbr = "MaxN", .drop = 2 },
	[NC_MAX_SINGLE]	= { .name = "Max Single", .abbr = "MaxS" },
	[NC_HW]		= { .name = "HW", .drop = 5 },
	[NC_NMI]	= { .name = "NMI", .drop = 6 },
	[NC_IRQ]	= { .name = "IRQ", .drop = 7 },
	[NC_SOFTIRQ]	= { .name = "Softirq", .abbr = "SIRQ", .drop = 8 },
	[NC_THREAD]	= { .name = "Thread", .abbr = "Thr", .drop = 9 },
};

static void noise_cells(struct lt_row *r, int cpu, const struct cpu_noise *c)
{
	int whole, decimal;

	available_fixed(c, &whole, &decimal);
	lt_cell(r, NC_CPU, " %d", cpu);
	lt_cell(r, NC_PERIOD, "#%llu", (unsigned long long)c->cycles);
	lt_u64(r, NC_RUNTIME, c->sum_runtime_us);
	lt_u64(r, NC_NOISE, c->sum_noise_us);
	lt_cell(r, NC_AVAIL, "%d.%05d", whole, decimal);
	lt_u64(r, NC_MAX_NOISE, c->max_noise_us);
	lt_u64(r, NC_MAX_SINGLE, c->max_single_us);
	lt_u64(r, NC_HW, c->hw_count);
	lt_u64(r, NC_NMI, c->nmi_count);
	lt_u64(r, NC_IRQ, c->irq_count);
	lt_u64(r, NC_SOFTIRQ, c->softirq_count);
	lt_u64(r, NC_THREAD, c->thread_count);
}

static void top_live(FILE *out, const struct noise_model *m, const struct rtl_params *p,
		     const struct run_view *v)
{
	struct live_table t;
	int i, n, cpu;

	if (lt_init(&t, noise_cols, p->desc->irqs_off ? NC_IRQ : NR_NOISE_COLS, m->nr_cpus))
		return;
	t.spaced = true;
	n = lt_order(&noise_rows, m, p, v->live, t.order, m->nr_cpus);
	for (i = 0; i < n; i++) {
		cpu = t.order[i];
		noise_cells(lt_add(&t, cpu, v->pretty && over_stop(&m->cpu[cpu], p)), cpu,
			    &m->cpu[cpu]);
	}
	lt_fit(&t, v->live->cols);
	render_paused(out, v);
	lt_title(out, &t, p->desc->irqs_off ? "Hardware-related Noise" : "Operating System Noise",
		 v);
	render_duration(out, v);
	lt_header(out, &t, v);
	lt_body(out, &t, v);
	lt_free(&t);
}

void render_top(FILE *out, const struct noise_model *m, const struct rtl_params *p,
		const struct run_view *v)
{
	int cpu;

	if (v->live) {
		top_live(out, m, p, v);
		return;
	}

	top_header(out, p, v);
	render_mark_body(out, v, SCREEN_BODY_START);
	for_each_cpu_in(cpu, &p->cpus) {
		if (noise_shown(m, cpu))
			top_row(out, cpu, &m->cpu[cpu], v->pretty && over_stop(&m->cpu[cpu], p),
				p->desc->irqs_off);
	}
	render_mark_body(out, v, SCREEN_BODY_END);
}

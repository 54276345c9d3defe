// SPDX-License-Identifier: GPL-2.0
/*
 * top_text - the per-CPU summary table, in rtla's osnoise top layout
 */
#include "render/render.h"
#include "model/stop_rule.h"

void format_duration(double seconds, char *buf, size_t len)
{
	/* rounded: a run stopped at 2.9 s lasted 3 s, not 2 */
	unsigned long long s = seconds > 0 ? (unsigned long long)(seconds + 0.5) : 0;

	snprintf(buf, len, "%3llu %02llu:%02llu:%02llu", s / 86400, s / 3600 % 24,
		 s / 60 % 60, s % 60);
}

static void top_header(FILE *out, const struct rtl_params *p, const struct run_view *v)
{
	char duration[32];

	format_duration(v->elapsed_s, duration, sizeof(duration));
	if (v->paused)
		fprintf(out, "%s\n", RENDER_PAUSED);
	if (p->desc->irqs_off)
		fprintf(out, "%s%42s%s%35s%s\n", v->pretty ? COLOR_TITLE : "", "",
			"Hardware-related Noise", "", v->pretty ? COLOR_RESET : "");
	else
		fprintf(out, "%s%42s%s%39s%35s%s\n", v->pretty ? COLOR_TITLE : "", "",
			"Operating System Noise", "", "", v->pretty ? COLOR_RESET : "");
	fprintf(out, "duration: %9s | time is in us\n", duration);
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

void render_top(FILE *out, const struct noise_model *m, const struct rtl_params *p,
		const struct run_view *v)
{
	int cpu;

	top_header(out, p, v);
	render_mark_body(out, v, SCREEN_BODY_START);
	for_each_cpu_in(cpu, &p->cpus) {
		const struct cpu_noise *c = &m->cpu[cpu];

		if (cpu >= m->nr_cpus || !c->sum_runtime_us)
			continue;
		top_row(out, cpu, c, v->pretty && over_stop(c, p), p->desc->irqs_off);
	}
	render_mark_body(out, v, SCREEN_BODY_END);
}

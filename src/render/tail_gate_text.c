// SPDX-License-Identifier: GPL-2.0
/*
 * tail_gate_text - --until-confident's verdict in one line after the
 * report, and what it rests on or still lacks, CPU by CPU
 * (tail_gate_parts.h)
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/tail_estimate.h"
#include "render/tail_gate_parts.h"
#include "render/text_append.h"

#define WHY_CPUS	3	/* the undecided CPUs named, the others counted */

/* a level in the report's unit, without it: "31.2" (us), "31200" (ns) */
static void format_number(char *buf, size_t len, double ns, const char *unit)
{
	if (!strcmp(unit, "ns"))
		snprintf(buf, len, "%.0f", ns);
	else
		snprintf(buf, len, "%.1f", ns / 1000);
}

/* an interval: "28.0 to 36.5 us", "from 28.0 us, no upper bound" */
static void format_range(char *buf, size_t len, const struct tail_level *l,
			 const char *unit)
{
	char lower[32], upper[32];

	format_number(lower, sizeof(lower), l->lower, unit);
	format_number(upper, sizeof(upper), l->upper, unit);
	if (isfinite(l->upper))
		snprintf(buf, len, "%s to %s %s", lower, upper, unit);
	else
		snprintf(buf, len, "from %s %s, no upper bound", lower, unit);
}

/* the limit as given: "50 us", "12.5 us"; "50000 ns" with -n */
static void format_limit(char *buf, size_t len, const struct tail_gate *g,
			 const char *unit)
{
	if (!strcmp(unit, "ns"))
		snprintf(buf, len, "%.0f ns", g->limit_ns);
	else
		snprintf(buf, len, "%g us", g->limit_ns / 1000);
}

/* a probability as one writes it: 1e-9, 2.5e-7, 0.001 */
static void format_p(char *buf, size_t len, double p)
{
	char *e;

	snprintf(buf, len, "%.3g", p);
	if ((e = strstr(buf, "e-0")))
		memmove(e + 2, e + 3, strlen(e + 3) + 1);
}

/* "31.2 us (90% interval 28.0 to 36.5 us)" */
static void format_interval(char *buf, size_t len, const struct tail_level *l,
			    const char *unit)
{
	char level[32], range[96];

	format_number(level, sizeof(level), l->level, unit);
	format_range(range, sizeof(range), l, unit);
	snprintf(buf, len, "%s %s (90%% interval %s)", level, unit, range);
}

/* "about 80 s more", "about 12 min more", "about 3.2 h more" */
static void put_more(char *buf, size_t len, size_t *at, double s)
{
	if (!isfinite(s) || !(s > 0))
		return;
	if (s < 120)
		text_append(buf, len, at, " (about %.0f s more)", ceil(s));
	else if (s < 7200)
		text_append(buf, len, at, " (about %.0f min more)", ceil(s / 60));
	else
		text_append(buf, len, at, " (about %.1f h more)", s / 3600);
}

/* a series with too few exceedances: how many samples it has of those it needs */
static void put_few(char *buf, size_t len, size_t *at, const struct gate_cpu *c)
{
	unsigned long long need = (unsigned long long)TAIL_MIN_K * TAIL_SHARE;
	unsigned long long decide = (unsigned long long)GATE_MIN_K * TAIL_SHARE;

	if (!c->n) {
		text_append(buf, len, at, "no sample yet");
	} else if (c->n < need) {
		text_append(buf, len, at, "%llu samples of the %llu a fit needs",
		    (unsigned long long)c->n, need);
		put_more(buf, len, at, c->more_s);
	} else if (c->n < decide) {
		text_append(buf, len, at, "%llu samples of the %llu the gate decides on",
		    (unsigned long long)c->n, decide);
		put_more(buf, len, at, c->more_s);
	} else {
		text_append(buf, len, at, "too many equal samples to set a threshold under the "
		    "largest 1 in %d", TAIL_SHARE);
	}
}

/* the checks that failed, in words */
static void put_checks(char *buf, size_t len, size_t *at, unsigned int failed)
{
	static const char *const meaning[NR_TAIL_CHECKS] = {
		[TAIL_ENOUGH]	= "too few exceedances",
		[TAIL_STABLE]	= "the halves of the run disagree",
		[TAIL_APART]	= "its largest samples come in bursts",
		[TAIL_FITS]	= "its tail does not fit a generalized Pareto distribution",
	};
	const char *sep = "";
	int i;

	for (i = 0; i < NR_TAIL_CHECKS; i++) {
		if (!(failed & (1u << i)))
			continue;
		text_append(buf, len, at, "%s%s (%s)", sep, meaning[i], tail_check_names[i]);
		sep = ", ";
	}
}

/* what one CPU lacks: "CPU 2: ..." */
static void put_cpu(char *buf, size_t len, size_t *at, const struct gate_cpu *c,
		    const struct tail_gate *g, const char *unit)
{
	char range[96], prob[16];

	text_append(buf, len, at, "CPU %d: ", c->cpu);
	if (!c->done) {
		text_append(buf, len, at, "not estimated yet");
		return;
	}
	switch (c->state) {
	case GATE_FEW:
		put_few(buf, len, at, c);
		break;
	case GATE_CHECKS:
		put_checks(buf, len, at, c->failed);
		break;
	case GATE_WITHIN:
		format_p(prob, sizeof(prob), g->p);
		text_append(buf, len, at, "%s is not rarer than its %zu largest samples of %llu, which "
		    "the fit starts from: ask a smaller P", prob, c->k, (unsigned long long)c->n);
		break;
	case GATE_NO_FIT:
		text_append(buf, len, at, "no fit of its tail could be made");
		break;
	case GATE_HEAVY:
		format_range(range, sizeof(range), &c->level, unit);
		text_append(buf, len, at, "its 90%% interval, %s, is under the limit, but its tail "
		    "is heavy: no finite bound is supported by this run", range);
		break;
	default:
		format_range(range, sizeof(range), &c->level, unit);
		text_append(buf, len, at, "its 90%% interval, %s, holds the limit", range);
		break;
	}
}

/* the CPUs that keep the verdict open, WHY_CPUS of them named */
static void put_undecided(char *buf, size_t len, size_t *at, const struct tail_gate *g,
			  const char *unit)
{
	int i, named = 0, more = 0;

	for (i = 0; i < g->nr; i++) {
		if (g->cpu[i].done && g->cpu[i].state == GATE_CPU_BELOW)
			continue;
		if (named == WHY_CPUS) {
			more++;
			continue;
		}
		text_append(buf, len, at, "%s", named++ ? "; " : "");
		put_cpu(buf, len, at, &g->cpu[i], g, unit);
	}
	if (!g->nr)
		text_append(buf, len, at, "no CPU is measured");
	if (more)
		text_append(buf, len, at, "; and %d more CPU%s", more, more == 1 ? "" : "s");
}

void tail_gate_why(char *buf, size_t len, const struct tail_gate *g, const char *unit)
{
	size_t at = 0;

	buf[0] = '\0';
	if (g->verdict == GATE_BELOW)
		text_append(buf, len, &at, "every CPU's 90%% interval ends under the limit");
	else if (g->verdict == GATE_ABOVE)
		text_append(buf, len, &at, "CPU %d's 90%% interval starts over the limit",
		    g->cpu[g->by].cpu);
	else
		put_undecided(buf, len, &at, g, unit);
}

void render_gate(FILE *out, const struct run_models *m, const struct rtl_params *p)
{
	const struct tail_gate *g = run_models_gate(m);
	const struct tool_render *r = tool_render_of(p);
	const char *what, *unit = r->unit ? r->unit(p) : "us";
	char limit[32], prob[16], level[160], why[1024];

	if (!g)
		return;
	format_limit(limit, sizeof(limit), g, unit);
	format_p(prob, sizeof(prob), g->p);
	what = run_models_tail_context(m, g->context);
	if (g->by >= 0)
		format_interval(level, sizeof(level), &g->cpu[g->by].level, unit);
	if (g->verdict == GATE_BELOW) {
		fprintf(out, "Confident below %s: the level a %s sample exceeds with probability %s "
			"is under it on every CPU; the highest, CPU %d's, is %s.\n", limit, what,
			prob, g->cpu[g->by].cpu, level);
		return;
	}
	if (g->verdict == GATE_ABOVE) {
		fprintf(out, "Confident above %s: the level a %s sample exceeds with probability %s "
			"is over it on CPU %d: %s.\n", limit, what, prob, g->cpu[g->by].cpu, level);
		return;
	}
	tail_gate_why(why, sizeof(why), g, unit);
	fprintf(out, "Undecided at %s: the level a %s sample exceeds with probability %s is not "
		"known to be under or over it: %s", limit, what, prob, why);
	if (g->by >= 0)
		fprintf(out, "; the highest so far, CPU %d's, is %s", g->cpu[g->by].cpu, level);
	fputs(".\n", out);
}

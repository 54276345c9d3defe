// SPDX-License-Identifier: GPL-2.0
/*
 * compare_tail - why --fail-if-worse cannot judge a tail level (p1e-6,
 * p1e-9; see compare.h): the first CPU compared, of A then of B, whose
 * estimate a report lacks, and why (no series, too few samples, the checks
 * that failed, a level among the samples kept)
 */
#include <math.h>
#include <stdio.h>

#include "analysis/compare_shape.h"
#include "analysis/tail_estimate.h"
#include "base/log.h"

/* the checks that failed, by name: "stable, apart" */
static void failed_checks(char *buf, size_t len, unsigned int failed)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < NR_TAIL_CHECKS && n < len; i++)
		if (failed & (1u << i))
			n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "", tail_check_names[i]);
}

/* why a CPU's level @at of @r is not known, into @buf; false when it is */
static bool tail_lacks(const struct report_data *r, int cpu, int at, char *buf, size_t len)
{
	const struct report_tail *t = &report_cpu_find(r, cpu)->tail;
	char checks[64];

	if (!t->present) {
		snprintf(buf, len, "which has no series of it (no sample)");
	} else if (!t->trusted && (t->failed & (1u << TAIL_ENOUGH)) && isfinite(t->run_more_s)) {
		snprintf(buf, len, "whose estimate is not trusted: too few samples (the run needed "
			 "about %.0f s more)", ceil(t->run_more_s));
	} else if (!t->trusted) {
		failed_checks(checks, sizeof(checks), t->failed);
		snprintf(buf, len, "whose estimate is not trusted: its checks failed (%s)",
			 checks[0] ? checks : "not all made");
	} else if (isnan(t->level_us[at])) {
		snprintf(buf, len, "where the level is among the largest samples the run kept, "
			 "which the fit does not estimate");
	} else {
		return false;
	}
	return true;
}

/* the first CPU compared of side @side whose level @at is not known, and why */
static bool first_lacking(const struct comparison *c, int side, int at, int *cpu,
			  char *buf, size_t len)
{
	const struct report_data *r = side ? c->b : c->a;
	size_t i;

	for (i = 0; i < (c->overall_all ? r->nr_cpus : c->both.n); i++) {
		*cpu = c->overall_all ? r->cpus[i].cpu : c->both.cpu[i];
		if (tail_lacks(r, *cpu, at, buf, len))
			return true;
	}
	return false;
}

int compare_tail_unknown(const struct comparison *c, const struct cmp_gate_result *g)
{
	const char *label = compare_metric(c, g->metric)->label;
	int side, cpu = -1, at = g->metric - c->nr_metrics;
	char *shown __shown = log_arg(g->rule->text), *path __shown = NULL, why[256];

	for (side = 0; side < 2; side++)
		if (first_lacking(c, side, at, &cpu, why, sizeof(why)))
			break;
	if (side == 2) {
		err_msg("--fail-if-worse %s cannot be judged: no CPU is compared", shown);
		return -1;
	}
	path = log_arg((side ? c->b : c->a)->path);
	err_msg("--fail-if-worse %s cannot be judged: it needs the %s of every CPU compared in "
		"both reports, and %s, %s, lacks it on CPU %d, %s", shown, label, side ? "B" : "A",
		path, cpu, why);
	return -1;
}

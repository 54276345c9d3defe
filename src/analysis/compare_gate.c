// SPDX-License-Identifier: GPL-2.0
/*
 * compare_gate - `rtlens compare --fail-if-worse METRIC[:MARGIN]` (see
 * compare.h): is B worse than A, overall or on a CPU of both, by more than
 * the margin on the metric? METRIC is a word (noise, max, p99.9, p99,
 * p50; timerlat's avg; the tail's levels of --tail, p1e-6 and p1e-9) or a
 * metric's JSON key; MARGIN is relative ("+5%", of A's value) or absolute
 * ("+10us", "+0.5pp"), and without one B is worse by the margins of the
 * verdict. A tail level is judged only when every CPU compared has a
 * trusted estimate of it in both reports: else the gate says which lacks
 * it and why, rather than passing over it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare_shape.h"
#include "base/log.h"

#define LIST_BUF	1024

/* what a word is of noise, and of latencies (the thread's): a shape's gate_key */
struct gate_word {
	const char	*word;
	const char	*key[NR_GATE_KEYS];
};

static const struct gate_word words[] = {
	{ "noise", { [GATE_KEY_NOISE] = "cpu_available_pct" } },
	{ "max", { "max_single_us", "thread_max_us" } },
	{ "p99.9", { "p999_us", "thread_p999_us" } },
	{ "p99", { "p99_us", "thread_p99_us" } },
	{ "p50", { "p50_us", "thread_p50_us" } },
	{ "avg", { [GATE_KEY_THREAD] = "thread_avg_us" } },
	{ "p1e-6", { "p1e-6_us", "thread_p1e-6_us" } },
	{ "p1e-9", { "p1e-9_us", "thread_p1e-9_us" } },
};

#define NR_WORDS	(sizeof(words) / sizeof(words[0]))

/* ---- the option's value ---- */

struct margin_unit {
	const char	*suffix;
	double		to_unit;	/* REL: to a fraction; ABS: to us, points, the metric's */
	enum cmp_margin	kind;
	const char	*unit;
};

static const struct margin_unit units[] = {
	{ "%", 0.01, MARGIN_REL, "" },
	{ "ns", 0.001, MARGIN_ABS, "us" },
	{ "us", 1, MARGIN_ABS, "us" },
	{ "ms", 1000, MARGIN_ABS, "us" },
	{ "s", 1e6, MARGIN_ABS, "us" },
	{ "pp", 1, MARGIN_ABS, "pp" },
	{ "", 1, MARGIN_ABS, "" },
};

static int parse_margin(const char *s, struct cmp_gate_rule *rule, const char **why)
{
	char *end;
	double v;
	size_t i;

	if (*s == '+')
		s++;
	if ((*s < '0' || *s > '9') && *s != '.') {
		*why = "the margin is no number (such as +5%, +10us, +0.5pp)";
		return -1;
	}
	v = strtod(s, &end);
	if (end == s || !isfinite(v)) {
		*why = "the margin is no number (such as +5%, +10us, +0.5pp)";
		return -1;
	}
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].suffix))
			continue;
		rule->kind = units[i].kind;
		rule->margin = v * units[i].to_unit;
		snprintf(rule->unit, sizeof(rule->unit), "%s", units[i].unit);
		return 0;
	}
	*why = "the margin's unit is none of %, ns, us, ms, s, pp";
	return -1;
}

int compare_gate_parse(const char *text, struct cmp_gate_rule *rule, const char **why)
{
	const char *colon = strchr(text, ':');
	size_t len = colon ? (size_t)(colon - text) : strlen(text);

	memset(rule, 0, sizeof(*rule));
	rule->text = text;
	if (!len) {
		*why = "the metric is empty (METRIC[:MARGIN], such as p99:+10%)";
		return -1;
	}
	if (len >= sizeof(rule->name)) {
		*why = "the metric's name is too long";
		return -1;
	}
	memcpy(rule->name, text, len);
	rule->name[len] = '\0';
	rule->kind = MARGIN_RULE;
	return colon ? parse_margin(colon + 1, rule, why) : 0;
}

/* ---- the metric a rule names ---- */

static const char *word_key(const struct comparison *c, const struct gate_word *w)
{
	return w->key[c->shape->gate_key];
}

static bool gateable(const struct comparison *c, int m)
{
	return m >= 0 && c->on[m] && compare_metric(c, m)->better != BETTER_NEITHER;
}

/* "noise, max, p99, ... or a key: max_single_us, ..." */
static void list_metrics(const struct comparison *c, char *buf, size_t len)
{
	size_t i, n = 0;
	const char *sep = "";
	int m;

	for (i = 0; i < NR_WORDS && n < len; i++) {
		if (!word_key(c, &words[i]) || !gateable(c, compare_metric_find(c, word_key(c, &words[i]))))
			continue;
		n += snprintf(buf + n, len - n, "%s%s", sep, words[i].word);
		sep = ", ";
	}
	sep = "; or a key of the comparison: ";
	for (m = 0; m < c->nr_metrics + CMP_TAIL_METRICS && n < len; m++) {
		if (!gateable(c, m))
			continue;
		n += snprintf(buf + n, len - n, "%s%s", sep, compare_metric(c, m)->key);
		sep = ", ";
	}
}

static int find_metric(const struct comparison *c, const char *name)
{
	size_t i;

	for (i = 0; i < NR_WORDS; i++)
		if (!strcmp(words[i].word, name))
			return word_key(c, &words[i]) ?
			       compare_metric_find(c, word_key(c, &words[i])) : -1;
	return compare_metric_find(c, name);
}

static int refuse(const struct comparison *c, const struct cmp_gate_rule *rule, const char *why)
{
	char *shown __shown = log_arg(rule->text), list[LIST_BUF] = "";

	list_metrics(c, list, sizeof(list));
	err_msg("invalid --fail-if-worse value %s: %s; the metrics of these %s reports: %s",
		shown, why, c->tool->tracer, list);
	return -1;
}

/* a tail level without the tail of a report: which has none */
static int refuse_no_tail(const struct comparison *c, const struct cmp_gate_rule *rule)
{
	const struct report_data *r = c->a->has_tail ? c->b : c->a;
	char *path __shown = log_arg(r->path), why[512];

	snprintf(why, sizeof(why), "a tail level needs the tail estimates of both reports "
		 "(their \"tail\", written with --tail since report schema 2.5), and %s, %s, "
		 "has none%s", r == c->a ? "A" : "B", path,
		 c->a->has_tail || c->b->has_tail ? "" : " (nor has B)");
	return refuse(c, rule, why);
}

static int resolve(const struct comparison *c, const struct cmp_gate_rule *rule)
{
	int m = find_metric(c, rule->name);
	const struct cmp_metric *metric;
	const char *unit;

	if (m < 0)
		return refuse(c, rule, "no such metric");
	metric = compare_metric(c, m);
	if (metric->better == BETTER_NEITHER)
		return refuse(c, rule, "a count is neither better nor worse");
	if (!c->on[m] && compare_is_tail(c, m))
		return refuse_no_tail(c, rule);
	if (!c->on[m])
		return refuse(c, rule, metric->from_hist ?
			      "a percentile needs a histogram in both reports (the hist modes)" :
			      "not measured in both runs");
	unit = metric->unit;
	if ((!strcmp(rule->unit, "us") && strcmp(unit, "us")) ||
	    (!strcmp(rule->unit, "pp") && strcmp(unit, "%")))
		return refuse(c, rule, !strcmp(unit, "%") ?
			      "the margin of a share of CPU time is relative (%) or in points (pp)" :
			      "the margin is in another unit than the metric");
	return m;
}

/* ---- the gate ---- */

/* How much worse may B be than A (@a, @b: their badness) on @cell? */
static double allowed(const struct cmp_gate_rule *rule, const struct cmp_metric *m,
		      const struct cmp_cell *cell, double a, double b)
{
	switch (rule->kind) {
	case MARGIN_REL:
		return rule->margin * fabs(a);
	case MARGIN_ABS:
		return rule->margin;
	default:
		return compare_margin(m, cell, a, b);
	}
}

static void check_row(struct cmp_gate_result *g, const struct comparison *c,
		      const struct cmp_row *row)
{
	const struct cmp_metric *m = compare_metric(c, g->metric);
	const struct cmp_cell *cell = &row->v[g->metric];
	double a, b, room;

	if (!cell->has_a || !cell->has_b)
		return;
	g->checked++;
	a = compare_badness(m, cell->a);
	b = compare_badness(m, cell->b);
	room = allowed(g->rule, m, cell, a, b);
	if (b - a > room)
		g->fails[g->nr_fails++] = (struct cmp_gate_fail){ row->cpu, cell->a, cell->b,
								  b - a, room };
}

static int run_rule(struct comparison *c, struct cmp_gate_result *g)
{
	char *shown __shown = NULL;
	size_t i;

	g->fails = calloc(c->both.n + 1, sizeof(*g->fails));
	if (!g->fails) {
		err_msg("out of memory");
		return -1;
	}
	check_row(g, c, &c->overall);
	if (compare_is_tail(c, g->metric) && !g->checked)
		return compare_tail_unknown(c, g);
	for (i = 0; c->both.n > 1 && i < c->both.n; i++)
		check_row(g, c, &c->rows[i]);
	if (g->checked)
		return 0;
	shown = log_arg(g->rule->text);
	err_msg("--fail-if-worse %s cannot be judged: the %s is known in neither run's CPUs "
		"compared", shown, compare_metric(c, g->metric)->label);
	return -1;
}

int compare_gate(struct comparison *c, const struct cmp_gate_rule *rules, size_t n)
{
	struct cmp_gate *gate = &c->gate;
	size_t i;
	int m;

	compare_free_gate(c);
	gate->v = calloc(n + 1, sizeof(*gate->v));
	if (!gate->v) {
		err_msg("out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		m = resolve(c, &rules[i]);
		if (m < 0)
			return -1;
		gate->v[gate->n++] = (struct cmp_gate_result){ .rule = &rules[i], .metric = m };
		if (run_rule(c, &gate->v[i]))
			return -1;
		gate->failed |= gate->v[i].nr_fails > 0;
	}
	return 0;
}

void compare_free_gate(struct comparison *c)
{
	size_t i;

	for (i = 0; i < c->gate.n; i++)
		free(c->gate.v[i].fails);
	free(c->gate.v);
	memset(&c->gate, 0, sizeof(c->gate));
}

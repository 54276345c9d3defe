// SPDX-License-Identifier: GPL-2.0
/*
 * compare_words - the verdict of a comparison and what changed most, in
 * plain words, and the small formatters the text and the JSON share (see
 * render/compare_render.h)
 */
#include <stdlib.h>
#include <string.h>

#include "base/cpulist.h"
#include "base/safe_text.h"
#include "render/compare_render.h"
#include "render/json_writer.h"

#define UNIT_BUF	(COMPARE_NUM_BUF + 8)
#define PAIR_BUF	(2 * UNIT_BUF + 64)

void compare_number(double v, int decimals, char *buf, size_t len)
{
	snprintf(buf, len, "%.*f", decimals, v);
	json_trim_number(buf);
}

void compare_signed(double v, int decimals, char *buf, size_t len)
{
	if (len < 2) {
		if (len)
			*buf = '\0';
		return;
	}
	compare_number(v, decimals, buf + 1, len - 1);
	if (v > 0 && strcmp(buf + 1, "0"))
		buf[0] = '+';
	else
		memmove(buf, buf + 1, strlen(buf + 1) + 1);
}

/* "12 us", "99.99%", "3.5/s", "2000" */
static void with_unit(const struct cmp_metric *m, double v, char *buf, size_t len)
{
	char n[COMPARE_NUM_BUF];

	compare_number(v, m->decimals, n, sizeof(n));
	snprintf(buf, len, "%s%s%s", n, strcmp(m->unit, "us") ? "" : " ", m->unit);
}

char *compare_source_name(const struct cmp_source *s)
{
	char *name __shown = safe_text_dup(s->name), *kind __shown = safe_text_dup(s->kind);
	char *text;
	int n;

	if (!strcmp(s->kind, s->name) || !strcmp(s->kind, "vm") || !strcmp(s->kind, "part"))
		n = asprintf(&text, "%s", name);
	else if (!strcmp(s->kind, "blocking"))
		n = asprintf(&text, "blocking thread %s", name);
	else
		n = asprintf(&text, "%s %s", kind, name);
	return n < 0 ? NULL : text;
}

char *compare_cpu_list(const struct cmp_cpus *l)
{
	struct cpu_mask mask;
	char *buf;
	size_t i;

	if (!l->n)
		return strdup("");
	if (cpu_mask_init(&mask, l->cpu[l->n - 1] + 1))
		return NULL;
	for (i = 0; i < l->n; i++)
		cpu_mask_set(&mask, l->cpu[i]);
	buf = cpu_mask_list(&mask);
	cpu_mask_free(&mask);
	return buf;
}

/* ---- the verdict ---- */

/* "max single noise 12 us vs 85 us", @lead's value first */
static void pair(const struct comparison *c, int m, enum cmp_side lead, char *buf, size_t len)
{
	const struct cmp_cell *cell = &c->overall.v[m];
	char x[UNIT_BUF], y[UNIT_BUF];

	with_unit(&c->metrics[m], lead == SIDE_B ? cell->b : cell->a, x, sizeof(x));
	with_unit(&c->metrics[m], lead == SIDE_B ? cell->a : cell->b, y, sizeof(y));
	snprintf(buf, len, "%s %s vs %s", c->metrics[m].label, x, y);
}

static bool known(const struct comparison *c, int m)
{
	return m >= 0 && c->overall.v[m].has_a && c->overall.v[m].has_b;
}

/* " (7.1x lower)" */
static void ratio_words(const struct comparison *c, char *buf, size_t len)
{
	const struct cmp_verdict *v = &c->verdict;
	char n[COMPARE_NUM_BUF];

	*buf = '\0';
	if (v->better == SIDE_SAME || !v->has_ratio)
		return;
	compare_number(v->ratio, v->ratio < 10 ? 1 : 0, n, sizeof(n));
	snprintf(buf, len, " (%sx %s)", n,
		 strcmp(c->metrics[v->metric].unit, "%") ? "lower" : "less CPU time lost");
}

/* ", from 2 periods of a CPU (at least 10: run longer, or with a shorter period)" */
static void doubt_words(const struct comparison *c, char *buf, size_t len)
{
	const struct cmp_verdict *v = &c->verdict;
	const struct cmp_metric *m = &c->metrics[v->metric];
	char n[COMPARE_NUM_BUF];

	if (v->doubt == DOUBT_SPREAD) {
		compare_number(v->spread, m->decimals, n, sizeof(n));
		snprintf(buf, len, ": the difference is within the spread of the CPUs of a run "
			 "(standard deviation %s%s)", n, strcmp(m->unit, "%") ? " us" : " points");
		return;
	}
	compare_number(v->fewest, 0, n, sizeof(n));
	if (v->doubt == DOUBT_PERIODS)
		snprintf(buf, len, ": a CPU ran %s period%s (at least %d: run longer, or with a "
			 "shorter period)", n, v->fewest == 1 ? "" : "s", CMP_MIN_PERIODS);
	else
		snprintf(buf, len, ": a CPU measured %s latenc%s (at least %d: run longer)", n,
			 v->fewest == 1 ? "y" : "ies", CMP_MIN_SAMPLES);
}

void compare_summary(const struct comparison *c, char *buf, size_t len)
{
	const struct cmp_verdict *v = &c->verdict;
	enum cmp_side lead = v->better == SIDE_B ? SIDE_B : SIDE_A, other;
	char first[PAIR_BUF], second[PAIR_BUF] = "", ratio[COMPARE_NUM_BUF + 32];
	char why[COMPARE_NUM_BUF + 128];
	const char *sep = ", ";

	if (!known(c, v->metric)) {
		snprintf(buf, len, "no verdict: the %s is not known in both runs",
			 c->metrics[v->metric].label);
		return;
	}
	pair(c, v->metric, lead, first, sizeof(first));
	if (v->doubt != DOUBT_NONE) {
		doubt_words(c, why, sizeof(why));
		snprintf(buf, len, "too %s to tell: %s (A vs B)%s",
			 v->doubt == DOUBT_SPREAD ? "close" : "short", first, why);
		return;
	}
	ratio_words(c, ratio, sizeof(ratio));
	if (known(c, v->second)) {
		other = compare_judge(&c->metrics[v->second], &c->overall.v[v->second]);
		if (v->better != SIDE_SAME && other != SIDE_SAME && other != v->better)
			sep = ", but ";
		pair(c, v->second, lead, second, sizeof(second));
	}
	if (v->better == SIDE_SAME)
		snprintf(buf, len, "no significant difference: %s%s%s (A vs B)", first,
			 *second ? sep : "", second);
	else
		snprintf(buf, len, "%s is better: %s%s%s%s", lead == SIDE_A ? "A" : "B", first,
			 ratio, *second ? sep : "", second);
}

/* ---- the gate ---- */

/* an amount of @m: "8 us", "28.1 points", "7/s" */
static void amount(const struct cmp_metric *m, double v, char *buf, size_t len)
{
	if (strcmp(m->unit, "%")) {
		with_unit(m, v, buf, len);
		return;
	}
	compare_number(v, m->decimals, buf, len);
	snprintf(buf + strlen(buf), len - strlen(buf), " points");
}

void compare_gate_words(const struct comparison *c, const struct cmp_gate_result *g,
			const struct cmp_gate_fail *f, char *buf, size_t len)
{
	const struct cmp_metric *m = compare_metric(c, g->metric);
	char a[UNIT_BUF], b[UNIT_BUF], by[UNIT_BUF], room[UNIT_BUF], where[32];
	char rel[COMPARE_NUM_BUF] = "";
	double base = compare_badness(m, f->a);

	with_unit(m, f->a, a, sizeof(a));
	with_unit(m, f->b, b, sizeof(b));
	amount(m, f->worse_by, by, sizeof(by));
	amount(m, f->allowed, room, sizeof(room));
	if (base > 0)
		compare_number(100 * f->worse_by / base, 1, rel, sizeof(rel));
	if (f->cpu < 0)
		snprintf(where, sizeof(where), "overall");
	else
		snprintf(where, sizeof(where), "CPU %d", f->cpu);
	snprintf(buf, len, "%s: %s %s -> %s, worse by %s%s%s%s%s, allowed %s", where, m->label,
		 a, b, by, strcmp(m->unit, "%") ? "" : " of CPU time lost", *rel ? " (+" : "",
		 rel, *rel ? "%)" : "", room);
}

/* "+180.2 ms" from microseconds; "~+180.2 ms" for an @estimate */
static void signed_time(double us, bool estimate, char *buf, size_t len)
{
	const char *unit = "us";
	double v = us;
	char n[COMPARE_NUM_BUF];

	if (us >= 1e6 || us <= -1e6) {
		v = us / 1e6;
		unit = "s";
	} else if (us >= 1000 || us <= -1000) {
		v = us / 1000;
		unit = "ms";
	}
	compare_signed(v, 1, n, sizeof(n));
	snprintf(buf, len, "%s%s %s", estimate ? "~" : "", n, unit);
}

char *compare_top_change(const struct comparison *c)
{
	const struct cmp_source *s = c->sources;
	char amount[COMPARE_NUM_BUF + 8], where[48], *name, *text;
	int n;

	if (!c->nr_sources)
		return strdup("");
	name = compare_source_name(s);
	if (!name)
		return NULL;
	signed_time(s->us.b - s->us.a, s->estimated, amount, sizeof(amount));
	if (s->cpu_lo == s->cpu_hi)
		snprintf(where, sizeof(where), "on CPU %d", s->cpu_lo);
	else
		snprintf(where, sizeof(where), "on CPUs %d-%d", s->cpu_lo, s->cpu_hi);
	n = asprintf(&text, "%s (%s%s %s)", name, amount, c->shape->sources_per_s ? "/s" : "",
		     c->shape->sources_per_s ? where : "in the latency analyzed");
	free(name);
	return n < 0 ? NULL : text;
}

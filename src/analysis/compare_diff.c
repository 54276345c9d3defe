// SPDX-License-Identifier: GPL-2.0
/*
 * compare_diff - what differs between the systems and the setups of two
 * runs (see compare.h): the system fields and the run's settings both
 * reports have, and, when both recorded it (schema 1.7), the tuning: its
 * settings added, removed or changed, and its findings that are a problem
 * (warn, breaks) in one run and not in the other, keyed by id and CPUs
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"

static bool value_equal(const struct report_value *a, const struct report_value *b)
{
	if (a->type != b->type)
		return false;
	switch (a->type) {
	case VALUE_BOOL:
		return a->b == b->b;
	case VALUE_NUMBER:
		return a->num == b->num;
	case VALUE_STRING:
		return !strcmp(a->text, b->text);
	default:
		return true;
	}
}

typedef int (*ref_cmp_fn)(const void *x, const void *y);
typedef void (*pair_fn)(void *ctx, const void *a, const void *b);

/* Pointers to the @n items of @size at @base, sorted by @cmp (on the pointers) */
static const void **sorted_refs(const void *base, size_t n, size_t size, ref_cmp_fn cmp)
{
	const void **v = calloc(n + 1, sizeof(*v));
	size_t i;

	if (!v)
		return NULL;
	for (i = 0; i < n; i++)
		v[i] = (const char *)base + i * size;
	qsort(v, n, sizeof(*v), cmp);
	return v;
}

/* @fn on each key of @x or @y (sorted): the item of each, NULL where it has none */
static void merge_walk(const void **x, size_t nx, const void **y, size_t ny, ref_cmp_fn cmp,
		       pair_fn fn, void *ctx)
{
	size_t i = 0, j = 0;
	int d;

	while (i < nx || j < ny) {
		d = i == nx ? 1 : j == ny ? -1 : cmp(&x[i], &y[j]);
		fn(ctx, d <= 0 ? x[i] : NULL, d >= 0 ? y[j] : NULL);
		i += d <= 0;
		j += d >= 0;
	}
}

/* @fn on the items of @a and @b, @size each, paired by @cmp; -1 out of memory */
static int pair_up(const void *a, size_t na, const void *b, size_t nb, size_t size,
		   ref_cmp_fn cmp, pair_fn fn, void *ctx)
{
	const void **x = sorted_refs(a, na, size, cmp), **y = sorted_refs(b, nb, size, cmp);
	int ret = -1;

	if (x && y) {
		merge_walk(x, na, y, nb, cmp, fn, ctx);
		ret = 0;
	}
	free(x);
	free(y);
	return ret;
}

/* ---- entries: system, config, tuning settings ---- */

struct entries_walk {
	struct cmp_diffs	*out;
	bool			both_only;	/* only the keys of both */
};

static int entry_cmp(const void *x, const void *y)
{
	return strcmp((*(const struct report_entry *const *)x)->key,
		      (*(const struct report_entry *const *)y)->key);
}

static void add_diff(void *ctx, const void *x, const void *y)
{
	const struct entries_walk *walk = ctx;
	const struct report_entry *a = x, *b = y;

	if ((!a || !b) ? walk->both_only : value_equal(&a->value, &b->value))
		return;
	walk->out->v[walk->out->n++] = (struct cmp_diff){ a ? a->key : b->key,
							  a ? &a->value : NULL,
							  b ? &b->value : NULL };
}

static int diff_entries(const struct report_entries *a, const struct report_entries *b,
			bool both_only, struct cmp_diffs *out)
{
	struct entries_walk walk = { out, both_only };

	out->n = 0;
	out->v = calloc(a->n + b->n + 1, sizeof(*out->v));
	if (!out->v)
		return -1;
	return pair_up(a->v, a->n, b->v, b->n, sizeof(*a->v), entry_cmp, add_diff, &walk);
}

/* ---- findings ---- */

bool finding_is_problem(const struct report_finding *f)
{
	return f && (!strcmp(f->status, "warn") || !strcmp(f->status, "breaks"));
}

static int finding_cmp(const void *x, const void *y)
{
	const struct report_finding *a = *(const struct report_finding *const *)x;
	const struct report_finding *b = *(const struct report_finding *const *)y;
	int d = strcmp(a->id, b->id);

	return d ? d : strcmp(a->cpus, b->cpus);
}

/* Not a problem in both alike: one has it, the other not, or not as bad */
static void add_finding(void *ctx, const void *x, const void *y)
{
	struct comparison *c = ctx;
	const struct report_finding *a = x, *b = y;
	bool pa = finding_is_problem(a), pb = finding_is_problem(b);

	if (pa == pb && (!pa || !strcmp(a->status, b->status)))
		return;
	c->findings[c->nr_findings++] = (struct cmp_finding){ a, b };
}

static int diff_findings(struct comparison *c)
{
	const struct report_data *a = c->a, *b = c->b;

	c->findings = calloc(a->nr_findings + b->nr_findings + 1, sizeof(*c->findings));
	if (!c->findings)
		return -1;
	return pair_up(a->findings, a->nr_findings, b->findings, b->nr_findings,
		       sizeof(*a->findings), finding_cmp, add_finding, c);
}

int compare_diffs(struct comparison *c)
{
	const struct report_data *a = c->a, *b = c->b;

	if (diff_entries(&a->system, &b->system, true, &c->system) ||
	    diff_entries(&a->config, &b->config, true, &c->config))
		return -1;
	if (!a->has_tuning || !b->has_tuning)
		return 0;
	return diff_entries(&a->settings, &b->settings, false, &c->settings) ||
	       diff_findings(c);
}

void compare_free_diffs(struct comparison *c)
{
	free(c->system.v);
	free(c->config.v);
	free(c->settings.v);
	free(c->findings);
}

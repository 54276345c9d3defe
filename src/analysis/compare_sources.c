// SPDX-License-Identifier: GPL-2.0
/*
 * compare_sources - the sources of the two analyses that changed most (see
 * compare.h)
 *
 * A source is known by its kind and name: a thread by its command, without
 * its pid, which differs from run to run (the pids are kept to be shown).
 * osnoise: its time and events inside the noise samples, summed over the
 * CPUs compared, per second of each run (the runs may last differently).
 * timerlat: its share of the latency each auto-analysis explained, in us.
 * Ranked by the absolute change, the first CMP_TOP_SOURCES kept. The
 * hypervisor's estimate (2.3) has a null count: a run where it had one
 * has no count of it, not 0.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare_shape.h"

struct source_ref {
	const struct report_source	*s;
	int				side;
};

static int ref_cmp(const void *x, const void *y)
{
	const struct report_source *a = ((const struct source_ref *)x)->s;
	const struct report_source *b = ((const struct source_ref *)y)->s;
	int d = strcmp(a->kind, b->kind);

	return d ? d : strcmp(a->name, b->name);
}

static int int_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	return (a > b) - (a < b);
}

static bool has_cpu(const struct cmp_cpus *l, int cpu)
{
	return bsearch(&cpu, l->cpu, l->n, sizeof(*l->cpu), int_cmp);
}

/*
 * Is @s one: rtlens's own stops only where they count (a latency's parts,
 * not noise); only on the CPUs compared where the shape says so (noise)
 */
static bool counts(const struct comparison *c, const struct report_source *s)
{
	if (!c->shape->own_stops_count && !strcmp(s->kind, "rtlens"))
		return false;
	return !c->shape->sources_of_cpus || c->overall_all || has_cpu(&c->both, s->cpu);
}

static size_t collect(const struct comparison *c, const struct report_data *r, int side,
		      struct source_ref *refs, size_t n)
{
	size_t i;

	for (i = 0; i < r->nr_sources; i++)
		if (counts(c, &r->sources[i]))
			refs[n++] = (struct source_ref){ &r->sources[i], side };
	return n;
}

static void add_pid(int *pids, int pid)
{
	int i;

	for (i = 0; i < CMP_MAX_PIDS && pid >= 0; i++) {
		if (pids[i] == pid)
			return;
		if (pids[i] < 0) {
			pids[i] = pid;
			return;
		}
	}
}

static void add_cell(struct cmp_cell *cell, int side, double v)
{
	if (side) {
		cell->b += v;
		cell->has_b = true;
	} else {
		cell->a += v;
		cell->has_a = true;
	}
}

static void add_ref(struct cmp_source *out, const struct source_ref *ref, double scale)
{
	const struct report_source *s = ref->s;

	add_cell(&out->us, ref->side, s->us * scale);
	if (s->count_unknown)
		out->count_unknown[ref->side] = true;
	else
		add_cell(&out->count, ref->side, s->count * scale);
	out->estimated |= s->estimated;
	add_pid(out->pids[ref->side], s->pid);
	if (out->cpu_lo < 0 || s->cpu < out->cpu_lo)
		out->cpu_lo = s->cpu;
	if (s->cpu > out->cpu_hi)
		out->cpu_hi = s->cpu;
}

/* A source missing from one run had none of it there; an unknown count stays unknown. */
static void complete(struct cmp_source *s)
{
	s->us.has_a = s->us.has_b = true;
	s->count.has_a = !s->count_unknown[0];
	s->count.has_b = !s->count_unknown[1];
}

static double change(const struct cmp_source *s)
{
	return fabs(s->us.b - s->us.a);
}

static int source_cmp(const void *x, const void *y)
{
	const struct cmp_source *a = x, *b = y;
	int d;

	if (change(a) != change(b))
		return change(a) < change(b) ? 1 : -1;
	d = strcmp(a->kind, b->kind);
	return d ? d : strcmp(a->name, b->name);
}

static double scale_of(const struct comparison *c, int side)
{
	const struct report_data *r = side ? c->b : c->a;

	if (!c->shape->sources_per_s)
		return 1;
	return r->duration_s > 0 ? 1 / r->duration_s : 0;
}

/* The sources of @refs (sorted by kind and name) grouped into c->sources */
static void group(struct comparison *c, const struct source_ref *refs, size_t n)
{
	struct cmp_source *s = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!s || ref_cmp(&refs[i], &refs[i - 1])) {
			s = &c->sources[c->nr_sources++];
			memset(s, 0, sizeof(*s));
			memset(s->pids, -1, sizeof(s->pids));
			s->cpu_lo = s->cpu_hi = -1;
			s->kind = refs[i].s->kind;
			s->name = refs[i].s->name;
		}
		add_ref(s, &refs[i], scale_of(c, refs[i].side));
	}
}

/* Keep those that changed, most first, CMP_TOP_SOURCES of them */
static void rank(struct comparison *c)
{
	size_t i, n = 0;

	for (i = 0; i < c->nr_sources; i++) {
		complete(&c->sources[i]);
		if (change(&c->sources[i]) > 0)
			c->sources[n++] = c->sources[i];
	}
	qsort(c->sources, n, sizeof(*c->sources), source_cmp);
	c->nr_sources = n < CMP_TOP_SOURCES ? n : CMP_TOP_SOURCES;
}

int compare_sources(struct comparison *c)
{
	size_t n = c->a->nr_sources + c->b->nr_sources;
	struct source_ref *refs;

	if (!c->a->has_analysis || !c->b->has_analysis)
		return 0;
	refs = calloc(n ? n : 1, sizeof(*refs));
	c->sources = calloc(n ? n : 1, sizeof(*c->sources));
	if (!refs || !c->sources) {
		free(refs);
		return -1;
	}
	n = collect(c, c->a, 0, refs, 0);
	n = collect(c, c->b, 1, refs, n);
	qsort(refs, n, sizeof(*refs), ref_cmp);
	group(c, refs, n);
	rank(c);
	free(refs);
	return 0;
}

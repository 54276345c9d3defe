// SPDX-License-Identifier: GPL-2.0
/*
 * source_window - a CPU's sources over a moving window, kept as per-second
 * buckets of what each source grew
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/source_window.h"

#define NR_BUCKETS	(SOURCE_WINDOW_SECONDS + 1)

struct sw_entry {
	int		id;
	uint64_t	count, ns;
};

struct sw_bucket {
	unsigned long	second;
	int		n, alloc;
	struct sw_entry	*e;
};

/* ids: who each source is, with its count and time as last handed */
struct sw_cpu {
	int			nr_ids;
	struct source_row	ids[SOURCE_WINDOW_IDS + 1];
	struct sw_bucket	b[NR_BUCKETS];
};

struct source_window {
	int		nr_cpus;
	int		other_kind;
	unsigned long	now;
	struct sw_cpu	**cpu;		/* allocated on first update */
};

struct source_window *source_window_new(int nr_cpus, int other_kind)
{
	struct source_window *w = calloc(1, sizeof(*w));

	if (!w || nr_cpus <= 0 || !(w->cpu = calloc(nr_cpus, sizeof(*w->cpu)))) {
		free(w);
		return NULL;
	}
	w->nr_cpus = nr_cpus;
	w->other_kind = other_kind;
	return w;
}

static void cpu_free(struct sw_cpu *c)
{
	for (int i = 0; c && i < NR_BUCKETS; i++)
		free(c->b[i].e);
	free(c);
}

void source_window_free(struct source_window *w)
{
	if (!w)
		return;
	for (int cpu = 0; cpu < w->nr_cpus; cpu++)
		cpu_free(w->cpu[cpu]);
	free(w->cpu);
	free(w);
}

void source_window_reset(struct source_window *w)
{
	if (!w)
		return;
	for (int cpu = 0; cpu < w->nr_cpus; cpu++) {
		cpu_free(w->cpu[cpu]);
		w->cpu[cpu] = NULL;
	}
	w->now = 0;
}

unsigned long source_window_now(const struct source_window *w)
{
	return w ? w->now : 0;
}

/* @second's bucket, emptied when it held an older second */
static struct sw_bucket *bucket_at(struct sw_cpu *c, unsigned long second)
{
	struct sw_bucket *b = &c->b[second % NR_BUCKETS];

	if (b->second != second) {
		b->second = second;
		b->n = 0;
	}
	return b;
}

static bool bucket_add(struct sw_bucket *b, int id, uint64_t count, uint64_t ns)
{
	int i;

	for (i = 0; i < b->n && b->e[i].id != id; i++)
		;
	if (i == b->n) {
		if (b->n == b->alloc) {
			int alloc = b->alloc ? 2 * b->alloc : 8;
			struct sw_entry *e = realloc(b->e, alloc * sizeof(*e));

			if (!e)
				return false;
			b->e = e;
			b->alloc = alloc;
		}
		b->e[b->n++] = (struct sw_entry){ .id = id };
	}
	b->e[i].count += count;
	b->e[i].ns += ns;
	return true;
}

/* the rows summed per source (several may fall in "other"), who they are noted */
static void table_now(struct sw_cpu *c, const struct source_row *rows, int n, int other_kind,
		      struct source_row *now)
{
	for (int i = 0; i < n; i++) {
		struct source_id id;
		struct source_row *known;
		int k;

		source_row_id(&rows[i], &id);
		known = source_table_row(c->ids, &c->nr_ids, SOURCE_WINDOW_IDS, &id, other_kind);
		k = (int)(known - c->ids);

		known->pid = rows[i].pid;
		known->vcpu = rows[i].vcpu;
		now[k].count += rows[i].count;
		now[k].total_ns += rows[i].total_ns;
		if (rows[i].max_ns > now[k].max_ns)
			now[k].max_ns = rows[i].max_ns;
	}
}

/* what each source grew to @second's bucket; a source that shrank starts over */
static bool growth_to_bucket(struct sw_cpu *c, const struct source_row *now, struct sw_bucket *b)
{
	bool ok = true;

	for (int k = 0; k < c->nr_ids; k++) {
		struct source_row *last = &c->ids[k];
		bool shrank = now[k].count < last->count || now[k].total_ns < last->total_ns;
		uint64_t count = shrank ? now[k].count : now[k].count - last->count;
		uint64_t ns = shrank ? now[k].total_ns : now[k].total_ns - last->total_ns;

		if ((count || ns) && !bucket_add(b, k, count, ns))
			ok = false;
		last->count = now[k].count;
		last->total_ns = now[k].total_ns;
		last->max_ns = now[k].max_ns;
	}
	return ok;
}

bool source_window_update(struct source_window *w, int cpu, unsigned long second,
			  const struct source_row *rows, int n)
{
	struct source_row now[SOURCE_WINDOW_IDS + 1];
	struct sw_cpu *c;

	if (!w || cpu < 0 || cpu >= w->nr_cpus)
		return false;
	if (!w->cpu[cpu] && !(w->cpu[cpu] = calloc(1, sizeof(*w->cpu[cpu]))))
		return false;
	c = w->cpu[cpu];
	if (second > w->now)
		w->now = second;
	memset(now, 0, sizeof(now));
	table_now(c, rows, n, w->other_kind, now);
	return growth_to_bucket(c, now, bucket_at(c, second));
}

/* the buckets of the last @seconds into @sum, per source */
static void window_sums(const struct sw_cpu *c, unsigned long now, int seconds,
			struct source_row *sum)
{
	for (int i = 0; i < NR_BUCKETS; i++) {
		const struct sw_bucket *b = &c->b[i];

		if (!b->n || b->second > now || b->second + (unsigned long)seconds <= now)
			continue;
		for (int j = 0; j < b->n; j++) {
			sum[b->e[j].id].count += b->e[j].count;
			sum[b->e[j].id].total_ns += b->e[j].ns;
		}
	}
}

/* the source @k over the window (@sum), or since the start (@sum NULL) */
static void row_out(const struct sw_cpu *c, int k, const struct source_row *sum,
		    struct source_row *out)
{
	*out = c->ids[k];
	out->samples = 0;
	if (!sum)
		return;
	out->count = sum[k].count;
	out->total_ns = sum[k].total_ns;
	out->max_ns = 0;
}

int source_window_sum(const struct source_window *w, int cpu, int seconds,
		      struct source_row *out, int max)
{
	struct source_row sum[SOURCE_WINDOW_IDS + 1], all[SOURCE_WINDOW_IDS + 1];
	const struct sw_cpu *c;
	int n = 0;

	if (!w || cpu < 0 || cpu >= w->nr_cpus || !(c = w->cpu[cpu]) || max <= 0)
		return 0;
	memset(sum, 0, sizeof(sum));
	if (seconds > 0)
		window_sums(c, w->now, seconds, sum);
	for (int k = 0; k < c->nr_ids; k++) {
		row_out(c, k, seconds > 0 ? sum : NULL, &all[n]);
		if (all[n].count || all[n].total_ns)
			n++;
	}
	source_table_sort(all, n);
	if (n > max)
		n = max;
	memcpy(out, all, n * sizeof(*out));
	return n;
}

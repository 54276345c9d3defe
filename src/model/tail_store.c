// SPDX-License-Identifier: GPL-2.0
/*
 * tail_store - the largest samples of a series in a min-heap by value,
 * with the count and span of all of them (tail_store.h)
 */
#include <stdlib.h>
#include <string.h>

#include "model/tail_store.h"

static void swap(struct tail_point *a, struct tail_point *b)
{
	struct tail_point t = *a;

	*a = *b;
	*b = t;
}

static void sift_up(struct tail_point *h, size_t i)
{
	while (i > 0 && h[(i - 1) / 2].value > h[i].value) {
		swap(&h[(i - 1) / 2], &h[i]);
		i = (i - 1) / 2;
	}
}

static void sift_down(struct tail_point *h, size_t len, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, least = i;

		if (l < len && h[l].value < h[least].value)
			least = l;
		if (r < len && h[r].value < h[least].value)
			least = r;
		if (least == i)
			return;
		swap(&h[least], &h[i]);
		i = least;
	}
}

/* room for one more while under TAIL_KEEP; false when full or out of memory */
static int grow(struct tail_store *s)
{
	size_t cap = s->cap ? 2 * s->cap : 64;
	struct tail_point *h;

	if (cap > TAIL_KEEP)
		cap = TAIL_KEEP;
	if (cap <= s->cap || !(h = realloc(s->heap, cap * sizeof(*h))))
		return 0;
	s->heap = h;
	s->cap = cap;
	return 1;
}

void tail_store_add(struct tail_store *s, uint64_t value, uint64_t ts)
{
	struct tail_point p = { value, s->n, ts };

	/* the span from the earliest to the latest: a replay adds CPU after CPU */
	if (!s->n++ || ts < s->first_ts)
		s->first_ts = ts;
	if (ts > s->last_ts)
		s->last_ts = ts;
	if (value > s->max)
		s->max = value;
	if (s->len < s->cap || grow(s)) {
		s->heap[s->len] = p;
		sift_up(s->heap, s->len++);
	} else if (s->len && value > s->heap[0].value) {
		s->heap[0] = p;
		sift_down(s->heap, s->len, 0);
	}
}

void tail_store_reset(struct tail_store *s)
{
	s->n = 0;
	s->first_ts = s->last_ts = 0;
	s->max = 0;
	s->len = 0;
}

void tail_store_free(struct tail_store *s)
{
	free(s->heap);
	memset(s, 0, sizeof(*s));
}

int tail_store_copy(struct tail_store *dst, const struct tail_store *src)
{
	*dst = *src;
	dst->heap = NULL;
	dst->cap = src->len;
	if (src->len && !(dst->heap = malloc(src->len * sizeof(*dst->heap)))) {
		memset(dst, 0, sizeof(*dst));
		return -1;
	}
	if (src->len)
		memcpy(dst->heap, src->heap, src->len * sizeof(*dst->heap));
	return 0;
}

static int by_value_down(const void *a, const void *b)
{
	const struct tail_point *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? 1 : -1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* the place of a time among n samples spread evenly over the span */
static uint64_t place_of(const struct tail_store *s, uint64_t ts)
{
	double span = (double)(s->last_ts - s->first_ts);

	return span > 0 ? (uint64_t)((double)(ts - s->first_ts) / span * (double)(s->n - 1)) : 0;
}

size_t tail_store_sorted(const struct tail_store *s, struct tail_point *out)
{
	size_t i;

	if (!s->len)
		return 0;
	memcpy(out, s->heap, s->len * sizeof(*out));
	for (i = 0; s->by_time && i < s->len; i++)
		out[i].seq = place_of(s, out[i].ts);
	qsort(out, s->len, sizeof(*out), by_value_down);
	return s->len;
}

double tail_store_rate(const struct tail_store *s)
{
	if (s->n < 2 || s->last_ts <= s->first_ts)
		return 0;
	/* n samples cover n - 1 intervals between the first and the last */
	return (double)(s->n - 1) * 1e9 / (double)(s->last_ts - s->first_ts);
}

int tail_set_init(struct tail_set *t, int nr_cpus, int nr_contexts)
{
	int i;

	memset(t, 0, sizeof(*t));
	t->cpu = calloc((size_t)nr_cpus * nr_contexts, sizeof(*t->cpu));
	t->all = calloc(nr_contexts, sizeof(*t->all));
	if (!t->cpu || !t->all) {
		tail_set_free(t);
		return -1;
	}
	t->nr_cpus = nr_cpus;
	t->nr_contexts = nr_contexts;
	for (i = 0; i < nr_contexts; i++)
		t->all[i].by_time = true;
	return 0;
}

static size_t nr_series(const struct tail_set *t)
{
	return (size_t)t->nr_cpus * t->nr_contexts;
}

void tail_set_free(struct tail_set *t)
{
	size_t i;

	for (i = 0; t->cpu && i < nr_series(t); i++)
		tail_store_free(&t->cpu[i]);
	for (i = 0; t->all && i < (size_t)t->nr_contexts; i++)
		tail_store_free(&t->all[i]);
	free(t->cpu);
	free(t->all);
	memset(t, 0, sizeof(*t));
}

void tail_set_reset(struct tail_set *t)
{
	size_t i;

	for (i = 0; i < nr_series(t); i++)
		tail_store_reset(&t->cpu[i]);
	for (i = 0; i < (size_t)t->nr_contexts; i++)
		tail_store_reset(&t->all[i]);
}

void tail_set_add(struct tail_set *t, int cpu, int context, uint64_t value, uint64_t ts)
{
	if (!t->cpu || cpu < 0 || cpu >= t->nr_cpus || context < 0 || context >= t->nr_contexts)
		return;
	tail_store_add(&t->cpu[cpu * t->nr_contexts + context], value, ts);
	tail_store_add(&t->all[context], value, ts);
}

const struct tail_store *tail_set_series(const struct tail_set *t, int cpu, int context)
{
	if (!t || !t->cpu || context < 0 || context >= t->nr_contexts || cpu >= t->nr_cpus ||
	    cpu < -1)
		return NULL;
	return cpu < 0 ? &t->all[context] : &t->cpu[cpu * t->nr_contexts + context];
}

// SPDX-License-Identifier: GPL-2.0
/*
 * histogram - fixed-bucket histograms, mergeable when the layouts match
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/histogram.h"

/* Counters and sums saturate rather than wrap around. */
static uint64_t sat_add(uint64_t a, uint64_t b)
{
	uint64_t r;

	return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	uint64_t r;

	return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

int histogram_init(struct histogram *h, unsigned int bucket_size,
		   unsigned int entries)
{
	memset(h, 0, sizeof(*h));
	if (bucket_size < 1 || entries < 1) {
		errno = EINVAL;
		return -1;
	}
	h->buckets = calloc((size_t)entries + 1, sizeof(*h->buckets));
	if (!h->buckets)
		return -1;
	h->bucket_size = bucket_size;
	h->entries = entries;
	return 0;
}

void histogram_free(struct histogram *h)
{
	free(h->buckets);
	memset(h, 0, sizeof(*h));
}

void histogram_reset(struct histogram *h)
{
	if (h->buckets)
		memset(h->buckets, 0, ((size_t)h->entries + 1) * sizeof(*h->buckets));
	h->count = 0;
	h->min = 0;
	h->max = 0;
	h->sum = 0;
}

void histogram_add(struct histogram *h, uint64_t value)
{
	histogram_add_n(h, value, 1);
}

void histogram_add_n(struct histogram *h, uint64_t value, uint64_t n)
{
	uint64_t idx;

	if (!n || !h->buckets)
		return;

	idx = value / h->bucket_size;
	if (idx > h->entries)
		idx = h->entries;
	h->buckets[idx] = sat_add(h->buckets[idx], n);

	if (!h->count || value < h->min)
		h->min = value;
	if (!h->count || value > h->max)
		h->max = value;
	h->count = sat_add(h->count, n);
	h->sum = sat_add(h->sum, sat_mul(value, n));
}

int histogram_merge(struct histogram *dst, const struct histogram *src)
{
	unsigned int i;

	if (dst->bucket_size != src->bucket_size ||
	    dst->entries != src->entries || !dst->buckets || !src->buckets)
		return -1;
	if (!src->count)
		return 0;

	for (i = 0; i <= dst->entries; i++)
		dst->buckets[i] = sat_add(dst->buckets[i], src->buckets[i]);

	if (!dst->count || src->min < dst->min)
		dst->min = src->min;
	if (!dst->count || src->max > dst->max)
		dst->max = src->max;
	dst->count = sat_add(dst->count, src->count);
	dst->sum = sat_add(dst->sum, src->sum);
	return 0;
}

uint64_t histogram_over(const struct histogram *h)
{
	return h->buckets ? h->buckets[h->entries] : 0;
}

double histogram_avg(const struct histogram *h)
{
	if (!h->count)
		return 0.0;
	return (double)h->sum / (double)h->count;
}

bool histogram_bucket_is_empty(const struct histogram *h, unsigned int bucket)
{
	if (!h->buckets || bucket > h->entries)
		return true;
	return h->buckets[bucket] == 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * percentile - percentiles from a report's histogram (see compare.h)
 *
 * The nearest rank: the p-th percentile of N values is the value of rank
 * ceil(p / 100 * N) in ascending order. A histogram does not keep the
 * value, only its bucket: the percentile given is the largest value that
 * bucket can hold ((index + 1) * bucket_size - 1, the values being whole
 * numbers of the unit), an upper bound that is exact with 1-unit buckets,
 * and never above the largest value seen.
 */
#include "analysis/compare.h"

uint64_t hist_values(const struct report_hist *h)
{
	uint64_t total = h->over;
	size_t i;

	for (i = 0; i < h->nr_buckets; i++)
		total += h->buckets[i].count;
	return total;
}

static double bucket_top(const struct report_hist *h, const struct report_bucket *b)
{
	double low = b->index * h->bucket, top = low + h->bucket - 1;

	if (h->has_max && top > h->max)
		top = h->max;
	return top < low ? low : top;
}

bool hist_percentile(const struct report_hist *h, double pct, double *us)
{
	uint64_t total = hist_values(h), rank, seen = 0;
	double exact;
	size_t i;

	if (!total || !(pct > 0 && pct <= 100))
		return false;
	exact = pct / 100 * (double)total;
	rank = (uint64_t)exact;
	if (rank < exact - 1e-9 || rank < 1)
		rank++;
	for (i = 0; i < h->nr_buckets; i++) {
		seen += h->buckets[i].count;
		if (seen >= rank) {
			*us = bucket_top(h, &h->buckets[i]) * h->to_us;
			return true;
		}
	}
	/* past the last bucket: the largest value is the best bound known */
	*us = (h->has_max ? h->max : h->entries * h->bucket) * h->to_us;
	return true;
}

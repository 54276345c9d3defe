/* SPDX-License-Identifier: GPL-2.0 */
/*
 * histogram - fixed-bucket histograms, mergeable when the layouts match
 */
#ifndef RTLENS_HISTOGRAM_H
#define RTLENS_HISTOGRAM_H

#include <stdbool.h>
#include <stdint.h>

struct histogram {
	unsigned int	bucket_size;	/* width of one bucket, in output units */
	unsigned int	entries;	/* number of buckets */
	uint64_t	*buckets;	/* entries + 1: buckets[entries] counts "over" */
	uint64_t	count;		/* every value added, over included */
	uint64_t	min;		/* valid when count > 0 */
	uint64_t	max;
	uint64_t	sum;
};

/* bucket_size >= 1, entries >= 1; -1 on bad layout or ENOMEM. */
int histogram_init(struct histogram *h, unsigned int bucket_size, unsigned int entries);
void histogram_free(struct histogram *h);
void histogram_reset(struct histogram *h);
void histogram_add(struct histogram *h, uint64_t value);
void histogram_add_n(struct histogram *h, uint64_t value, uint64_t n);
/* Add @src into @dst; -1 (dst untouched) when the layouts differ. */
int histogram_merge(struct histogram *dst, const struct histogram *src);
uint64_t histogram_over(const struct histogram *h);
double histogram_avg(const struct histogram *h);	/* 0.0 when empty */
bool histogram_bucket_is_empty(const struct histogram *h, unsigned int bucket);

#endif

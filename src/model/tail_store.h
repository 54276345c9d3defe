/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tail_store - what the tail estimates (analysis/tail_estimate.h) need of
 * a series of samples, kept as they come: how many there were, the time
 * they span, and the largest of them with their place in the series
 * (TAIL_KEEP at most: a bounded memory however long the run). A set keeps
 * one series per CPU and context, and one of all the CPUs per context.
 */
#ifndef RTLENS_TAIL_STORE_H
#define RTLENS_TAIL_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TAIL_KEEP	1024	/* the largest samples a series keeps */

struct tail_point {
	uint64_t	value;		/* ns */
	uint64_t	seq;		/* its place in the series, from 0 */
	uint64_t	ts;		/* ns: its time */
};

struct tail_store {
	uint64_t		n;		/* the samples added */
	uint64_t		first_ts;	/* ns: the earliest and the latest times, */
	uint64_t		last_ts;	/* whatever the order they came in */
	/*
	 * the places are in the order of time, not of arrival: the CPUs'
	 * series together, whose samples come CPU after CPU in a replay
	 */
	bool			by_time;
	uint64_t		max;		/* the largest sample */
	size_t			len;		/* in heap: a min-heap by value */
	size_t			cap;
	struct tail_point	*heap;
};

void tail_store_add(struct tail_store *s, uint64_t value, uint64_t ts);
void tail_store_reset(struct tail_store *s);
void tail_store_free(struct tail_store *s);
/* @dst (empty or freed) made a copy of @src: 0, or -1 (ENOMEM) with @dst empty. */
int tail_store_copy(struct tail_store *dst, const struct tail_store *src);
/*
 * The kept points, largest first, into @out (s->len of them); their number.
 * By time (by_time), a point's place is where its time puts it among the
 * n samples spread evenly over the span.
 */
size_t tail_store_sorted(const struct tail_store *s, struct tail_point *out);
/* The samples per second over the span (0: fewer than 2, or no span). */
double tail_store_rate(const struct tail_store *s);

/* a series per CPU and context, and per context the CPUs' together */
struct tail_set {
	int			nr_cpus;
	int			nr_contexts;
	struct tail_store	*cpu;		/* [cpu * nr_contexts + context] */
	struct tail_store	*all;		/* [context] */
};

/* 0, or -1 (ENOMEM); the series are empty, their memory taken as they fill. */
int tail_set_init(struct tail_set *t, int nr_cpus, int nr_contexts);
void tail_set_free(struct tail_set *t);
void tail_set_reset(struct tail_set *t);
/* A sample of @cpu's @context; ignored out of range. */
void tail_set_add(struct tail_set *t, int cpu, int context, uint64_t value, uint64_t ts);
/* @cpu's series of @context (-1: all the CPUs'); NULL out of range or without a set. */
const struct tail_store *tail_set_series(const struct tail_set *t, int cpu, int context);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * test_sample_queue - the osnoise samples BPF sends are held until the
 * events' stream of their CPU went past their end, then handed out in
 * order; a full queue hands its oldest out early, nothing is lost
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "source/engine/sample_queue.h"

#define MAX_OUT	64

struct out {
	int			n;
	struct noise_sample	s[MAX_OUT];
};

static void collect(const struct rtl_record *rec, void *ctx)
{
	struct out *o = ctx;

	assert_int_equal(rec->kind, RECORD_NOISE_SAMPLE);
	assert_true(o->n < MAX_OUT);
	o->s[o->n++] = rec->sample;
}

static void add(struct sample_queue *q, struct out *o, int cpu, uint64_t start, uint64_t dur)
{
	struct noise_sample s = { .cpu = cpu, .start_ns = start, .duration_ns = dur,
				  .interference = 1 };

	sample_queue_add(q, &s, collect, o);
}

/* held until the events' stream of the same CPU reached the sample's end */
static void test_held_until_seen(void **state)
{
	struct sample_queue *q = sample_queue_new(4, 8);
	struct out o = { 0 };

	(void)state;
	assert_non_null(q);
	add(q, &o, 1, 1000, 500);		/* ends at 1500 */
	add(q, &o, 1, 2000, 500);		/* ends at 2500 */
	add(q, &o, 2, 1000, 100);
	assert_int_equal(sample_queue_flush(q, false, collect, &o), 0);
	sample_queue_seen(q, 2, 5000);		/* another CPU: nothing of CPU 1 goes */
	assert_int_equal(sample_queue_flush(q, false, collect, &o), 1);
	assert_int_equal(o.s[0].cpu, 2);
	sample_queue_seen(q, 1, 1499);
	assert_int_equal(sample_queue_flush(q, false, collect, &o), 0);
	sample_queue_seen(q, 1, 1500);
	assert_int_equal(sample_queue_flush(q, false, collect, &o), 1);
	assert_int_equal(o.s[1].start_ns, 1000);
	assert_int_equal(o.s[1].ts, 1500);	/* its end */
	sample_queue_seen(q, 1, 1400);		/* the mark never goes back */
	sample_queue_seen(q, 1, 2499);
	assert_int_equal(sample_queue_flush(q, false, collect, &o), 0);
	/* the drain: every one */
	assert_int_equal(sample_queue_flush(q, true, collect, &o), 1);
	assert_int_equal(o.s[2].start_ns, 2000);
	assert_int_equal(sample_queue_flush(q, true, collect, &o), 0);
	assert_int_equal(o.n, 3);
	sample_queue_free(q);
}

/* one CPU's samples as its stream goes past them; the others stay */
static void test_flush_one_cpu(void **state)
{
	struct sample_queue *q = sample_queue_new(4, 8);
	struct out o = { 0 };

	(void)state;
	assert_non_null(q);
	assert_false(sample_queue_waiting(q, 1));
	add(q, &o, 1, 1000, 500);
	add(q, &o, 2, 1000, 100);
	assert_true(sample_queue_waiting(q, 1));
	sample_queue_seen(q, 1, 2000);
	sample_queue_seen(q, 2, 2000);
	assert_int_equal(sample_queue_flush_cpu(q, 1, collect, &o), 1);
	assert_int_equal(o.s[0].cpu, 1);
	assert_false(sample_queue_waiting(q, 1));
	assert_true(sample_queue_waiting(q, 2));	/* not its turn */
	assert_int_equal(sample_queue_flush_cpu(q, 7, collect, &o), 0);
	assert_false(sample_queue_waiting(q, -1));
	assert_int_equal(sample_queue_flush(q, false, collect, &o), 1);
	assert_int_equal(o.n, 2);
	sample_queue_free(q);
}

/* a full queue hands its oldest out first, in order: none lost */
static void test_full_hands_oldest(void **state)
{
	struct sample_queue *q = sample_queue_new(2, 4);
	struct out o = { 0 };
	int i;

	(void)state;
	for (i = 0; i < 6; i++)
		add(q, &o, 0, 100 * (i + 1), 10);
	assert_int_equal(o.n, 2);
	assert_int_equal(o.s[0].start_ns, 100);
	assert_int_equal(o.s[1].start_ns, 200);
	assert_int_equal(sample_queue_flush(q, true, collect, &o), 4);
	for (i = 0; i < 6; i++)
		assert_int_equal(o.s[i].start_ns, 100 * (i + 1));
	sample_queue_free(q);
}

static void test_bad_input(void **state)
{
	struct sample_queue *q;
	struct out o = { 0 };

	(void)state;
	assert_null(sample_queue_new(0, 8));
	assert_null(sample_queue_new(2, 6));	/* not a power of two */
	assert_null(sample_queue_new(2, 0));
	q = sample_queue_new(2, 8);
	add(q, &o, 2, 100, 10);			/* out of range: dropped */
	add(q, &o, -1, 100, 10);
	sample_queue_seen(q, 7, 100);
	assert_int_equal(sample_queue_flush(q, true, collect, &o), 0);
	assert_int_equal(o.n, 0);
	sample_queue_free(q);
	sample_queue_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_held_until_seen),
		cmocka_unit_test(test_flush_one_cpu),
		cmocka_unit_test(test_full_hands_oldest),
		cmocka_unit_test(test_bad_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

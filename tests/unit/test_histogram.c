// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for histogram
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/histogram.h"

static void assert_buckets(const struct histogram *h, const uint64_t *expected)
{
	unsigned int i;

	for (i = 0; i <= h->entries; i++)
		assert_int_equal(h->buckets[i], expected[i]);
}

static void test_init_layout(void **state)
{
	struct histogram h;
	unsigned int i;

	(void)state;
	assert_int_equal(histogram_init(&h, 10, 5), 0);
	assert_int_equal(h.bucket_size, 10);
	assert_int_equal(h.entries, 5);
	assert_non_null(h.buckets);
	assert_int_equal(h.count, 0);
	assert_int_equal(h.sum, 0);
	for (i = 0; i <= 5; i++)
		assert_true(histogram_bucket_is_empty(&h, i));
	assert_true(histogram_bucket_is_empty(&h, 6));
	assert_int_equal(histogram_over(&h), 0);
	assert_true(histogram_avg(&h) == 0.0);
	histogram_free(&h);
	assert_null(h.buckets);
}

static void test_init_bad_layout(void **state)
{
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_init(&h, 0, 10), -1);
	assert_null(h.buckets);
	assert_int_equal(histogram_init(&h, 1, 0), -1);
	assert_null(h.buckets);
	histogram_free(&h);	/* harmless after a failed init */
}

static void test_add_buckets(void **state)
{
	const uint64_t expected[] = { 2, 1, 0, 1, 2 };
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_init(&h, 10, 4), 0);
	histogram_add(&h, 0);
	histogram_add(&h, 9);	/* bucket 0 */
	histogram_add(&h, 10);	/* bucket 1 */
	histogram_add(&h, 39);	/* bucket 3, the last */
	histogram_add(&h, 40);	/* first value over */
	histogram_add(&h, UINT64_MAX);
	assert_buckets(&h, expected);
	assert_int_equal(histogram_over(&h), 2);
	assert_int_equal(h.count, 6);
	assert_int_equal(h.min, 0);
	assert_int_equal(h.max, UINT64_MAX);
	assert_true(histogram_bucket_is_empty(&h, 2));
	assert_false(histogram_bucket_is_empty(&h, 3));
	assert_false(histogram_bucket_is_empty(&h, 4));
	histogram_free(&h);
}

static void test_stats(void **state)
{
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_init(&h, 1, 100), 0);
	histogram_add(&h, 7);
	assert_int_equal(h.min, 7);
	assert_int_equal(h.max, 7);
	histogram_add(&h, 3);
	histogram_add(&h, 500);	/* over values count in the stats too */
	histogram_add(&h, 10);
	assert_int_equal(h.count, 4);
	assert_int_equal(h.min, 3);
	assert_int_equal(h.max, 500);
	assert_int_equal(h.sum, 520);
	assert_true(histogram_avg(&h) == 130.0);
	assert_int_equal(histogram_over(&h), 1);
	histogram_free(&h);
}

static void test_add_n(void **state)
{
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_init(&h, 5, 2), 0);
	histogram_add_n(&h, 42, 0);	/* a no-op, min/max untouched */
	assert_int_equal(h.count, 0);
	assert_true(histogram_bucket_is_empty(&h, 2));

	histogram_add_n(&h, 6, 3);
	histogram_add_n(&h, 100, 2);
	histogram_add_n(&h, 1, 0);
	assert_int_equal(h.buckets[0], 0);
	assert_int_equal(h.buckets[1], 3);
	assert_int_equal(histogram_over(&h), 2);
	assert_int_equal(h.count, 5);
	assert_int_equal(h.sum, 218);
	assert_int_equal(h.min, 6);
	assert_int_equal(h.max, 100);
	histogram_free(&h);
}

static void test_sum_saturates(void **state)
{
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_init(&h, 1, 1), 0);
	histogram_add_n(&h, UINT64_MAX / 2, 3);
	assert_int_equal(h.sum, UINT64_MAX);
	histogram_add(&h, 1);
	assert_int_equal(h.sum, UINT64_MAX);
	assert_int_equal(h.count, 4);
	histogram_free(&h);
}

static void test_reset(void **state)
{
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_init(&h, 2, 3), 0);
	histogram_add(&h, 1);
	histogram_add(&h, 100);
	histogram_reset(&h);
	assert_int_equal(h.bucket_size, 2);
	assert_int_equal(h.entries, 3);
	assert_int_equal(h.count, 0);
	assert_int_equal(h.sum, 0);
	assert_true(histogram_bucket_is_empty(&h, 0));
	assert_int_equal(histogram_over(&h), 0);

	histogram_add(&h, 50);	/* min/max restart from scratch */
	assert_int_equal(h.min, 50);
	assert_int_equal(h.max, 50);
	histogram_free(&h);
}

static void test_merge(void **state)
{
	const uint64_t expected[] = { 1, 1, 1, 2 };
	struct histogram a, b;

	(void)state;
	assert_int_equal(histogram_init(&a, 10, 3), 0);
	assert_int_equal(histogram_init(&b, 10, 3), 0);
	histogram_add(&a, 5);
	histogram_add(&a, 15);
	histogram_add(&a, 99);
	histogram_add(&b, 25);
	histogram_add(&b, 30);
	assert_int_equal(histogram_merge(&a, &b), 0);
	assert_buckets(&a, expected);
	assert_int_equal(a.count, 5);
	assert_int_equal(a.sum, 174);
	assert_int_equal(a.min, 5);
	assert_int_equal(a.max, 99);
	/* src untouched */
	assert_int_equal(b.count, 2);
	assert_int_equal(b.min, 25);
	histogram_free(&a);
	histogram_free(&b);
}

static void test_merge_empty_sides(void **state)
{
	struct histogram a, b;

	(void)state;
	assert_int_equal(histogram_init(&a, 1, 10), 0);
	assert_int_equal(histogram_init(&b, 1, 10), 0);

	/* empty into empty */
	assert_int_equal(histogram_merge(&a, &b), 0);
	assert_int_equal(a.count, 0);

	/* full into empty: min must come from src, not from dst's stale 0 */
	histogram_add(&b, 7);
	histogram_add(&b, 9);
	assert_int_equal(histogram_merge(&a, &b), 0);
	assert_int_equal(a.count, 2);
	assert_int_equal(a.min, 7);
	assert_int_equal(a.max, 9);

	/* empty into full: src's zero min must not leak in */
	histogram_reset(&b);
	assert_int_equal(histogram_merge(&a, &b), 0);
	assert_int_equal(a.count, 2);
	assert_int_equal(a.min, 7);
	assert_int_equal(a.max, 9);
	assert_int_equal(a.sum, 16);
	histogram_free(&a);
	histogram_free(&b);
}

static void test_merge_into_self(void **state)
{
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_init(&h, 1, 4), 0);
	histogram_add(&h, 2);
	histogram_add(&h, 8);
	assert_int_equal(histogram_merge(&h, &h), 0);
	assert_int_equal(h.count, 4);
	assert_int_equal(h.buckets[2], 2);
	assert_int_equal(histogram_over(&h), 2);
	assert_int_equal(h.min, 2);
	assert_int_equal(h.max, 8);
	histogram_free(&h);
}

static void test_merge_layout_mismatch(void **state)
{
	struct histogram a, b, c;

	(void)state;
	assert_int_equal(histogram_init(&a, 10, 3), 0);
	assert_int_equal(histogram_init(&b, 5, 3), 0);
	assert_int_equal(histogram_init(&c, 10, 4), 0);
	histogram_add(&a, 1);
	histogram_add(&b, 2);
	histogram_add(&c, 3);

	assert_int_equal(histogram_merge(&a, &b), -1);
	assert_int_equal(histogram_merge(&a, &c), -1);
	assert_int_equal(histogram_merge(&c, &a), -1);
	/* dst untouched */
	assert_int_equal(a.count, 1);
	assert_int_equal(a.buckets[0], 1);
	assert_int_equal(a.sum, 1);
	assert_int_equal(a.min, 1);
	assert_int_equal(c.count, 1);
	histogram_free(&a);
	histogram_free(&b);
	histogram_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_layout),
		cmocka_unit_test(test_init_bad_layout),
		cmocka_unit_test(test_add_buckets),
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_add_n),
		cmocka_unit_test(test_sum_saturates),
		cmocka_unit_test(test_reset),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_merge_empty_sides),
		cmocka_unit_test(test_merge_into_self),
		cmocka_unit_test(test_merge_layout_mismatch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

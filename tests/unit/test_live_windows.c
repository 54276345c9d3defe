// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for source_window and timerlat_window, the live pane's moving
 * windows: what a source grew each second, summed over the last N seconds;
 * a table that shrinks (a reset) starts over; the worst latency of a
 * window, and of the run
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/timerlat_window.h"
#include "analysis/source_window.h"

#define OTHER	9

static void row(struct source_row *r, const char *name, uint64_t count, uint64_t ns)
{
	source_row_init(r, 1, name, -1, 7);
	r->count = count;
	r->total_ns = ns;
}

static uint64_t ns_of(const struct source_row *rows, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(rows[i].name, name))
			return rows[i].total_ns;
	return 0;
}

/* a grows 100 ns a second from 1 to 20; b comes at 15 with 5000 */
static struct source_window *twenty_seconds(void)
{
	struct source_window *w = source_window_new(2, OTHER);
	struct source_row t[2];

	for (unsigned long s = 1; s <= 20; s++) {
		row(&t[0], "a", s, s * 100);
		row(&t[1], "b", s >= 15, s >= 15 ? 5000 : 0);
		source_window_update(w, 1, s, t, 2);
	}
	return w;
}

static void test_windows(void **state)
{
	struct source_window *w = twenty_seconds();
	struct source_row out[8];
	int n;

	(void)state;
	assert_int_equal(source_window_now(w), 20);
	n = source_window_sum(w, 1, 1, out, 8);
	assert_int_equal(n, 1);				/* b grew nothing in the last second */
	assert_int_equal(ns_of(out, n, "a"), 100);
	n = source_window_sum(w, 1, 10, out, 8);
	assert_int_equal(n, 2);
	assert_string_equal(out[0].name, "b");		/* largest first */
	assert_int_equal(ns_of(out, n, "a"), 1000);
	assert_int_equal(ns_of(out, n, "b"), 5000);
	n = source_window_sum(w, 1, 3, out, 8);
	assert_int_equal(ns_of(out, n, "b"), 0);	/* it came 6 s ago */
	n = source_window_sum(w, 1, 0, out, 8);		/* the run */
	assert_int_equal(ns_of(out, n, "a"), 2000);
	assert_int_equal(out[0].count, 1);		/* b: one event */
	assert_int_equal(source_window_sum(w, 0, 10, out, 8), 0);
	source_window_free(w);
}

/* past 60 s, the oldest seconds are forgotten; a window never holds more */
static void test_ring(void **state)
{
	struct source_window *w = source_window_new(1, OTHER);
	struct source_row t, out[2];

	(void)state;
	for (unsigned long s = 1; s <= 200; s++) {
		row(&t, "a", s, s * 10);
		source_window_update(w, 0, s, &t, 1);
	}
	assert_int_equal(source_window_sum(w, 0, 60, out, 2), 1);
	assert_int_equal(out[0].total_ns, 600);
	assert_int_equal(out[0].count, 60);
	source_window_free(w);
}

/* a table reset (it shrank): its sources start over from what it holds */
static void test_shrink(void **state)
{
	struct source_window *w = source_window_new(1, OTHER);
	struct source_row t, out[2];

	(void)state;
	row(&t, "a", 10, 10000);
	source_window_update(w, 0, 5, &t, 1);
	row(&t, "a", 1, 300);
	source_window_update(w, 0, 6, &t, 1);
	assert_int_equal(source_window_sum(w, 0, 1, out, 2), 1);
	assert_int_equal(out[0].total_ns, 300);
	source_window_reset(w);
	assert_int_equal(source_window_sum(w, 0, 10, out, 2), 0);
	assert_int_equal(source_window_now(w), 0);
	source_window_free(w);
}

/* past SOURCE_WINDOW_IDS sources, the rest is one "other" */
static void test_bound(void **state)
{
	struct source_window *w = source_window_new(1, OTHER);
	struct source_row t[SOURCE_WINDOW_IDS + 8], out[SOURCE_WINDOW_IDS + 1];
	char name[16];
	int n;

	(void)state;
	for (int i = 0; i < SOURCE_WINDOW_IDS + 8; i++) {
		snprintf(name, sizeof(name), "s%d", i);
		row(&t[i], name, 1, 1000 + i);
	}
	source_window_update(w, 0, 1, t, SOURCE_WINDOW_IDS + 8);
	n = source_window_sum(w, 0, 1, out, SOURCE_WINDOW_IDS + 1);
	assert_int_equal(n, SOURCE_WINDOW_IDS + 1);
	assert_int_equal(ns_of(out, n, "other"), 8 * 1000 + 8 * SOURCE_WINDOW_IDS + 28);
	source_window_free(w);
}

static void worst(struct timerlat_breakdown *b, int cpu, uint64_t ns)
{
	memset(b, 0, sizeof(*b));
	b->cpu = cpu;
	b->total_ns = ns;
}

static void test_timerlat_window(void **state)
{
	struct timerlat_window *w = timerlat_window_new(2);
	struct timerlat_breakdown b, out;

	(void)state;
	worst(&b, 1, 900);
	timerlat_window_add(w, 3, &b);
	worst(&b, 1, 500);
	timerlat_window_add(w, 10, &b);
	worst(&b, 1, 700);
	timerlat_window_add(w, 10, &b);			/* the worst of second 10 */
	assert_true(timerlat_window_worst(w, 1, 10, 1, &out));
	assert_int_equal(out.total_ns, 700);
	assert_true(timerlat_window_worst(w, 1, 10, 10, &out));
	assert_int_equal(out.total_ns, 900);
	assert_true(timerlat_window_worst(w, 1, 12, 0, &out));	/* the run */
	assert_int_equal(out.total_ns, 900);
	assert_false(timerlat_window_worst(w, 1, 12, 1, &out));
	assert_false(timerlat_window_worst(w, 0, 10, 10, &out));
	timerlat_window_reset(w);
	assert_false(timerlat_window_worst(w, 1, 10, 0, &out));
	timerlat_window_free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_windows),
		cmocka_unit_test(test_ring),
		cmocka_unit_test(test_shrink),
		cmocka_unit_test(test_bound),
		cmocka_unit_test(test_timerlat_window),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

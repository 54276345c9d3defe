// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for stop_record_over(): one record against the stop limits as
 * the tracer compares it (the user engine's merge and a replay share it):
 * an osnoise sample with -s, a period with -S, a timerlat IRQ latency with
 * -i, a thread or return-to-user latency with -T; a limit of 0 is unset,
 * the value equal to the limit reaches it, a record including a stop of
 * rtlens's own thread reaches none, the other kinds never do
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "model/stop_rule.h"

static struct rtl_record sample(uint64_t us, uint64_t self_ns)
{
	struct rtl_record r;

	memset(&r, 0, sizeof(r));
	r.kind = RECORD_NOISE_SAMPLE;
	r.sample.duration_ns = us * 1000 + 999;
	r.sample.self_ns = self_ns;
	return r;
}

static struct rtl_record latency(enum timerlat_context ctx, uint64_t us)
{
	struct rtl_record r;

	memset(&r, 0, sizeof(r));
	r.kind = RECORD_TIMERLAT;
	r.timerlat.context = ctx;
	r.timerlat.latency_ns = us * 1000;
	return r;
}

static void test_noise_sample(void **state)
{
	struct rtl_record r = sample(100, 0);
	enum stop_limit limit = STOP_LIMIT_TOTAL;
	uint64_t v = 0;

	(void)state;
	assert_true(stop_record_over(&r, 100, 0, &v, &limit));
	assert_int_equal(v, 100);
	assert_int_equal(limit, STOP_LIMIT_SINGLE);
	assert_false(stop_record_over(&r, 101, 0, NULL, NULL));
	assert_false(stop_record_over(&r, 0, 50, NULL, NULL));	/* -S is the period's */
	r = sample(100, 1);
	assert_false(stop_record_over(&r, 1, 1, NULL, NULL));	/* includes a stop of its own */
}

static void test_period(void **state)
{
	struct rtl_record r;
	enum stop_limit limit = STOP_LIMIT_SINGLE;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.kind = RECORD_OSNOISE_PERIOD;
	r.period.noise_us = 500;
	assert_true(stop_record_over(&r, 0, 500, NULL, &limit));
	assert_int_equal(limit, STOP_LIMIT_TOTAL);
	assert_false(stop_record_over(&r, 1, 0, NULL, NULL));	/* -s is the sample's */
	assert_false(stop_record_over(&r, 0, 501, NULL, NULL));
}

static void test_timerlat(void **state)
{
	struct rtl_record irq = latency(TIMERLAT_IRQ, 20), thread = latency(TIMERLAT_THREAD, 40);
	struct rtl_record user = latency(TIMERLAT_USER, 60);
	enum stop_limit limit;

	(void)state;
	assert_true(stop_record_over(&irq, 20, 0, NULL, &limit));
	assert_int_equal(limit, STOP_LIMIT_SINGLE);
	assert_false(stop_record_over(&irq, 0, 1, NULL, NULL));
	assert_true(stop_record_over(&thread, 0, 40, NULL, &limit));
	assert_int_equal(limit, STOP_LIMIT_TOTAL);
	assert_false(stop_record_over(&thread, 1, 0, NULL, NULL));
	assert_true(stop_record_over(&user, 0, 60, NULL, NULL));
	thread.timerlat.self_ns = 5;
	assert_false(stop_record_over(&thread, 0, 1, NULL, NULL));
}

static void test_other_kinds(void **state)
{
	struct rtl_record r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.kind = RECORD_NOISE_EVENT;
	r.noise.duration_ns = 1000000;
	assert_false(stop_record_over(&r, 1, 1, NULL, NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_noise_sample),
		cmocka_unit_test(test_period),
		cmocka_unit_test(test_timerlat),
		cmocka_unit_test(test_other_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

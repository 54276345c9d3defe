// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for softirq: the kernel's names of the softirq vectors, and
 * "softirq-N" for the vectors it does not name
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "decode/softirq.h"

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(softirq_name(0), "HI");
	assert_string_equal(softirq_name(1), "TIMER");
	assert_string_equal(softirq_name(3), "NET_RX");
	assert_string_equal(softirq_name(8), "HRTIMER");
	assert_string_equal(softirq_name(9), "RCU");
	assert_null(softirq_name(10));
	assert_null(softirq_name(-1));
}

static void test_format(void **state)
{
	char buf[16];

	(void)state;
	softirq_format(7, buf, sizeof(buf));
	assert_string_equal(buf, "SCHED");
	softirq_format(10, buf, sizeof(buf));
	assert_string_equal(buf, "softirq-10");
	softirq_format(-3, buf, sizeof(buf));
	assert_string_equal(buf, "softirq--3");
	softirq_format(6, buf, 4);		/* bounded */
	assert_string_equal(buf, "TAS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

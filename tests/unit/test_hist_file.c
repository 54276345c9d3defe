// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for reading a kernel hist trigger file
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "decode/hist_file.h"

struct seen {
	int		n;
	int		cpu[8];
	uint64_t	low[8];
	uint64_t	count[8];
};

static void collect(int cpu, uint64_t low, uint64_t count, void *ctx)
{
	struct seen *s = ctx;

	s->cpu[s->n] = cpu;
	s->low[s->n] = low;
	s->count[s->n] = count;
	s->n++;
}

static void test_parse(void **state)
{
	static const char text[] =
		"# event histogram\n"
		"#\n"
		"# trigger info: hist:keys=duration.buckets=1000,cpu:vals=hitcount:size=2048 [active]\n"
		"#\n\n"
		"{ duration: ~ 1000-1999, cpu:          2 } hitcount:          5\n"
		"{ duration: ~ 0-999, cpu:          0 } hitcount:     123456\n"
		"{ duration: ~ 45000-45999, cpu:         13 } hitcount:          1\n"
		"\nTotals:\n    Hits: 123462\n    Entries: 3\n    Dropped: 0\n";
	struct seen s = { 0 };

	(void)state;
	assert_int_equal(hist_file_parse(text, collect, &s), 3);
	assert_int_equal(s.cpu[0], 2);
	assert_int_equal(s.low[0], 1000);
	assert_int_equal(s.count[0], 5);
	assert_int_equal(s.cpu[1], 0);
	assert_int_equal(s.count[1], 123456);
	assert_int_equal(s.cpu[2], 13);
	assert_int_equal(s.low[2], 45000);
}

static void test_parse_bad(void **state)
{
	struct seen s = { 0 };

	(void)state;
	assert_int_equal(hist_file_parse("", collect, &s), 0);
	assert_int_equal(hist_file_parse("{ duration: ~ x-y, cpu: 1 } hitcount: 3\n", collect, &s), -1);
	assert_int_equal(s.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_parse_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

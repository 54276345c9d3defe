// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for cpulist
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/cpulist.h"
#include "long_text.h"

static void format_is(const struct cpu_mask *mask, const char *expected)
{
	char buf[256];
	int n = cpu_mask_format(mask, buf, sizeof(buf));

	assert_string_equal(buf, expected);
	assert_int_equal(n, strlen(expected));
}

/* Parse @str into a fresh mask of @nr_cpus and check its canonical form. */
static void parse_ok(int nr_cpus, const char *str, const char *canonical)
{
	struct cpu_mask mask;
	const char *why = NULL;

	assert_int_equal(cpu_mask_init(&mask, nr_cpus), 0);
	assert_int_equal(cpu_mask_parse(&mask, str, &why), 0);
	format_is(&mask, canonical);
	cpu_mask_free(&mask);
}

/* Parsing @str must fail, leave the mask alone and explain with @expected. */
static void parse_bad(int nr_cpus, const char *str, const char *expected)
{
	struct cpu_mask mask;
	const char *why = NULL;

	assert_int_equal(cpu_mask_init(&mask, nr_cpus), 0);
	cpu_mask_set(&mask, 1);
	assert_int_equal(cpu_mask_parse(&mask, str, &why), -1);
	assert_non_null(why);
	assert_string_equal(why, expected);
	format_is(&mask, "1");
	cpu_mask_free(&mask);
}

static void test_init_empty(void **state)
{
	struct cpu_mask mask;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 4), 0);
	assert_int_equal(mask.nr_cpus, 4);
	assert_int_equal(cpu_mask_count(&mask), 0);
	assert_int_equal(cpu_mask_next(&mask, 0), -1);
	format_is(&mask, "");
	cpu_mask_free(&mask);
	assert_null(mask.bits);
	assert_int_equal(mask.nr_cpus, 0);
}

static void test_init_bad_size(void **state)
{
	struct cpu_mask mask;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 0), -1);
	assert_null(mask.bits);
	assert_int_equal(cpu_mask_init(&mask, -3), -1);
	assert_null(mask.bits);
}

static void test_set_test_bounds(void **state)
{
	struct cpu_mask mask;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 70), 0);
	cpu_mask_set(&mask, 0);
	cpu_mask_set(&mask, 63);
	cpu_mask_set(&mask, 64);
	cpu_mask_set(&mask, 69);
	cpu_mask_set(&mask, 70);	/* out of range: ignored */
	cpu_mask_set(&mask, -1);	/* ditto */
	assert_true(cpu_mask_test(&mask, 0));
	assert_true(cpu_mask_test(&mask, 63));
	assert_true(cpu_mask_test(&mask, 64));
	assert_true(cpu_mask_test(&mask, 69));
	assert_false(cpu_mask_test(&mask, 1));
	assert_false(cpu_mask_test(&mask, 70));
	assert_false(cpu_mask_test(&mask, -1));
	assert_int_equal(cpu_mask_count(&mask), 4);
	format_is(&mask, "0,63-64,69");
	cpu_mask_free(&mask);
}

static void test_fill(void **state)
{
	struct cpu_mask mask;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 130), 0);
	cpu_mask_fill(&mask);
	assert_int_equal(cpu_mask_count(&mask), 130);
	assert_false(cpu_mask_test(&mask, 130));
	format_is(&mask, "0-129");
	cpu_mask_free(&mask);

	assert_int_equal(cpu_mask_init(&mask, 1), 0);
	cpu_mask_fill(&mask);
	format_is(&mask, "0");
	cpu_mask_free(&mask);
}

static void test_next_and_iterate(void **state)
{
	struct cpu_mask mask;
	int cpu, seen[8], n = 0;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 200), 0);
	cpu_mask_set(&mask, 3);
	cpu_mask_set(&mask, 64);
	cpu_mask_set(&mask, 128);
	cpu_mask_set(&mask, 199);
	assert_int_equal(cpu_mask_next(&mask, -5), 3);
	assert_int_equal(cpu_mask_next(&mask, 3), 3);
	assert_int_equal(cpu_mask_next(&mask, 4), 64);
	assert_int_equal(cpu_mask_next(&mask, 65), 128);
	assert_int_equal(cpu_mask_next(&mask, 129), 199);
	assert_int_equal(cpu_mask_next(&mask, 200), -1);
	assert_int_equal(cpu_mask_next(&mask, 1000), -1);

	for_each_cpu_in(cpu, &mask) {
		assert_true(n < 8);
		seen[n++] = cpu;
	}
	assert_int_equal(n, 4);
	assert_int_equal(seen[0], 3);
	assert_int_equal(seen[1], 64);
	assert_int_equal(seen[2], 128);
	assert_int_equal(seen[3], 199);
	cpu_mask_free(&mask);
}

static void test_parse_valid(void **state)
{
	(void)state;
	parse_ok(16, "0", "0");
	parse_ok(16, "15", "15");
	parse_ok(16, "0-3,5,7-9", "0-3,5,7-9");
	parse_ok(16, "9,0-3,5", "0-3,5,9");
	parse_ok(16, "4-4", "4");
	parse_ok(16, "0,1", "0-1");
	parse_ok(16, "0-3,2-6,5", "0-6");	/* overlaps are fine */
	parse_ok(16, "3,3,3", "3");		/* so are duplicates */
	parse_ok(16, "0-15", "0-15");
	parse_ok(16, "007", "7");
	parse_ok(100, "60-70,99", "60-70,99");
}

static void test_parse_replaces_mask(void **state)
{
	struct cpu_mask mask;
	const char *why;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 8), 0);
	cpu_mask_fill(&mask);
	assert_int_equal(cpu_mask_parse(&mask, "2", &why), 0);
	format_is(&mask, "2");
	assert_int_equal(cpu_mask_count(&mask), 1);
	cpu_mask_free(&mask);
}

static void test_parse_syntax_errors(void **state)
{
	(void)state;
	parse_bad(8, "", "empty list");
	parse_bad(8, ",", "empty entry in cpu list");
	parse_bad(8, "1,", "empty entry in cpu list");
	parse_bad(8, ",1", "empty entry in cpu list");
	parse_bad(8, "1,,2", "empty entry in cpu list");
	parse_bad(8, "x", "'x' is not a cpu number");
	parse_bad(8, "1,a", "'a' is not a cpu number");
	parse_bad(8, "1x", "'1x' is not a cpu number");
	parse_bad(8, " 1", "' 1' is not a cpu number");
	parse_bad(8, "1 ", "'1 ' is not a cpu number");
	parse_bad(8, "+1", "'+1' is not a cpu number");
	parse_bad(8, "-1", "'-1' is not a cpu number");
	parse_bad(8, "1-", "'1-' is not a cpu range");
	parse_bad(8, "1--2", "'1--2' is not a cpu range");
	parse_bad(8, "1-2-3", "'1-2-3' is not a cpu range");
	parse_bad(8, "0-y", "'0-y' is not a cpu range");
}

static void test_parse_range_errors(void **state)
{
	(void)state;
	parse_bad(4, "9", "cpu 9 is out of range 0-3");
	parse_bad(4, "4", "cpu 4 is out of range 0-3");
	parse_bad(4, "0-4", "cpu 4 is out of range 0-3");
	parse_bad(4, "0,2,1-7", "cpu 7 is out of range 0-3");
	parse_bad(4, "99999999999999999999",
		  "cpu 99999999999999999999 is out of range 0-3");
	parse_bad(8, "5-2", "range 5-2 is reversed");
	parse_bad(8, "0,3-1", "range 3-1 is reversed");
}

/* the word refused is quoted whole however long, a control byte escaped */
static void test_parse_long_word_whole(void **state)
{
	char list[300], word[260], want[300];

	(void)state;
	long_words(word, sizeof(word), "word", " ", 25);
	snprintf(list, sizeof(list), "1,%s\x1b,2", word);
	snprintf(want, sizeof(want), "'%s\\x1b' is not a cpu number", word);
	parse_bad(4, list, want);
	snprintf(list, sizeof(list), "0,0000000000000000000000000000000000000000000000000000004");
	parse_bad(4, list, "cpu 0000000000000000000000000000000000000000000000000000004 is out of "
		  "range 0-3");
}

static void test_parse_null_why(void **state)
{
	struct cpu_mask mask;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 4), 0);
	assert_int_equal(cpu_mask_parse(&mask, "7", NULL), -1);
	assert_int_equal(cpu_mask_parse(&mask, "1-2", NULL), 0);
	format_is(&mask, "1-2");
	cpu_mask_free(&mask);
}

static void test_format_truncation(void **state)
{
	struct cpu_mask mask;
	char buf[6];
	const char *why;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, 16), 0);
	assert_int_equal(cpu_mask_parse(&mask, "0-3,5,7-9", &why), 0);

	memset(buf, 'Z', sizeof(buf));
	assert_int_equal(cpu_mask_format(&mask, buf, sizeof(buf)), 9);
	assert_string_equal(buf, "0-3,5");

	memset(buf, 'Z', sizeof(buf));
	assert_int_equal(cpu_mask_format(&mask, buf, 3), 9);
	assert_string_equal(buf, "0-");
	assert_int_equal(buf[3], 'Z');

	assert_int_equal(cpu_mask_format(&mask, NULL, 0), 9);
	cpu_mask_free(&mask);
}

static void test_format_hex(void **state)
{
	struct cpu_mask m;
	char buf[64];
	const char *why;

	(void)state;
	assert_int_equal(cpu_mask_init(&m, 40), 0);
	assert_int_equal(cpu_mask_parse(&m, "1-3,33", &why), 0);
	assert_int_equal(cpu_mask_format_hex(&m, buf, sizeof(buf)), 17);
	assert_string_equal(buf, "00000002,0000000e");
	assert_int_equal(cpu_mask_format_hex(&m, buf, 10), -1);
	cpu_mask_free(&m);
	assert_int_equal(cpu_mask_init(&m, 4), 0);
	assert_int_equal(cpu_mask_parse(&m, "0,3", &why), 0);
	assert_int_equal(cpu_mask_format_hex(&m, buf, sizeof(buf)), 8);
	assert_string_equal(buf, "00000009");
	cpu_mask_free(&m);
}

/* the event filter on the kernel's CPU field: one term per range */
static void test_format_filter(void **state)
{
	struct cpu_mask m;
	char buf[64];
	const char *why;

	(void)state;
	assert_int_equal(cpu_mask_init(&m, 40), 0);
	assert_int_equal(cpu_mask_parse(&m, "1-3,5,33", &why), 0);
	assert_int_equal(cpu_mask_format_filter(&m, buf, sizeof(buf)), 33);
	assert_string_equal(buf, "(CPU>=1&&CPU<=3)||CPU==5||CPU==33");
	/* too short: -1, never a filter cut in the middle */
	assert_int_equal(cpu_mask_format_filter(&m, buf, 33), -1);
	assert_int_equal(cpu_mask_format_filter(&m, buf, 34), 33);
	assert_int_equal(cpu_mask_format_filter(&m, buf, 0), -1);
	cpu_mask_free(&m);
	assert_int_equal(cpu_mask_init(&m, 4), 0);
	assert_int_equal(cpu_mask_parse(&m, "2", &why), 0);
	assert_int_equal(cpu_mask_format_filter(&m, buf, sizeof(buf)), 6);
	assert_string_equal(buf, "CPU==2");
	cpu_mask_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_empty),
		cmocka_unit_test(test_parse_long_word_whole),
		cmocka_unit_test(test_init_bad_size),
		cmocka_unit_test(test_set_test_bounds),
		cmocka_unit_test(test_fill),
		cmocka_unit_test(test_next_and_iterate),
		cmocka_unit_test(test_parse_valid),
		cmocka_unit_test(test_parse_replaces_mask),
		cmocka_unit_test(test_parse_syntax_errors),
		cmocka_unit_test(test_parse_range_errors),
		cmocka_unit_test(test_parse_null_why),
		cmocka_unit_test(test_format_truncation),
		cmocka_unit_test(test_format_hex),
		cmocka_unit_test(test_format_filter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

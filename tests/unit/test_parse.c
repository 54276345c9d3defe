// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the option value parsers
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/parse.h"

#define UNTOUCHED	0xdeadbeefULL

typedef int (*u64_parser)(const char *, uint64_t *, const char **);

static void u64_ok(u64_parser fn, const char *str, uint64_t expected)
{
	uint64_t val = UNTOUCHED;
	const char *why = NULL;

	assert_int_equal(fn(str, &val, &why), 0);
	assert_int_equal(val, expected);
}

/* Must fail with @expected as the reason and leave the output alone. */
static void u64_bad(u64_parser fn, const char *str, const char *expected)
{
	uint64_t val = UNTOUCHED;
	const char *why = NULL;

	assert_int_equal(fn(str, &val, &why), -1);
	assert_int_equal(val, UNTOUCHED);
	assert_non_null(why);
	assert_string_equal(why, expected);
	/* and a NULL why is allowed */
	assert_int_equal(fn(str, &val, NULL), -1);
	assert_int_equal(val, UNTOUCHED);
}

static void test_u64_valid(void **state)
{
	(void)state;
	u64_ok(parse_u64, "0", 0);
	u64_ok(parse_u64, "1", 1);
	u64_ok(parse_u64, "0042", 42);
	u64_ok(parse_u64, "18446744073", 18446744073ULL);
	u64_ok(parse_u64, "9223372036854775807", INT64_MAX);
}

static void test_u64_invalid(void **state)
{
	(void)state;
	u64_bad(parse_u64, "", "empty number");
	u64_bad(parse_u64, "-1", "not a decimal number");
	u64_bad(parse_u64, "+1", "not a decimal number");
	u64_bad(parse_u64, " 1", "not a decimal number");
	u64_bad(parse_u64, "1 ", "not a decimal number");
	u64_bad(parse_u64, "12abc", "not a decimal number");
	u64_bad(parse_u64, "0x10", "not a decimal number");
	u64_bad(parse_u64, "1.5", "not a decimal number");
	u64_bad(parse_u64, "abc", "not a decimal number");
	u64_bad(parse_u64, "9223372036854775808", "number is too large");
	u64_bad(parse_u64, "18446744073709551615", "number is too large");
	u64_bad(parse_u64, "18446744073709551616", "number is too large");
	u64_bad(parse_u64, "99999999999999999999999", "number is too large");
}

/* a parser of a real number: its value, or refused with @expected and the output untouched */
static void real_ok(int (*parse)(const char *, double *, const char **), const char *str,
		    double expected)
{
	const char *why = NULL;
	double val = -1;

	assert_int_equal(parse(str, &val, &why), 0);
	assert_float_equal(val, expected, fabs(expected) * 1e-12);
}

static void real_bad(int (*parse)(const char *, double *, const char **), const char *str,
		     const char *expected)
{
	const char *why = NULL;
	double val = -1;

	assert_int_equal(parse(str, &val, &why), -1);
	assert_float_equal(val, -1, 0);
	assert_non_null(why);
	assert_string_equal(why, expected);
	assert_int_equal(parse(str, &val, NULL), -1);
}

/* --speed's: a decimal number, a fraction allowed */
static void decimal_ok(const char *str, double expected)
{
	real_ok(parse_decimal, str, expected);
}

static void decimal_bad(const char *str, const char *expected)
{
	real_bad(parse_decimal, str, expected);
}

static void test_decimal(void **state)
{
	(void)state;
	decimal_ok("2", 2);
	decimal_ok("0", 0);
	decimal_ok("0.5", 0.5);
	decimal_ok("10.25", 10.25);
	decimal_ok("007.050", 7.05);
	decimal_ok("0.000000001", 1e-9);
	decimal_ok("1000000", 1e6);
	decimal_bad("", "empty number");
	decimal_bad(".5", "empty number");
	decimal_bad("1.", "empty number");
	decimal_bad("-1", "not a decimal number");
	decimal_bad("+1", "not a decimal number");
	decimal_bad("abc", "not a decimal number");
	decimal_bad("1e3", "not a decimal number");
	decimal_bad("1.2.3", "not a decimal number");
	decimal_bad("1.5x", "not a decimal number");
	decimal_bad("inf", "not a decimal number");
	decimal_bad("nan", "not a decimal number");
	decimal_bad("0.0000000001", "at most 9 digits after the point");
	decimal_bad("99999999999999999999", "number is too large");
}

/* --until-confident's P: a decimal or an exponent, over 0 and under 1 */
static void probability_ok(const char *str, double expected)
{
	real_ok(parse_probability, str, expected);
}

static void probability_bad(const char *str, const char *expected)
{
	real_bad(parse_probability, str, expected);
}

static void test_probability(void **state)
{
	(void)state;
	probability_ok("1e-9", 1e-9);
	probability_ok("1E-9", 1e-9);
	probability_ok("2.5e-7", 2.5e-7);
	probability_ok("0.000001", 1e-6);
	probability_ok("0.5", 0.5);
	probability_ok("1e-300", 1e-300);
	probability_ok("10e-10", 1e-9);
	probability_bad("", "empty number");
	probability_bad("0", "a probability is over 0 and under 1");
	probability_bad("0.0", "a probability is over 0 and under 1");
	probability_bad("1", "a probability is over 0 and under 1");
	probability_bad("1e0", "a probability is over 0 and under 1");
	probability_bad("1e-400", "a probability is over 0 and under 1");
	probability_bad("-1e-9", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("+1e-9", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad(".5", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("1.", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("1e", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("1e-", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("1e-0009", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad(" 1e-9", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("1e-9 ", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("0x1p-30", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("inf", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("nan", "not a probability: write it as 0.000001 or 1e-6");
	probability_bad("1/1000", "not a probability: write it as 0.000001 or 1e-6");
}

static void test_duration_valid(void **state)
{
	(void)state;
	u64_ok(parse_duration, "10", 10);
	u64_ok(parse_duration, "10s", 10);
	u64_ok(parse_duration, "5m", 300);
	u64_ok(parse_duration, "2h", 7200);
	u64_ok(parse_duration, "1d", 86400);
	u64_ok(parse_duration, "365d", 31536000);
	u64_ok(parse_duration, "31536000", 31536000);
}

static void test_duration_invalid(void **state)
{
	(void)state;
	u64_bad(parse_duration, "", "empty number");
	u64_bad(parse_duration, "0", "duration must be greater than 0");
	u64_bad(parse_duration, "0h", "duration must be greater than 0");
	u64_bad(parse_duration, "s", "not a decimal number");
	u64_bad(parse_duration, "-5m", "not a decimal number");
	u64_bad(parse_duration, "5x", "duration unit must be s, m, h or d");
	u64_bad(parse_duration, "5ms", "duration unit must be s, m, h or d");
	u64_bad(parse_duration, "5M", "duration unit must be s, m, h or d");
	u64_bad(parse_duration, "5 s", "duration unit must be s, m, h or d");
	u64_bad(parse_duration, "5s ", "duration unit must be s, m, h or d");
	u64_bad(parse_duration, "366d", "duration must be at most 365d (31536000 s)");
	u64_bad(parse_duration, "31536001", "duration must be at most 365d (31536000 s)");
	u64_bad(parse_duration, "99999999999d", "duration must be at most 365d (31536000 s)");
	u64_bad(parse_duration, "9223372036854775807", "duration must be at most 365d (31536000 s)");
	u64_bad(parse_duration, "1099511627776", "duration must be at most 365d (31536000 s)");
	u64_bad(parse_duration, "106751991167301d", "value is too large");
	u64_bad(parse_duration, "153722867280912931m", "value is too large");
	u64_bad(parse_duration, "9223372036854775808", "number is too large");
}

static void test_time_ns_valid(void **state)
{
	(void)state;
	u64_ok(parse_time_ns, "0", 0);
	u64_ok(parse_time_ns, "500", 500);
	u64_ok(parse_time_ns, "500ns", 500);
	u64_ok(parse_time_ns, "20us", 20000);
	u64_ok(parse_time_ns, "3ms", 3000000);
	u64_ok(parse_time_ns, "1s", 1000000000);
	u64_ok(parse_time_ns, "9223372036s", 9223372036000000000ULL);
}

static void test_time_ns_invalid(void **state)
{
	(void)state;
	u64_bad(parse_time_ns, "", "empty number");
	u64_bad(parse_time_ns, "us", "not a decimal number");
	u64_bad(parse_time_ns, "-1us", "not a decimal number");
	u64_bad(parse_time_ns, "1m", "time unit must be ns, us, ms or s");
	u64_bad(parse_time_ns, "1h", "time unit must be ns, us, ms or s");
	u64_bad(parse_time_ns, "1.5ms", "time unit must be ns, us, ms or s");
	u64_bad(parse_time_ns, "1MS", "time unit must be ns, us, ms or s");
	u64_bad(parse_time_ns, "1uss", "time unit must be ns, us, ms or s");
	u64_bad(parse_time_ns, "9223372037s", "value is too large");
	u64_bad(parse_time_ns, "9223372036854776ms", "value is too large");
	u64_bad(parse_time_ns, "9223372036854775808", "number is too large");
}

static struct sched_attr_req untouched_req(void)
{
	struct sched_attr_req req = {
		.kind = SCHED_KIND_NONE,
		.prio = 12345,
		.runtime_ns = UNTOUCHED,
		.period_ns = UNTOUCHED,
	};

	return req;
}

static struct sched_attr_req prio_ok(const char *str)
{
	struct sched_attr_req req = untouched_req();
	const char *why = NULL;

	assert_int_equal(parse_priority(str, &req, &why), 0);
	return req;
}

static void prio_bad(const char *str, const char *expected)
{
	struct sched_attr_req req = untouched_req();
	const char *why = NULL;

	assert_int_equal(parse_priority(str, &req, &why), -1);
	assert_non_null(why);
	assert_string_equal(why, expected);
	assert_int_equal(req.kind, SCHED_KIND_NONE);
	assert_int_equal(req.prio, 12345);
	assert_int_equal(req.runtime_ns, UNTOUCHED);
	assert_int_equal(req.period_ns, UNTOUCHED);
	assert_int_equal(parse_priority(str, &req, NULL), -1);
}

static void test_priority_other(void **state)
{
	struct sched_attr_req req;

	(void)state;
	req = prio_ok("o:0");
	assert_int_equal(req.kind, SCHED_KIND_OTHER);
	assert_int_equal(req.prio, 0);
	assert_int_equal(req.runtime_ns, 0);
	assert_int_equal(req.period_ns, 0);
	assert_int_equal(prio_ok("o:-20").prio, -20);
	assert_int_equal(prio_ok("o:19").prio, 19);
	assert_int_equal(prio_ok("o:+5").prio, 5);
	assert_int_equal(prio_ok("o:-0").prio, 0);

	prio_bad("o:20", "nice value must be -20..19");
	prio_bad("o:-21", "nice value must be -20..19");
	prio_bad("o:99999999999999999999", "number is too large");
	prio_bad("o:", "empty number");
	prio_bad("o:-", "empty number");
	prio_bad("o:--1", "not a decimal number");
	prio_bad("o:1x", "not a decimal number");
}

static void test_priority_rt(void **state)
{
	struct sched_attr_req req;

	(void)state;
	req = prio_ok("f:1");
	assert_int_equal(req.kind, SCHED_KIND_FIFO);
	assert_int_equal(req.prio, 1);
	req = prio_ok("r:99");
	assert_int_equal(req.kind, SCHED_KIND_RR);
	assert_int_equal(req.prio, 99);
	assert_int_equal(req.runtime_ns, 0);

	prio_bad("f:0", "FIFO priority must be 1-99");
	prio_bad("f:100", "FIFO priority must be 1-99");
	prio_bad("r:0", "RR priority must be 1-99");
	prio_bad("r:100", "RR priority must be 1-99");
	prio_bad("f:-1", "not a decimal number");
	prio_bad("r:+1", "not a decimal number");
	prio_bad("f:", "empty number");
	prio_bad("f:50x", "not a decimal number");
}

static void test_priority_deadline(void **state)
{
	struct sched_attr_req req;

	(void)state;
	req = prio_ok("d:100us:1ms");
	assert_int_equal(req.kind, SCHED_KIND_DEADLINE);
	assert_int_equal(req.prio, 0);
	assert_int_equal(req.runtime_ns, 100000);
	assert_int_equal(req.period_ns, 1000000);

	req = prio_ok("d:500:500");
	assert_int_equal(req.runtime_ns, 500);
	assert_int_equal(req.period_ns, 500);

	req = prio_ok("d:1ms:1s");
	assert_int_equal(req.runtime_ns, 1000000);
	assert_int_equal(req.period_ns, 1000000000);

	prio_bad("d:0:1ms", "deadline runtime must be greater than 0");
	prio_bad("d:1ms:0", "deadline period must be greater than 0");
	prio_bad("d:2ms:1ms", "deadline runtime must not exceed the period");
	prio_bad("d:1ms", "deadline must be d:runtime:period");
	prio_bad("d:", "deadline must be d:runtime:period");
	prio_bad("d::1ms", "empty number");
	prio_bad("d:1ms:", "empty number");
	prio_bad("d:1m:1s", "time unit must be ns, us, ms or s");
	prio_bad("d:1ms:2s:3s", "time unit must be ns, us, ms or s");
}

static void test_priority_syntax(void **state)
{
	(void)state;
	prio_bad("", "priority must be o:nice, r:prio, f:prio or d:runtime:period");
	prio_bad("f", "priority must be o:nice, r:prio, f:prio or d:runtime:period");
	prio_bad("f50", "priority must be o:nice, r:prio, f:prio or d:runtime:period");
	prio_bad("fifo:50", "priority must be o:nice, r:prio, f:prio or d:runtime:period");
	prio_bad("x:1", "scheduling policy must be o, r, f or d (or O, R, F, D)");
	prio_bad("X:1", "scheduling policy must be o, r, f or d (or O, R, F, D)");
	/* the upper case, as rtla and its own test suite write it (issue #16) */
	assert_int_equal(prio_ok("F:1").kind, SCHED_KIND_FIFO);
	assert_int_equal(prio_ok("F:1").prio, 1);
	assert_int_equal(prio_ok("R:50").kind, SCHED_KIND_RR);
	assert_int_equal(prio_ok("O:-5").prio, -5);
	assert_int_equal(prio_ok("D:100us:1ms").kind, SCHED_KIND_DEADLINE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_u64_valid),
		cmocka_unit_test(test_u64_invalid),
		cmocka_unit_test(test_decimal),
		cmocka_unit_test(test_probability),
		cmocka_unit_test(test_duration_valid),
		cmocka_unit_test(test_duration_invalid),
		cmocka_unit_test(test_time_ns_valid),
		cmocka_unit_test(test_time_ns_invalid),
		cmocka_unit_test(test_priority_other),
		cmocka_unit_test(test_priority_rt),
		cmocka_unit_test(test_priority_deadline),
		cmocka_unit_test(test_priority_syntax),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

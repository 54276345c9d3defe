// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the typed rows of an option table (opt_parse.h), on a
 * table of their own: a number refused out of its range with the range in
 * the message, --no-NAME after --NAME, a name refused with the list of the
 * valid ones, a path's empty name and its "-", a fraction over 0 up to its
 * bound, a function called after a value is stored, and the --help's group
 * headings in their order
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "capture.h"
#include "cli/opt_parse.h"

#define ARGV(...)	((char *[]){ __VA_ARGS__, NULL })
#define T		CMD_BIT(CMD_CHECK)

struct ctx {
	bool		loud;
	bool		no_color;
	bool		then_called;
	uint64_t	period_us;
	unsigned int	count;
	uint64_t	buffer_kb;
	int		shape;
	const char	*mode;
	const char	*out;
	uint64_t	wait_s;
	double		speed;
};

static const char *const shapes[] = { "round", "square", "flat" };

static int count_then(void *p, const char **why)
{
	struct ctx *c = p;

	(void)why;
	c->then_called = true;
	return 0;
}

enum { G_FIRST, G_SECOND, G_THIRD, NR_G };
static const char *const group_names[NR_G] = { "First things", "Second things", "Last" };

/* rows out of their groups' order: --help puts each under its heading */
static const struct opt_desc rows[] = {
	{ .name = "loud", .short_name = 'l', .help = "be loud", .cmds = T, .group = G_THIRD,
	  OPT_FLAG(struct ctx, loud) },
	{ .name = "no-color", .help = "no colour", .cmds = T, .group = G_SECOND,
	  OPT_FLAG(struct ctx, no_color) },
	{ .name = "period", .short_name = 'p', .arg_name = "us", .help = "the period",
	  .cmds = T, .group = G_FIRST,
	  OPT_UINT_FIELD(struct ctx, period_us, 1, 10000000), .unit = OPT_UNIT_US,
	  .what = "the period" },
	{ .name = "count", .arg_name = "N", .help = "how many", .cmds = T, .group = G_FIRST,
	  OPT_UINT_FIELD(struct ctx, count, 10, 999), .what = "the count", .note = "say more",
	  .then = count_then },
	{ .name = "buffer", .arg_name = "kB", .help = "a buffer", .cmds = T, .group = G_SECOND,
	  OPT_UINT_FIELD(struct ctx, buffer_kb, 1, 0), .unit = OPT_UNIT_KB,
	  .what = "the buffer" },
	{ .name = "shape", .arg_name = "shape", .help = "a shape", .cmds = T, .group = G_SECOND,
	  OPT_ENUM_FIELD(struct ctx, shape, shapes, 3), .what = "the shape" },
	{ .name = "mode", .arg_name = "mode", .help = "a mode", .cmds = T, .group = G_SECOND,
	  OPT_CHOICE_FIELD(struct ctx, mode, shapes, 3), .what = "the mode" },
	{ .name = "out", .arg_name = "file", .help = "a file", .cmds = T, .group = G_THIRD,
	  OPT_PATH_FIELD(struct ctx, out), .dash = "not to stdout" },
	{ .name = "wait", .arg_name = "s", .help = "a wait", .cmds = T, .group = G_FIRST,
	  OPT_DURATION_FIELD(struct ctx, wait_s) },
	{ .name = "speed", .arg_name = "N", .help = "how fast", .cmds = T, .group = G_FIRST,
	  OPT_FACTOR_FIELD(struct ctx, speed, 100), .what = "the speed" },
};

static const struct opt_table table = {
	.opts		= rows,
	.nr_opts	= sizeof(rows) / sizeof(rows[0]),
	.exit_status	= "0",
	.groups		= group_names,
	.nr_groups	= NR_G,
};

/* parse @argv into *@c (zeroed first); what it printed in *@out */
static enum opts_result parse(struct ctx *c, char **argv, char **out)
{
	struct capture o, e;
	enum opts_result ret;
	char *text_out, *text_err;
	int argc = 0;

	while (argv[argc])
		argc++;
	memset(c, 0, sizeof(*c));
	capture_start(&o, 1);
	capture_start(&e, 2);
	ret = opt_parse(&commands[CMD_CHECK], &table, c, argc, argv);
	text_err = capture_end(&e);
	text_out = capture_end(&o);
	assert_true(asprintf(out, "%s%s", text_out, text_err) >= 0);
	free(text_out);
	free(text_err);
	return ret;
}

static void expect_ok(struct ctx *c, char **argv)
{
	char *out;

	if (parse(c, argv, &out) != OPTS_OK)
		fail_msg("%s: refused: %s", argv[1], out);
	free(out);
}

static void expect_refused(char **argv, const char *why)
{
	struct ctx c;
	char *out;

	assert_int_equal(parse(&c, argv, &out), OPTS_ERROR);
	if (!strstr(out, why))
		fail_msg("'%s' lacks '%s'", out, why);
	free(out);
}

static void test_uint_range(void **state)
{
	struct ctx c;
	char *out;

	(void)state;
	expect_ok(&c, ARGV("check", "-p", "10000000", "--count", "999", "--buffer", "4096"));
	assert_int_equal(c.period_us, 10000000);
	assert_int_equal(c.count, 999);
	assert_int_equal(c.buffer_kb, 4096);
	assert_true(c.then_called);
	expect_refused(ARGV("check", "-p", "0"),
		       "invalid -p/--period value '0': the period must be 1 us to 10 s "
		       "(10000000 us)\n");
	expect_refused(ARGV("check", "--period", "10000001"),
		       "the period must be 1 us to 10 s (10000000 us)");
	expect_refused(ARGV("check", "--count", "9"),
		       "invalid --count value '9': the count must be 10 to 999, say more\n");
	expect_refused(ARGV("check", "--count", "1000"), "the count must be 10 to 999");
	expect_refused(ARGV("check", "--buffer", "0"), "the buffer must be at least 1 kB\n");
	expect_refused(ARGV("check", "--count", "x"), "invalid --count value 'x'");
	/* a value refused leaves the field and calls nothing */
	assert_int_equal(parse(&c, ARGV("check", "--count", "5"), &out), OPTS_ERROR);
	free(out);
	assert_int_equal(c.count, 0);
	assert_false(c.then_called);
}

static void test_negation(void **state)
{
	struct ctx c;

	(void)state;
	expect_ok(&c, ARGV("check", "--loud"));
	assert_true(c.loud);
	expect_ok(&c, ARGV("check", "--loud", "--no-loud"));
	assert_false(c.loud);
	expect_ok(&c, ARGV("check", "--no-loud", "-l"));
	assert_true(c.loud);
	expect_ok(&c, ARGV("check", "-l", "--no-loud", "--no-color"));
	assert_false(c.loud);
	assert_true(c.no_color);
	/* a boolean named no-* has no other form: neither --no-no-color nor --color */
	expect_refused(ARGV("check", "--no-no-color"), "unknown option '--no-no-color'");
	expect_refused(ARGV("check", "--color"), "unknown option '--color'");
	expect_refused(ARGV("check", "--no-loud=1"), "--no-loud takes no value\n");
	expect_refused(ARGV("check", "--no-l"),
		       "long options are written whole (--no-loud?)");
	/* a number has no --no- */
	expect_refused(ARGV("check", "--no-count"), "unknown option '--no-count'");
	assert_true(opt_negatable(&table, &rows[0]));
	assert_false(opt_negatable(&table, &rows[1]));
	assert_false(opt_negatable(&table, &rows[2]));
}

static void test_names(void **state)
{
	struct ctx c;

	(void)state;
	expect_ok(&c, ARGV("check", "--shape", "flat", "--mode", "square"));
	assert_int_equal(c.shape, 2);
	assert_string_equal(c.mode, "square");
	assert_ptr_equal(c.mode, shapes[1]);
	expect_refused(ARGV("check", "--shape", "oval"),
		       "invalid --shape value 'oval': the shape is round, square or flat\n");
	expect_refused(ARGV("check", "--mode", "Round"), "the mode is round, square or flat");
}

static void test_path_and_duration(void **state)
{
	struct ctx c;

	(void)state;
	expect_ok(&c, ARGV("check", "--out", "a.txt", "--wait", "2m"));
	assert_string_equal(c.out, "a.txt");
	assert_int_equal(c.wait_s, 120);
	expect_refused(ARGV("check", "--out", ""), "invalid --out value '': the file name is empty");
	expect_refused(ARGV("check", "--out", "-"), "invalid --out value '-': not to stdout");
	expect_refused(ARGV("check", "--wait", "0"), "invalid --wait value '0'");
}

/* a fraction over 0, up to the row's bound; refused, the field stays */
static void test_factor(void **state)
{
	struct ctx c;
	char *out;

	(void)state;
	expect_ok(&c, ARGV("check", "--speed", "0.5"));
	assert_float_equal(c.speed, 0.5, 0);
	expect_ok(&c, ARGV("check", "--speed=100"));
	assert_float_equal(c.speed, 100, 0);
	expect_refused(ARGV("check", "--speed", "0"),
		       "invalid --speed value '0': the speed is a number over 0 up to 100, as 0.5, "
		       "2 or 10\n");
	expect_refused(ARGV("check", "--speed", "100.5"), "the speed is a number over 0 up to 100");
	expect_refused(ARGV("check", "--speed", "-1"),
		       "invalid --speed value '-1': not a decimal number: the speed is a number over "
		       "0 up to 100");
	expect_refused(ARGV("check", "--speed", "abc"), "'abc': not a decimal number: the speed");
	expect_refused(ARGV("check", "--speed"), "option '--speed' needs a value");
	assert_int_equal(parse(&c, ARGV("check", "--speed", "0.0"), &out), OPTS_ERROR);
	free(out);
	assert_float_equal(c.speed, 0, 0);
}

/* the headings in the groups' order, each before its own options only */
static void test_help_groups(void **state)
{
	const char *first, *second, *last;
	struct ctx c;
	char *out;

	(void)state;
	assert_int_equal(parse(&c, ARGV("check", "--help"), &out), OPTS_HELP);
	first = strstr(out, "\tFirst things:\n");
	second = strstr(out, "\tSecond things:\n");
	last = strstr(out, "\tLast:\n");
	assert_non_null(first);
	assert_non_null(second);
	assert_non_null(last);
	assert_true(first < second && second < last);
	assert_true(strstr(out, "-p/--period us: the period") > first);
	assert_true(strstr(out, "-p/--period us: the period") < second);
	assert_true(strstr(out, "--no-color: no colour") > second);
	assert_true(strstr(out, "--no-color: no colour") < last);
	assert_true(strstr(out, "-l/--[no-]loud: be loud") > last);
	assert_null(strstr(out, "[no-]no-color"));
	assert_null(strstr(out, "[no-]count"));
	free(out);
}

/* a typo: the closest word, one edit for each three letters at most, ties to the first */
static void test_closest(void **state)
{
	const char *const cmds[] = { "osnoise top", "osnoise hist", "timerlat top", "check",
				     "compare", "version" };
	const char *const modes[] = { "top", "hist" };

	(void)state;
	assert_string_equal(opt_closest("osnois top", cmds, 6), "osnoise top");
	assert_string_equal(opt_closest("osnoise tpo", cmds, 6), "osnoise top");	/* swapped */
	assert_string_equal(opt_closest("osnois tpo", cmds, 6), "osnoise top");
	assert_string_equal(opt_closest("chekc", cmds, 6), "check");
	assert_string_equal(opt_closest("versoin", cmds, 6), "version");
	assert_string_equal(opt_closest("tpo", modes, 2), "top");
	assert_null(opt_closest("frobnicate", cmds, 6));
	assert_null(opt_closest("co", cmds, 6));
	assert_null(opt_closest("sideways", modes, 2));
	assert_null(opt_closest("tp", cmds, 0));
	/* a word longer than any name is none of them */
	assert_null(opt_closest("checkcheckcheckcheckcheckcheckcheckcheckcheckcheckcheckcheckcheck",
				cmds, 6));
}

/* a mistyped long option: the one it is a typo of */
static void test_mistyped_long(void **state)
{
	(void)state;
	expect_refused(ARGV("check", "--perido", "5"),
		       "unknown option '--perido': did you mean '--period'?");
	expect_refused(ARGV("check", "--no-colr"),
		       "unknown option '--no-colr': did you mean '--no-color'?");
	expect_refused(ARGV("check", "--frobnicate"), "unknown option '--frobnicate'\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uint_range),
		cmocka_unit_test(test_negation),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_path_and_duration),
		cmocka_unit_test(test_factor),
		cmocka_unit_test(test_help_groups),
		cmocka_unit_test(test_closest),
		cmocka_unit_test(test_mistyped_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the option parser: repeated parses (getopt's hidden state)
 * and the words its messages name
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "log.h"
#include "options.h"

/* Parse @argv (NULL-terminated) for osnoise top, with stderr into @err. */
static enum opts_result parse(struct rtl_params *p, char **argv, char *err, size_t err_len)
{
	FILE *tmp = tmpfile();
	int argc, saved = dup(2);
	enum opts_result r;
	size_t n;

	assert_non_null(tmp);
	for (argc = 0; argv[argc]; argc++)
		;
	params_init(p, TOOL_OSNOISE, MODE_TOP, "osnoise top", 4);
	fflush(stderr);
	dup2(fileno(tmp), 2);
	r = options_parse(p, argc, argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(err, 1, err_len - 1, tmp);
	err[n] = '\0';
	fclose(tmp);
	return r;
}

/* @first is refused, then @second, parsed after it, gives @p. */
static void parse_after_refused(struct rtl_params *p, char **first, char **second)
{
	char err[512];

	assert_int_equal(parse(p, first, err, sizeof(err)), OPTS_ERROR);
	params_free(p);
	assert_int_equal(parse(p, second, err, sizeof(err)), OPTS_OK);
}

static void test_parse_after_a_cluster_half_read(void **state)
{
	char top[] = "top", xd[] = "-xD", q[] = "-q";
	char *bad[] = { top, xd, NULL }, *good[] = { top, q, NULL };
	struct rtl_params p;

	(void)state;
	/* getopt stops at x, inside the word, with "D" still to read (the word lives on) */
	parse_after_refused(&p, bad, good);
	/* the new parse did not go on with the old word */
	assert_true(p.quiet);
	assert_false(p.debug);
	assert_false(log_debug_on());
	params_free(&p);
}

static void test_parse_after_non_options(void **state)
{
	char top[] = "top", a[] = "a", b[] = "b", q[] = "-q", c[] = "c";
	char d[] = "-D", cpus[] = "-c", one[] = "1";
	char *first[] = { top, a, b, q, c, NULL }, *second[] = { top, d, cpus, one, NULL };
	struct rtl_params p;

	(void)state;
	parse_after_refused(&p, first, second);
	assert_true(p.debug);
	assert_true(cpu_mask_test(&p.cpus, 1));
	assert_false(cpu_mask_test(&p.cpus, 0));
	params_free(&p);
	log_set_debug(false);
}

static void refused_naming(const char *word, const char *named)
{
	char top[] = "top", *copy = strdup(word), *argv[] = { top, copy, NULL };
	char err[512], expected[64];
	struct rtl_params p;

	assert_int_equal(parse(&p, argv, err, sizeof(err)), OPTS_ERROR);
	snprintf(expected, sizeof(expected), "unknown option '%s'", named);
	assert_non_null(strstr(err, expected));
	params_free(&p);
	free(copy);
}

static void test_unknown_letter_named(void **state)
{
	(void)state;
	refused_naming("-xq", "-x");
	refused_naming("-qx", "-x");
	refused_naming("--nope", "--nope");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_after_a_cluster_half_read),
		cmocka_unit_test(test_parse_after_non_options),
		cmocka_unit_test(test_unknown_letter_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for screen_fit: the live screen clipped to the terminal's
 * columns (escape codes kept whole and free, UTF-8 characters counted once)
 * and rows (the rest said in one line)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "session/screen_fit.h"

/* @text fitted to @rows x @cols is exactly @want */
static void assert_fitted(const char *text, int rows, int cols, const char *want)
{
	char *out = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&out, &len);

	assert_non_null(mem);
	screen_fit(mem, text, strlen(text), rows, cols);
	assert_int_equal(fclose(mem), 0);
	if (strcmp(out, want))
		fail_msg("fitted \"%s\", want \"%s\"", out, want);
	free(out);
}

static void test_short_lines_pass(void **state)
{
	(void)state;
	assert_fitted("a\nbc\n", 24, 80, "a\nbc\n");
	assert_fitted("no newline", 24, 80, "no newline\n");
	assert_fitted("", 24, 80, "");
}

static void test_columns(void **state)
{
	(void)state;
	assert_fitted("abcdef\nxy\n", 24, 4, "abcd\nxy\n");
	/* colours take no column, and the reset past the edge still comes */
	assert_fitted("\033[1;31mabcdef\033[0;0;0m\n", 24, 3, "\033[1;31mabc\033[0;0;0m\n");
	/* a two-byte character is one column */
	assert_fitted("caf\xc3\xa9s\n", 24, 4, "caf\xc3\xa9\n");
}

static void test_rows(void **state)
{
	(void)state;
	/* 4 rows: 3 lines, the last says what was left out */
	assert_fitted("1\n2\n3\n4\n5\n", 4, 80, "1\n2\n... 3 more lines: a larger terminal shows them\n");
	assert_fitted("1\n2\n3\n", 4, 80, "1\n2\n3\n");
	assert_fitted("1\n2\n3\n4\n5\n", 4, 10, "1\n2\n... 3 more\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_lines_pass),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

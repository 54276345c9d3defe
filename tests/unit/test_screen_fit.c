// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for screen_fit: the live screen clipped to the terminal's
 * columns (escape codes kept whole and free, UTF-8 characters counted once)
 * and rows (a table's rows scroll under its header, above its summary, and
 * a last line says which are shown)
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

/* @text fitted to the window @w is exactly @want */
static void assert_window(const char *text, struct screen_window *w, const char *want)
{
	char *out = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&out, &len);

	assert_non_null(mem);
	screen_fit(mem, text, strlen(text), w);
	assert_int_equal(fclose(mem), 0);
	if (strcmp(out, want))
		fail_msg("fitted \"%s\", want \"%s\"", out, want);
	free(out);
}

/* @text, all of it scrolling, fitted to @rows x @cols is exactly @want */
static void assert_fitted(const char *text, int rows, int cols, const char *want)
{
	struct screen_window w = { .rows = rows, .cols = cols };

	assert_window(text, &w, want);
}

/* A table: a 2-line header, rows "0".."9", a summary line */
static const char table[] = "title\nCPU\n0\n1\n2\n3\n4\n5\n6\n7\n8\n9\nALL\n";

static struct screen_window table_window(int rows, int scroll)
{
	const char *body = strchr(table, '0'), *all = strstr(table, "ALL");

	return (struct screen_window){ .rows = rows, .cols = 80, .scroll = scroll,
				       .body_start = (size_t)(body - table),
				       .body_end = (size_t)(all - table) };
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
	/* 4 rows: 3 lines, the last says which are shown */
	assert_fitted("1\n2\n3\n4\n5\n", 4, 80,
		      "1\n2\nrows 1-2 of 5: PgUp/PgDn, g/G scroll; j/k select\n");
	assert_fitted("1\n2\n3\n", 4, 80, "1\n2\n3\n");
	assert_fitted("1\n2\n3\n4\n5\n", 4, 10, "1\n2\nrows 1-2 o\n");
}

static void test_table_fits(void **state)
{
	struct screen_window w = table_window(14, 5);

	(void)state;
	/* 13 lines in 13: all shown, nothing scrolled */
	assert_window(table, &w, table);
	assert_int_equal(w.scroll, 0);
	assert_int_equal(w.page, 10);
}

static void test_table_scrolls(void **state)
{
	struct screen_window w = table_window(8, 0);

	(void)state;
	/* 7 lines: the header, 3 rows, the summary, the status */
	assert_window(table, &w, "title\nCPU\n0\n1\n2\nALL\n"
		      "rows 1-3 of 10: PgUp/PgDn, g/G scroll; j/k select\n");
	assert_int_equal(w.page, 3);
	w.scroll = 4;
	assert_window(table, &w, "title\nCPU\n4\n5\n6\nALL\n"
		      "rows 5-7 of 10: PgUp/PgDn, g/G scroll; j/k select\n");
	/* past the end: the last page, and the scroll kept there */
	w.scroll = 1000;
	assert_window(table, &w, "title\nCPU\n7\n8\n9\nALL\n"
		      "rows 8-10 of 10: PgUp/PgDn, g/G scroll; j/k select\n");
	assert_int_equal(w.scroll, 7);
	w.scroll = -3;
	assert_window(table, &w, "title\nCPU\n0\n1\n2\nALL\n"
		      "rows 1-3 of 10: PgUp/PgDn, g/G scroll; j/k select\n");
	assert_int_equal(w.scroll, 0);
}

static void test_table_tiny(void **state)
{
	struct screen_window w = table_window(5, 2);

	(void)state;
	/* no room for the summary: the header, a row, the status */
	assert_window(table, &w, "title\nCPU\n2\nrows 3-3 of 10: PgUp/PgDn, g/G scroll; j/k select\n");
	/* no room for the header either: its first line goes, a row stays */
	w = table_window(4, 9);
	assert_window(table, &w, "CPU\n9\nrows 10-10 of 10: PgUp/PgDn, g/G scroll; j/k select\n");
	w = table_window(3, 0);
	assert_window(table, &w, "0\nrows 1-1 of 10: PgUp/PgDn, g/G scroll; j/k select\n");
	/* one line: the status alone */
	w = table_window(1, 0);
	assert_window(table, &w, "10 rows: a larger terminal shows them\n");
	/* no row yet, a header and a summary longer than the terminal: no "rows 1-0" */
	w = (struct screen_window){ .rows = 3, .cols = 80, .body_start = 10, .body_end = 10 };
	assert_window("title\nCPU\nALL\n", &w, "0 rows: a larger terminal shows them\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_lines_pass),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_table_fits),
		cmocka_unit_test(test_table_scrolls),
		cmocka_unit_test(test_table_tiny),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

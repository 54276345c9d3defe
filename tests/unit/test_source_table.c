// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for source_table: a row per source, at most a bound of them,
 * then one "other" row; sorted by total, ties in a stable order
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "analysis/source_table.h"

#define MAX	3

static void add(struct source_row *rows, int *n, int kind, const char *name, int vector,
		uint64_t ns)
{
	const struct source_id id = { kind, name, vector, -1 };

	source_row_add(source_table_row(rows, n, MAX, &id, 9), ns);
}

static void test_rows(void **state)
{
	struct source_row rows[MAX + 1];
	int n = 0;

	(void)state;
	add(rows, &n, 1, "eth0", 30, 100);
	add(rows, &n, 1, "eth0", 30, 300);
	add(rows, &n, 1, "eth0", 31, 50);	/* another vector: another source */
	assert_int_equal(n, 2);
	assert_string_equal(rows[0].name, "eth0");
	assert_int_equal(rows[0].count, 2);
	assert_int_equal(rows[0].total_ns, 400);
	assert_int_equal(rows[0].max_ns, 300);
	assert_int_equal(rows[0].pid, -1);
	assert_int_equal(rows[0].vcpu, -1);
	assert_int_equal(rows[1].vector, 31);
}

static void test_other(void **state)
{
	struct source_row rows[MAX + 1];
	int n = 0;

	(void)state;
	add(rows, &n, 1, "a", 1, 10);
	add(rows, &n, 1, "b", 2, 10);
	add(rows, &n, 1, "c", 3, 10);
	add(rows, &n, 2, "d", 4, 20);		/* past the bound */
	add(rows, &n, 1, "e", 5, 30);
	add(rows, &n, 1, "a", 1, 5);		/* still its own row */
	assert_int_equal(n, MAX + 1);
	assert_int_equal(rows[0].total_ns, 15);
	assert_string_equal(rows[MAX].name, "other");
	assert_int_equal(rows[MAX].kind, 9);
	assert_int_equal(rows[MAX].vector, -1);
	assert_int_equal(rows[MAX].count, 2);
	assert_int_equal(rows[MAX].total_ns, 50);
	assert_int_equal(rows[MAX].max_ns, 30);
}

static void test_sort(void **state)
{
	struct source_row rows[MAX + 1];
	int n = 0;

	(void)state;
	add(rows, &n, 2, "x", 1, 10);
	add(rows, &n, 1, "y", 1, 10);
	add(rows, &n, 1, "big", 1, 90);
	source_table_sort(rows, n);
	assert_string_equal(rows[0].name, "big");
	assert_string_equal(rows[1].name, "y");	/* a tie: the lower kind first */
	assert_string_equal(rows[2].name, "x");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_other),
		cmocka_unit_test(test_sort),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

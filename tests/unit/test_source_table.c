// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for source_table: a row per source, at most a bound of them,
 * then one "other" row; sorted by total, ties in a stable order; the
 * threads of a command in one row, which counts their pids
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
	const struct source_id id = { kind, name, vector, -1, false };

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

/* An event of ns of thread (comm, pid), by command or per pid. */
static struct source_row *add_thread(struct source_row *rows, int *n, struct source_pids *pids,
				     const char *comm, int pid, bool by_command, uint64_t ns)
{
	const struct source_id id = { 3, comm, -1, pid, by_command };
	struct source_row *row = source_table_row(rows, n, MAX, &id, 9);

	if (row->by_command)
		source_row_add_pid(row, pid, source_pids_add(pids, (int)(row - rows), pid), ns);
	else
		source_row_add(row, ns);
	return row;
}

/*
 * Many one-shot pids of one command: one row, the pids counted once each,
 * the top pid the one of the longest event; the other sources keep their
 * rows instead of going to "other". Per pid (a vCPU thread), a row each.
 */
static void test_by_command(void **state)
{
	struct source_pids pids = { 0 };
	struct source_row rows[MAX + 1];
	int n = 0, pid;

	(void)state;
	for (pid = 1000; pid < 1060; pid++)
		add_thread(rows, &n, &pids, "run.sh", pid, true, pid == 1017 ? 500 : 10);
	add_thread(rows, &n, &pids, "run.sh", 1017, true, 20);	/* known: not counted again */
	add_thread(rows, &n, &pids, "run.sh", 1003, true, 500);	/* as long: the first stays top */
	add(rows, &n, 1, "eth0", 30, 100);
	add_thread(rows, &n, &pids, "CPU 0/KVM", 77, false, 5);
	add_thread(rows, &n, &pids, "CPU 0/KVM", 78, false, 5);	/* past the bound */
	assert_int_equal(n, MAX + 1);
	assert_string_equal(rows[0].name, "run.sh");
	assert_true(rows[0].by_command);
	assert_int_equal(rows[0].nr_pids, 60);
	assert_int_equal(rows[0].pid, 1017);
	assert_int_equal(rows[0].count, 62);
	assert_int_equal(rows[0].total_ns, 59 * 10 + 500 + 20 + 500);
	assert_int_equal(rows[0].max_ns, 500);
	assert_string_equal(rows[1].name, "eth0");
	assert_false(rows[2].by_command);
	assert_int_equal(rows[2].pid, 77);
	assert_int_equal(rows[2].nr_pids, 1);
	assert_string_equal(rows[MAX].name, "other");
	assert_int_equal(rows[MAX].total_ns, 5);
	assert_int_equal(rows[MAX].nr_pids, 0);

	/* the same pid in another row (it ran exec) counts there too */
	assert_int_equal(source_pids_add(&pids, 1, 1017), 1);
	assert_int_equal(source_pids_add(&pids, 1, 1017), 0);
	assert_true(pids.used == 61 && pids.size >= 128);
	source_pids_free(&pids);
	assert_null(pids.slots);
	assert_int_equal(source_pids_add(&pids, 0, 0), 1);	/* pid 0 is a key like the others */
	assert_int_equal(source_pids_add(&pids, 0, 0), 0);
	source_pids_free(&pids);
}

/*
 * PID churn for weeks: more pids than the set holds, of more commands than
 * the table names. The set stops at SOURCE_PIDS_MAX pairs; the rows past
 * it say so (pids_over) and still count every event and its time, so the
 * rows, "other" included, add up to what came; a pid already counted is
 * still known.
 */
static void test_pid_cap(void **state)
{
	const char *const comm[] = { "sh", "awk", "sed", "grep", "cut" };
	struct source_pids pids = { 0 };
	struct source_row rows[MAX + 1];
	uint64_t count = 0, total = 0;
	int n = 0, i, nr_pids = 0, events = 3 * SOURCE_PIDS_MAX;

	(void)state;
	for (i = 0; i < events; i++)
		add_thread(rows, &n, &pids, comm[i % 5], 100 + i, true, 1 + i % 7);
	assert_int_equal(n, MAX + 1);
	assert_int_equal(pids.used, SOURCE_PIDS_MAX);
	assert_true(pids.size <= 2 * SOURCE_PIDS_MAX);
	for (i = 0; i < MAX; i++) {
		assert_true(rows[i].by_command);
		assert_true(rows[i].pids_over);
		nr_pids += rows[i].nr_pids;
	}
	/* every pid of the named rows until the set was full */
	assert_int_equal(nr_pids, SOURCE_PIDS_MAX);
	assert_string_equal(rows[MAX].name, "other");
	assert_false(rows[MAX].pids_over);
	for (i = 0; i <= MAX; i++) {
		count += rows[i].count;
		total += rows[i].total_ns;
	}
	assert_int_equal(count, events);
	for (i = 0; i < events; i++)
		total -= 1 + i % 7;
	assert_int_equal(total, 0);
	/* the first pid of "sh" is known; a new one is not counted */
	assert_int_equal(source_pids_add(&pids, 0, 100), 0);
	assert_int_equal(source_pids_add(&pids, 0, 100 + events), -1);
	source_pids_free(&pids);
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

/* two tables summed: a source in both is one row, its pids and times added */
static void test_merge(void **state)
{
	struct source_row a[MAX + 1], b[MAX + 1], sum[MAX + 1];
	int na = 0, nb = 0, n = 0;

	(void)state;
	add(a, &na, 1, "eth0", 30, 100);
	add(a, &na, 3, "t", -1, 50);
	a[1].pid = 7;
	a[1].nr_pids = 1;
	add(b, &nb, 1, "eth0", 30, 300);
	add(b, &nb, 2, "d", 4, 20);
	source_table_merge(sum, &n, MAX, a, na, 9);
	source_table_merge(sum, &n, MAX, b, nb, 9);
	assert_int_equal(n, 3);
	assert_string_equal(sum[0].name, "eth0");
	assert_int_equal(sum[0].count, 2);
	assert_int_equal(sum[0].total_ns, 400);
	assert_int_equal(sum[0].max_ns, 300);
	assert_int_equal(sum[0].nr_pids, 0);
	assert_int_equal(sum[1].nr_pids, 1);	/* one pid, not counted twice */
	assert_int_equal(sum[2].total_ns, 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_other),
		cmocka_unit_test(test_by_command),
		cmocka_unit_test(test_pid_cap),
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

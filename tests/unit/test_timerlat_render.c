// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the latency model and the timerlat top/hist layouts
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "latency_model.h"
#include "options.h"
#include "render.h"

struct fixture {
	struct rtl_params	p;
	struct latency_model	m;
	struct run_view		v;
};

static struct fixture *fixture_new(enum rtl_mode mode, char **argv, int argc)
{
	struct fixture *f = calloc(1, sizeof(*f));

	params_init(&f->p, TOOL_TIMERLAT, mode, mode == MODE_TOP ? "timerlat top" :
		    "timerlat hist", 4);
	assert_int_equal(options_parse(&f->p, argc, argv), OPTS_OK);
	assert_int_equal(latency_model_init(&f->m, 4, params_divisor(&f->p), f->p.bucket_size,
					    f->p.entries), 0);
	f->v.elapsed_s = 10;
	return f;
}

static void fixture_free(struct fixture *f)
{
	latency_model_free(&f->m);
	params_free(&f->p);
	free(f);
}

static void add(struct latency_model *m, int cpu, enum timerlat_context ctx, uint64_t ns)
{
	struct rtl_record r = { .kind = RECORD_TIMERLAT };

	r.timerlat.cpu = cpu;
	r.timerlat.context = ctx;
	r.timerlat.latency_ns = ns;
	latency_model_add(m, &r);
}

static char *render(struct fixture *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (f->p.mode == MODE_TOP)
		render_timerlat_top(out, &f->m, &f->p, &f->v);
	else
		render_timerlat_hist(out, &f->m, &f->p, &f->v);
	fclose(out);
	return buf;
}

static void test_model_stats(void **state)
{
	char *argv[] = { "top", "-c", "0-1", NULL };
	struct fixture *f = fixture_new(MODE_TOP, argv, 3);
	const struct latency_stats *s;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 2500);	/* 2 us */
	add(&f->m, 0, TIMERLAT_IRQ, 9999);	/* 9 us */
	add(&f->m, 0, TIMERLAT_THREAD, 12000);
	add(&f->m, 7, TIMERLAT_IRQ, 1000);	/* no such cpu: ignored */
	s = &f->m.cpu[0].stats[TIMERLAT_IRQ];
	assert_int_equal(s->count, 2);
	assert_int_equal(s->min, 2);
	assert_int_equal(s->max, 9);
	assert_int_equal(s->cur, 9);
	assert_int_equal(s->sum, 11);
	assert_int_equal(f->m.records, 3);
	assert_true(latency_cpu_has_data(&f->m, 0));
	assert_false(latency_cpu_has_data(&f->m, 1));
	latency_model_reset(&f->m);
	assert_false(latency_cpu_has_data(&f->m, 0));
	fixture_free(f);
}

static void test_top_layout(void **state)
{
	char *argv[] = { "top", "-c", "0-1", NULL };
	struct fixture *f = fixture_new(MODE_TOP, argv, 3);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 3000);
	add(&f->m, 0, TIMERLAT_IRQ, 5000);
	add(&f->m, 0, TIMERLAT_THREAD, 7000);
	add(&f->m, 0, TIMERLAT_THREAD, 11000);
	add(&f->m, 1, TIMERLAT_IRQ, 1000);
	out = render(f);
	assert_non_null(strstr(out, "  0 00:00:10   |          IRQ Timer Latency (us)        |"
			       "         Thread Timer Latency (us)\n"));
	assert_non_null(strstr(out, "CPU COUNT      |      cur       min       avg       max |"
			       "      cur       min       avg       max\n"));
	assert_non_null(strstr(out, "  0 #2         |        5         3         4         5 |"
			       "       11         7         9        11\n"));
	/* cpu 1 has no thread sample: dashes */
	assert_non_null(strstr(out, "  1 #1         |        1         1         1         1 |"
			       "        -         -         -         -\n"));
	assert_non_null(strstr(out, "---------------|----------------------------------------|"
			       "---------------------------------------\n"));
	assert_non_null(strstr(out, "ALL #3      e0 |                  1         3         5 |"
			       "                  7         9        11\n"));
	free(out);
	fixture_free(f);
}

static void test_top_count_exponent(void **state)
{
	char *argv[] = { "top", "-c", "0", NULL };
	struct fixture *f = fixture_new(MODE_TOP, argv, 3);
	char *out;

	(void)state;
	f->m.cpu[0].stats[TIMERLAT_IRQ].count = 12345678;
	f->m.cpu[0].stats[TIMERLAT_IRQ].max = 1;
	out = render(f);
	assert_non_null(strstr(out, "ALL #123456 e2 |"));
	free(out);
	fixture_free(f);
}

static void test_hist_layout(void **state)
{
	char *argv[] = { "hist", "-c", "0-1", "-E", "10", NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv, 5);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 1000);
	add(&f->m, 0, TIMERLAT_THREAD, 3000);
	add(&f->m, 0, TIMERLAT_THREAD, 50000);	/* over */
	add(&f->m, 1, TIMERLAT_IRQ, 1000);
	out = render(f);
	assert_string_equal(out,
		"# rtlens timerlat histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 00:00:10\n"
		"Index   IRQ-000   Thr-000   IRQ-001   Thr-001\n"
		"1             1         0         1         0 \n"
		"3             0         1         0         0 \n"
		"over:         0         1         0         0 \n"
		"count:        1         2         1         0 \n"
		"min:          1         3         1         - \n"
		"avg:          1        26         1         - \n"
		"max:          1        50         1         - \n"
		"ALL:        IRQ       Thr\n"
		"count:        2         2 \n"
		"min:          1         3 \n"
		"avg:          1        26 \n"
		"max:          1        50 \n");
	free(out);
	fixture_free(f);
}

static void test_hist_options(void **state)
{
	char *argv[] = { "hist", "-c", "0", "-n", "--no-irq", "--no-header", "--no-summary",
			 "-b", "1000", "-E", "10", NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv, 11);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 1000);
	add(&f->m, 0, TIMERLAT_THREAD, 2500);	/* 2500 ns: bucket 2 */
	out = render(f);
	assert_string_equal(out, "2000          1 \nover:         0 \n");
	free(out);
	fixture_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_stats),
		cmocka_unit_test(test_top_layout),
		cmocka_unit_test(test_top_count_exponent),
		cmocka_unit_test(test_hist_layout),
		cmocka_unit_test(test_hist_options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

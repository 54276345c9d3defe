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

#include "model/latency_model.h"
#include "cli/options.h"
#include "render/render.h"
#include "analysis/run_models.h"
#include "cmdline.h"

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

/* -u: the "Ret user" group after the thread group, as rtla >= 6.6 prints it */
static void test_top_user_layout(void **state)
{
	char *argv[] = { "top", "-c", "0-1", "-u", NULL };
	struct fixture *f = fixture_new(MODE_TOP, argv, 4);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 3000);
	add(&f->m, 0, TIMERLAT_IRQ, 5000);
	add(&f->m, 0, TIMERLAT_THREAD, 7000);
	add(&f->m, 0, TIMERLAT_THREAD, 11000);
	add(&f->m, 0, TIMERLAT_USER, 9000);
	add(&f->m, 0, TIMERLAT_USER, 14000);
	add(&f->m, 1, TIMERLAT_IRQ, 1000);
	add(&f->m, 1, TIMERLAT_THREAD, 2000);	/* cpu 1 has no user sample: dashes */
	out = render(f);
	assert_string_equal(out,
		"                                     Timer Latency"
		"                                              "
		"                                         \n"
		"  0 00:00:10   |          IRQ Timer Latency (us)        |"
		"         Thread Timer Latency (us)      |    Ret user Timer Latency (us)\n"
		"CPU COUNT      |      cur       min       avg       max |"
		"      cur       min       avg       max |      cur       min       avg       max\n"
		"  0 #2         |        5         3         4         5 |"
		"       11         7         9        11 |       14         9        11        14\n"
		"  1 #1         |        1         1         1         1 |"
		"        2         2         2         2 |        -         -         -         -\n"
		"---------------|----------------------------------------|"
		"----------------------------------------|---------------------------------------\n"
		"ALL #3      e0 |                  1         3         5 |"
		"                  2         6        11 |"
		"                  9        11        14\n");
	free(out);
	fixture_free(f);
}

/*
 * issue #10: with -u, -T counts the return to user space for the session's
 * threshold cpu and for the red row alike (one rule: stop_rule.h)
 */
static void test_user_return_over_thread_limit(void **state)
{
	char *argv[] = { "top", "-c", "0-1", "-u", "-T", "10", NULL };
	struct fixture *f = fixture_new(MODE_TOP, argv, 6);
	struct run_models m;
	bool total = false;
	char *out;
	int cpu;

	(void)state;
	add(&f->m, 0, TIMERLAT_THREAD, 8000);
	add(&f->m, 0, TIMERLAT_USER, 12000);	/* over -T by its return to user space */
	add(&f->m, 1, TIMERLAT_THREAD, 9000);
	add(&f->m, 1, TIMERLAT_USER, 9500);
	f->v.pretty = true;
	out = render(f);
	assert_non_null(strstr(out, "\033[1;31m  0 #"));
	assert_null(strstr(out, "\033[1;31m  1 #"));
	free(out);

	assert_int_equal(run_models_init(&m, &f->p, NULL), 0);
	latency_model_free(&TIMERLAT_RUN(&m)->lat);
	TIMERLAT_RUN(&m)->lat = f->m;
	cpu = run_models_threshold_cpu(&m, &f->p, &total);
	assert_int_equal(cpu, 0);
	assert_true(total);
	memset(&TIMERLAT_RUN(&m)->lat, 0, sizeof(TIMERLAT_RUN(&m)->lat));
	run_models_free(&m);
	fixture_free(f);
}

/* -u -n: the user group in ns too; no user sample at all: dashes in ALL */
static void test_top_user_nano(void **state)
{
	char *argv[] = { "top", "-c", "0", "-u", "-n", NULL };
	struct fixture *f = fixture_new(MODE_TOP, argv, 5);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 1500);
	add(&f->m, 0, TIMERLAT_THREAD, 2500);
	out = render(f);
	assert_non_null(strstr(out, "|         Thread Timer Latency (ns)      |"
			       "    Ret user Timer Latency (ns)\n"));
	assert_non_null(strstr(out, "  0 #1         |     1500      1500      1500      1500 |"
			       "     2500      2500      2500      2500 |"
			       "        -         -         -         -\n"));
	assert_non_null(strstr(out, "ALL #1      e0 |               1500      1500      1500 |"
			       "               2500      2500      2500 |"
			       "                  -         -         -\n"));
	free(out);
	fixture_free(f);
}

/* without -u, user samples change nothing: the layout stays rtla's two groups */
static void test_user_samples_without_u(void **state)
{
	char *top_argv[] = { "top", "-c", "0", NULL };
	char *hist_argv[] = { "hist", "-c", "0", "-E", "10", NULL };
	enum rtl_mode modes[] = { MODE_TOP, MODE_HIST };
	char **argvs[] = { top_argv, hist_argv };
	int argcs[] = { 3, 5 }, i;

	(void)state;
	for (i = 0; i < 2; i++) {
		struct fixture *a = fixture_new(modes[i], argvs[i], argcs[i]);
		struct fixture *b = fixture_new(modes[i], argvs[i], argcs[i]);
		char *with, *without;

		add(&a->m, 0, TIMERLAT_IRQ, 2000);
		add(&a->m, 0, TIMERLAT_THREAD, 4000);
		add(&b->m, 0, TIMERLAT_IRQ, 2000);
		add(&b->m, 0, TIMERLAT_THREAD, 4000);
		add(&b->m, 0, TIMERLAT_USER, 6000);
		without = render(a);
		with = render(b);
		assert_string_equal(with, without);
		assert_null(strstr(with, "Ret user"));
		assert_null(strstr(with, "Usr"));
		free(with);
		free(without);
		fixture_free(a);
		fixture_free(b);
	}
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

/* -u: a Usr-NNN column after each Thr-NNN, and Usr in the ALL block */
static void test_hist_user_layout(void **state)
{
	char *argv[] = { "hist", "-c", "0-1", "-E", "10", "-u", NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv, 6);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 1000);
	add(&f->m, 0, TIMERLAT_THREAD, 3000);
	add(&f->m, 0, TIMERLAT_THREAD, 50000);	/* over */
	add(&f->m, 0, TIMERLAT_USER, 4000);
	add(&f->m, 0, TIMERLAT_USER, 60000);	/* over */
	add(&f->m, 1, TIMERLAT_IRQ, 1000);
	add(&f->m, 1, TIMERLAT_USER, 2000);
	out = render(f);
	assert_string_equal(out,
		"# rtlens timerlat histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 00:00:10\n"
		"Index   IRQ-000   Thr-000   Usr-000   IRQ-001   Thr-001   Usr-001\n"
		"1             1         0         0         1         0         0 \n"
		"2             0         0         0         0         0         1 \n"
		"3             0         1         0         0         0         0 \n"
		"4             0         0         1         0         0         0 \n"
		"over:         0         1         1         0         0         0 \n"
		"count:        1         2         2         1         0         1 \n"
		"min:          1         3         4         1         -         2 \n"
		"avg:          1        26        32         1         -         2 \n"
		"max:          1        50        60         1         -         2 \n"
		"ALL:        IRQ       Thr       Usr\n"
		"count:        2         2         3 \n"
		"min:          1         3         2 \n"
		"avg:          1        26        22 \n"
		"max:          1        50        60 \n");
	free(out);
	fixture_free(f);
}

/* --no-thread drops Thr, not Usr; --no-irq drops IRQ, not Usr */
static void test_hist_user_no_columns(void **state)
{
	char *argv1[] = { "hist", "-c", "0", "-E", "10", "-u", "--no-thread", NULL };
	char *argv2[] = { "hist", "-c", "0", "-E", "10", "-u", "--no-irq", "--no-index",
			  "--no-header", NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv1, 7);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 1000);
	add(&f->m, 0, TIMERLAT_THREAD, 2000);
	add(&f->m, 0, TIMERLAT_USER, 3000);
	out = render(f);
	assert_non_null(strstr(out, "\nIndex   IRQ-000   Usr-000\n"
			       "1             1         0 \n"
			       "3             0         1 \n"
			       "over:         0         0 \n"));
	assert_non_null(strstr(out, "\nALL:        IRQ       Usr\n"
			       "count:        1         1 \n"));
	free(out);
	fixture_free(f);

	f = fixture_new(MODE_HIST, argv2, 9);
	add(&f->m, 0, TIMERLAT_IRQ, 1000);
	add(&f->m, 0, TIMERLAT_THREAD, 2000);
	add(&f->m, 0, TIMERLAT_USER, 3000);
	out = render(f);
	assert_string_equal(out,
		"        1         0 \n"
		"        0         1 \n"
		"        0         0 \n"
		"        1         1 \n"
		"        2         3 \n"
		"        2         3 \n"
		"        2         3 \n"
		"       Thr       Usr\n"	/* rtla's ALL header: Thr is 10 wide */
		"        1         1 \n"
		"        2         3 \n"
		"        2         3 \n"
		"        2         3 \n");
	free(out);
	fixture_free(f);
}

/* -n -b 500 --with-zeros: ns, every bucket, its low bound as the index */
static void test_hist_nano_zeros(void **state)
{
	char *argv[] = { "hist", "-c", "0", "-n", "-b", "500", "-E", "10", "--with-zeros",
			 NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv, 9);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 700);
	add(&f->m, 0, TIMERLAT_THREAD, 1800);
	add(&f->m, 0, TIMERLAT_THREAD, 5000);	/* over */
	out = render(f);
	assert_string_equal(out,
		"# rtlens timerlat histogram\n"
		"# Time unit is nanoseconds (ns)\n"
		"# Duration:   0 00:00:10\n"
		"Index   IRQ-000   Thr-000\n"
		"0             0         0 \n"
		"500           1         0 \n"
		"1000          0         0 \n"
		"1500          0         1 \n"
		"2000          0         0 \n"
		"2500          0         0 \n"
		"3000          0         0 \n"
		"3500          0         0 \n"
		"4000          0         0 \n"
		"4500          0         0 \n"
		"over:         0         1 \n"
		"count:        1         2 \n"
		"min:        700      1800 \n"
		"avg:        700      3400 \n"
		"max:        700      5000 \n"
		"ALL:        IRQ       Thr\n"
		"count:        1         2 \n"
		"min:        700      1800 \n"
		"avg:        700      3400 \n"
		"max:        700      5000 \n");
	free(out);
	fixture_free(f);
}

/* No CPU with IRQ or thread samples (user ones alone do not count): no column */
static void test_hist_no_data(void **state)
{
	char *argv[] = { "hist", "-c", "0-1", "-E", "10", "-u", NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv, 6);
	char *out;

	(void)state;
	add(&f->m, 1, TIMERLAT_USER, 1000);
	out = render(f);
	assert_string_equal(out,
		"# rtlens timerlat histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 00:00:10\n"
		"Index\n"
		"over: \n"
		"count:\n"
		"min:  \n"
		"avg:  \n"
		"max:  \n"
		"ALL:        IRQ       Thr       Usr\n"
		"count:        0         0         0 \n"
		"min:          -         -         - \n"
		"avg:          -         -         - \n"
		"max:          -         -         - \n");
	free(out);
	fixture_free(f);
}

/* --no-thread --no-summary: IRQ columns, the over row last */
static void test_hist_no_thread_no_summary(void **state)
{
	char *argv[] = { "hist", "-c", "0", "-E", "10", "--no-thread", "--no-summary", NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv, 7);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 1000);
	add(&f->m, 0, TIMERLAT_IRQ, 3000);
	add(&f->m, 0, TIMERLAT_THREAD, 2000);	/* not shown, nor its bucket */
	out = render(f);
	assert_string_equal(out,
		"# rtlens timerlat histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 00:00:10\n"
		"Index   IRQ-000\n"
		"1             1 \n"
		"3             1 \n"
		"over:         0 \n");
	free(out);
	fixture_free(f);
}

/* --no-index: the values alone, the ALL block's header without "ALL:" */
static void test_hist_no_index(void **state)
{
	char *argv[] = { "hist", "-c", "0", "-E", "10", "--no-index", "--no-header", NULL };
	struct fixture *f = fixture_new(MODE_HIST, argv, 7);
	char *out;

	(void)state;
	add(&f->m, 0, TIMERLAT_IRQ, 1000);
	add(&f->m, 0, TIMERLAT_THREAD, 2000);
	out = render(f);
	assert_string_equal(out,
		"        1         0 \n"
		"        0         1 \n"
		"        0         0 \n"
		"        1         1 \n"
		"        1         2 \n"
		"        1         2 \n"
		"        1         2 \n"
		"      IRQ       Thr\n"
		"        1         1 \n"
		"        1         2 \n"
		"        1         2 \n"
		"        1         2 \n");
	free(out);
	fixture_free(f);
}

/* The JSON report of a hist run with @argv, with samples of the three contexts. */
static char *render_json_doc(char **argv, int argc)
{
	struct rtl_params p;
	struct run_models m;
	struct run_view v = { .elapsed_s = 10, .reason = STOP_DURATION };
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	params_init(&p, TOOL_TIMERLAT, MODE_HIST, "timerlat hist", 4);
	assert_int_equal(options_parse(&p, argc, argv), OPTS_OK);
	assert_int_equal(run_models_init(&m, &p, NULL), 0);
	add(&TIMERLAT_RUN(&m)->lat, 0, TIMERLAT_IRQ, 1000);
	add(&TIMERLAT_RUN(&m)->lat, 0, TIMERLAT_THREAD, 3000);
	add(&TIMERLAT_RUN(&m)->lat, 0, TIMERLAT_USER, 4000);
	add(&TIMERLAT_RUN(&m)->lat, 0, TIMERLAT_USER, 6000);
	out = open_memstream(&buf, &len);
	assert_int_equal(render_json(out, &m, &p, &v), 0);
	fclose(out);
	run_models_free(&m);
	params_free(&p);
	return buf;
}

static int count_of(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s += strlen(what);
	}
	return n;
}

/* -u: "user" next to "irq" and "thread" in every cpus and histogram.cpus entry */
static void test_json_user(void **state)
{
	char *argv_u[] = { "hist", "-c", "0-1", "-E", "10", "-u", NULL };
	char *argv_k[] = { "hist", "-c", "0-1", "-E", "10", NULL };
	char *doc;

	(void)state;
	doc = render_json_doc(argv_u, 6);
	assert_non_null(strstr(doc, "\"threads\": \"user\""));
	assert_int_equal(count_of(doc, "\"thread\": {"), 4);
	assert_int_equal(count_of(doc, "\"user\": {"), 4);
	/* cpu 0's statistics: 2 samples of 4 and 6 us */
	assert_non_null(strstr(doc, "\"user\": {\n"
			       "        \"count\": 2,\n"
			       "        \"cur\": 6,\n"
			       "        \"min\": 4,\n"
			       "        \"avg\": 5,\n"
			       "        \"max\": 6\n"
			       "      }"));
	free(doc);

	doc = render_json_doc(argv_k, 5);
	assert_non_null(strstr(doc, "\"threads\": \"kernel\""));
	assert_int_equal(count_of(doc, "\"thread\": {"), 4);
	assert_int_equal(count_of(doc, "\"user\": {"), 0);
	/* rtla 7.3's options, at their defaults */
	assert_non_null(strstr(doc, "\"user_load\": false,\n"));
	assert_non_null(strstr(doc, "\"aligned_us\": null,\n"));
	assert_non_null(strstr(doc, "\"stack_format\": \"truncate\",\n"));
	assert_non_null(strstr(doc, "\"bpf_action\": null"));
	free(doc);
}

/* -U, -A, --stack-format in the config */
static void test_json_rtla73_options(void **state)
{
	char *argv[] = { "hist", "-c", "0-1", "-E", "10", "-U", "-A", "300", "--stack-format",
			 "skip", "-T", "100", "--bpf-action", "act.bpf.o", NULL };
	char *doc;

	(void)state;
	doc = render_json_doc(argv, 14);
	assert_non_null(strstr(doc, "\"bpf_action\": \"act.bpf.o\",\n"));
	assert_non_null(strstr(doc, "\"threads\": \"user\",\n"));
	assert_non_null(strstr(doc, "\"user_load\": true,\n"));
	assert_non_null(strstr(doc, "\"aligned_us\": 300,\n"));
	assert_non_null(strstr(doc, "\"stack_format\": \"skip\",\n"));
	assert_int_equal(count_of(doc, "\"user\": {"), 4);
	free(doc);
}

/* --dump-tasks prints names from outside escaped. */
static void test_analysis_hostile_names(void **state)
{
	char *argv[] = { "top", "-c", "0-1", "-T", "10", "--dump-tasks", NULL };
	struct rtl_record r = { .kind = RECORD_NOISE_EVENT };
	struct run_view v = { .reason = STOP_THRESHOLD, .threshold_cpu = 1 };
	struct sys_facts facts = { .virt.guest = true };
	struct rtl_params p;
	struct run_models m;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	params_init(&p, TOOL_TIMERLAT, MODE_TOP, "timerlat top", 4);
	assert_int_equal(options_parse(&p, 6, argv), OPTS_OK);
	snprintf(facts.virt.hypervisor, sizeof(facts.virt.hypervisor), "xen\x1b[2J");
	snprintf(facts.virt.source, sizeof(facts.virt.source), "sys-hypervisor");
	assert_int_equal(run_models_init(&m, &p, &facts), 0);
	r.noise.cpu = 1;
	r.noise.kind = NOISE_THREAD;
	r.noise.pid = 66;
	snprintf(r.noise.name, sizeof(r.noise.name), "ev\x1b[31mil\xff");
	run_models_add(&m, &r);
	out = open_memstream(&buf, &len);
	render_analysis(out, &m, &p, &v);
	fclose(out);
	assert_non_null(strstr(buf, "\n    [001] ev\\x1b[31mil\\xff:66\n"));
	/* timerlat has no column of hardware noise: no note of the guest's */
	assert_null(strstr(buf, "a guest of"));
	assert_null(strchr(buf, '\x1b'));
	assert_null(strchr(buf, '\xff'));
	free(buf);
	run_models_free(&m);
	params_free(&p);
}

/* the analysis' text of @command in a guest of a hypervisor with a name from outside */
static char *guest_analysis(const char *command, char **argv)
{
	struct sys_facts facts = { .virt.guest = true };
	struct run_view v = { 0 };
	struct rtl_params p;
	struct run_models m;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	assert_int_equal(cmdline_parse(&p, command, 4, argv), OPTS_OK);
	snprintf(facts.virt.hypervisor, sizeof(facts.virt.hypervisor), "xen\x1b[2J");
	snprintf(facts.virt.source, sizeof(facts.virt.source), "sys-hypervisor");
	assert_int_equal(run_models_init(&m, &p, &facts), 0);
	out = open_memstream(&buf, &len);
	render_analysis(out, &m, &p, &v);
	fclose(out);
	run_models_free(&m);
	params_free(&p);
	return buf;
}

/*
 * The guest note: the tools that count hardware noise (osnoise, hwnoise,
 * hwlat) say that part of it is the hypervisor, its name escaped;
 * timerlat, which counts none, says nothing of it.
 */
static void test_guest_note(void **state)
{
	const char *note = "note: running as a guest of xen\\x1b[2J (found by sys-hypervisor): "
			   "part of what looks like hardware noise is the hypervisor\n";
	char *buf;

	(void)state;
	buf = guest_analysis("osnoise top", ARGV("osnoise", "-c", "1", "--aa"));
	assert_non_null(strstr(buf, note));
	assert_null(strchr(buf, '\x1b'));
	free(buf);
	buf = guest_analysis("hwnoise", ARGV("hwnoise", "-c", "1", "--aa"));
	assert_non_null(strstr(buf, note));
	free(buf);
	buf = guest_analysis("hwlat top", ARGV("hwlat", "-c", "1"));
	assert_non_null(strstr(buf, note));
	free(buf);
	buf = guest_analysis("timerlat top", ARGV("timerlat", "-c", "1"));
	assert_null(strstr(buf, "guest"));
	free(buf);
}

/* one record to every model of @m: a latency with self_ns, or rtlens stopped */
static void add_all(struct run_models *m, int cpu, enum timerlat_context ctx, uint64_t ns,
		    uint64_t self_ns)
{
	struct rtl_record r = { .kind = RECORD_TIMERLAT };

	r.timerlat.cpu = cpu;
	r.timerlat.context = ctx;
	r.timerlat.latency_ns = ns;
	r.timerlat.self_ns = self_ns;
	run_models_add(m, &r);
}

static void add_stop(struct run_models *m, int cpu, uint64_t ns)
{
	struct rtl_record r = { .kind = RECORD_NOISE_EVENT };

	r.noise.cpu = cpu;
	r.noise.kind = NOISE_SELF;
	r.noise.duration_ns = ns;
	run_models_add(m, &r);
}

static char *json_of(struct run_models *m, struct rtl_params *p)
{
	struct run_view v = { .elapsed_s = 10, .reason = STOP_DURATION };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_int_equal(render_json(out, m, p, &v), 0);
	fclose(out);
	return buf;
}

/*
 * rtlens's measuring thread stopped: the latencies that include the stop
 * stay out of the statistics, self_stop counts them (user engine); the
 * kernel engine's report has self_stop null.
 */
static void test_self_stop(void **state)
{
	char *argv[] = { "top", "-c", "0-1", "--engine", "user", NULL };
	struct rtl_params p;
	struct run_models m;
	char *doc;

	(void)state;
	params_init(&p, TOOL_TIMERLAT, MODE_TOP, "timerlat top", 4);
	assert_int_equal(options_parse(&p, 5, argv), OPTS_OK);
	assert_int_equal(run_models_init(&m, &p, NULL), 0);
	add_all(&m, 1, TIMERLAT_IRQ, 3000, 0);
	add_all(&m, 1, TIMERLAT_THREAD, 5000, 0);
	add_stop(&m, 1, 2500000000ULL);
	add_all(&m, 1, TIMERLAT_IRQ, 2500001000ULL, 2500000000ULL);
	add_all(&m, 1, TIMERLAT_THREAD, 2500002000ULL, 2500000000ULL);
	assert_int_equal(TIMERLAT_RUN(&m)->lat.cpu[1].stats[TIMERLAT_THREAD].count, 1);
	assert_int_equal(TIMERLAT_RUN(&m)->lat.cpu[1].stats[TIMERLAT_THREAD].max, 5);
	assert_int_equal(TIMERLAT_RUN(&m)->lat.cpu[1].stats[TIMERLAT_IRQ].max, 3);
	assert_int_equal(self_stop_longest_ns(&m.self, &p.cpus), 2500000000ULL);
	assert_int_equal(self_stop_samples(&m.self, &p.cpus), 2);
	doc = json_of(&m, &p);
	assert_non_null(strstr(doc, "\"schema_version\": \"2.5\""));
	/* 1.8: input, null in a live run; 1.10: replay after duration_s, null in a live run */
	assert_non_null(strstr(doc, ",\n  \"input\": null,\n  \"config\": {\n"));
	assert_non_null(strstr(doc, ",\n  \"replay\": null,\n  \"exit_status\": "));
	assert_non_null(strstr(doc, "\"self_stop\": {\n"
			       "    \"stopped_us\": 2500000,\n"
			       "    \"samples\": 2,\n"
			       "    \"cpus\": [\n"
			       "      {\n"
			       "        \"cpu\": 0,\n"
			       "        \"stops\": 0,\n"
			       "        \"stopped_us\": 0,\n"
			       "        \"samples\": 0\n"
			       "      },\n"
			       "      {\n"
			       "        \"cpu\": 1,\n"
			       "        \"stops\": 1,\n"
			       "        \"stopped_us\": 2500000,\n"
			       "        \"samples\": 2\n"));
	free(doc);
	p.engine = ENGINE_KERNEL;
	doc = json_of(&m, &p);
	assert_non_null(strstr(doc, "\"self_stop\": null,"));
	free(doc);
	run_models_free(&m);
	params_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_stats),
		cmocka_unit_test(test_top_layout),
		cmocka_unit_test(test_top_count_exponent),
		cmocka_unit_test(test_hist_layout),
		cmocka_unit_test(test_hist_options),
		cmocka_unit_test(test_top_user_layout),
		cmocka_unit_test(test_top_user_nano),
		cmocka_unit_test(test_user_return_over_thread_limit),
		cmocka_unit_test(test_user_samples_without_u),
		cmocka_unit_test(test_hist_user_layout),
		cmocka_unit_test(test_hist_user_no_columns),
		cmocka_unit_test(test_hist_nano_zeros),
		cmocka_unit_test(test_hist_no_data),
		cmocka_unit_test(test_hist_no_thread_no_summary),
		cmocka_unit_test(test_hist_no_index),
		cmocka_unit_test(test_json_user),
		cmocka_unit_test(test_json_rtla73_options),
		cmocka_unit_test(test_analysis_hostile_names),
		cmocka_unit_test(test_guest_note),
		cmocka_unit_test(test_self_stop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

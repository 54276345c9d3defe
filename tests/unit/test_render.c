// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the model and the text renderers: synthetic osnoise records
 * in, rtla's top and hist layouts out
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/noise_model.h"
#include "cli/options.h"
#include "render/render.h"

struct fixture {
	struct rtl_params	p;
	struct noise_model	m;
	struct run_view		v;
};

static struct fixture *fixture_new(enum rtl_mode mode, const char *cpus, int nr_cpus)
{
	struct fixture *f = calloc(1, sizeof(*f));
	char *argv[] = { "hist", "-c", (char *)cpus, NULL };

	params_init(&f->p, TOOL_OSNOISE, mode, mode == MODE_TOP ? "osnoise top" : "osnoise hist",
		    nr_cpus);
	assert_int_equal(options_parse(&f->p, 3, argv), OPTS_OK);
	f->p.bucket_size = 1;
	f->p.entries = 10;
	assert_int_equal(noise_model_init(&f->m, nr_cpus, 1, 10), 0);
	f->v.elapsed_s = 3725;	/* 1 h 2 min 5 s */
	return f;
}

static void fixture_free(struct fixture *f)
{
	noise_model_free(&f->m);
	params_free(&f->p);
	free(f);
}

static void add_period(struct noise_model *m, int cpu, uint64_t runtime, uint64_t noise,
		       uint64_t max_sample, uint64_t irq)
{
	struct rtl_record r = { .kind = RECORD_OSNOISE_PERIOD };

	r.period.cpu = cpu;
	r.period.runtime_us = runtime;
	r.period.noise_us = noise;
	r.period.max_sample_us = max_sample;
	r.period.hw_count = 1;
	r.period.irq_count = irq;
	r.period.thread_count = 2;
	noise_model_add(m, &r);
}

static void add_sample(struct noise_model *m, int cpu, uint64_t duration_ns)
{
	struct rtl_record r = { .kind = RECORD_NOISE_SAMPLE };

	r.sample.cpu = cpu;
	r.sample.duration_ns = duration_ns;
	noise_model_add(m, &r);
}

static char *render(struct fixture *f, enum rtl_mode mode)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (mode == MODE_TOP)
		render_top(out, &f->m, &f->p, &f->v);
	else
		render_hist(out, &f->m, &f->p, &f->v);
	fclose(out);
	return buf;
}

static void test_duration_format(void **state)
{
	char buf[32];

	(void)state;
	format_duration(0, buf, sizeof(buf));
	assert_string_equal(buf, "  0 00:00:00");
	format_duration(-1, buf, sizeof(buf));
	assert_string_equal(buf, "  0 00:00:00");
	format_duration(90061.4, buf, sizeof(buf));
	assert_string_equal(buf, "  1 01:01:01");
	/* rounded to the nearest second: Ctrl-C at 2.9 s lasted 3 s */
	format_duration(2.9, buf, sizeof(buf));
	assert_string_equal(buf, "  0 00:00:03");
	format_duration(2.4, buf, sizeof(buf));
	assert_string_equal(buf, "  0 00:00:02");
	format_duration(0.5, buf, sizeof(buf));
	assert_string_equal(buf, "  0 00:00:01");
	format_duration(90061.7, buf, sizeof(buf));
	assert_string_equal(buf, "  1 01:01:02");
	format_duration(86399.5, buf, sizeof(buf));	/* the next day */
	assert_string_equal(buf, "  1 00:00:00");
}

static void test_top_layout(void **state)
{
	struct fixture *f = fixture_new(MODE_TOP, "0-1", 4);
	char *out;

	(void)state;
	add_period(&f->m, 0, 1000000, 25, 10, 3);
	add_period(&f->m, 0, 1000000, 75, 40, 5);
	add_period(&f->m, 3, 1000000, 999, 999, 1);	/* not measured: not shown */
	out = render(f, MODE_TOP);
	assert_non_null(strstr(out, "duration:   0 01:02:05 | time is in us\n"));
	assert_non_null(strstr(out,
		"CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single"
		"          HW          NMI          IRQ      Softirq       Thread\n"));
	/* 2 periods, 2 s runtime, 100 us noise: 99.99500 % available */
	assert_non_null(strstr(out,
		"  0 #2           2000000          100    99.99500          75           40"
		"           2            0            8            0            4\n"));
	assert_null(strstr(out, "  1 #"));	/* no data: no row */
	assert_null(strstr(out, "  3 #"));
	assert_null(strchr(out, '\033'));	/* not pretty: no colours */
	free(out);
	fixture_free(f);
}

static void test_top_alert_colour(void **state)
{
	struct fixture *f = fixture_new(MODE_TOP, "0", 2);
	char *out;

	(void)state;
	f->p.stop_us = 30;
	f->v.pretty = true;
	add_period(&f->m, 0, 1000000, 75, 40, 5);
	out = render(f, MODE_TOP);
	assert_non_null(strstr(out, "\033[1;31m  0 #1 "));
	free(out);
	fixture_free(f);
}

static void test_hist_layout(void **state)
{
	struct fixture *f = fixture_new(MODE_HIST, "0-2", 4);
	char *out;

	(void)state;
	add_sample(&f->m, 0, 1500);	/* 1 us */
	add_sample(&f->m, 0, 1999);	/* 1 us */
	add_sample(&f->m, 2, 3000);	/* 3 us */
	add_sample(&f->m, 2, 50000);	/* 50 us: over */
	out = render(f, MODE_HIST);
	assert_string_equal(out,
		"# rtlens osnoise histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 01:02:05\n"
		"Index   CPU-000   CPU-002\n"
		"1             2         0 \n"
		"3             0         1 \n"
		"over:         0         1 \n"
		"count:        2         2 \n"
		"min:          1         3 \n"
		"avg:       1.00     26.50 \n"
		"max:          1        50 \n");
	free(out);
	fixture_free(f);
}

static void test_hist_options(void **state)
{
	struct fixture *f = fixture_new(MODE_HIST, "0", 2);
	char *out;

	(void)state;
	f->p.no_header = true;
	f->p.no_index = true;
	f->p.no_summary = true;
	f->p.with_zeros = true;
	add_sample(&f->m, 0, 2000);
	out = render(f, MODE_HIST);
	assert_string_equal(out,
		"        0 \n        0 \n        1 \n        0 \n        0 \n"
		"        0 \n        0 \n        0 \n        0 \n        0 \n"
		"        0 \n");
	free(out);
	fixture_free(f);
}

static void test_hist_empty(void **state)
{
	struct fixture *f = fixture_new(MODE_HIST, "0", 2);
	char *out;

	(void)state;
	f->p.no_header = true;
	out = render(f, MODE_HIST);
	assert_string_equal(out, "over: 0\ncount: 0\nmin: 0\navg: 0\nmax: 0\n");
	free(out);
	fixture_free(f);
}

/* -b 2 --with-zeros: every bucket, its low bound as the index */
static void test_hist_zeros_bucket_size(void **state)
{
	struct fixture *f = fixture_new(MODE_HIST, "1-2", 4);
	char *out;

	(void)state;
	noise_model_free(&f->m);
	assert_int_equal(noise_model_init(&f->m, 4, 2, 4), 0);
	f->p.bucket_size = 2;
	f->p.entries = 4;
	f->p.with_zeros = true;
	add_sample(&f->m, 1, 2500);	/* 2 us: bucket 1 */
	add_sample(&f->m, 2, 7000);	/* 7 us: bucket 3 */
	add_sample(&f->m, 2, 9000);	/* 9 us: over */
	out = render(f, MODE_HIST);
	assert_string_equal(out,
		"# rtlens osnoise histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 01:02:05\n"
		"Index   CPU-001   CPU-002\n"
		"0             0         0 \n"
		"2             1         0 \n"
		"4             0         0 \n"
		"6             0         1 \n"
		"over:         0         1 \n"
		"count:        1         2 \n"
		"min:          2         7 \n"
		"avg:       2.00      8.00 \n"
		"max:          2         9 \n");
	free(out);
	fixture_free(f);
}

/* --no-summary keeps the over row; --no-index keeps the summary's values */
static void test_hist_no_summary_no_index(void **state)
{
	struct fixture *f = fixture_new(MODE_HIST, "0-1", 2);
	char *out;

	(void)state;
	f->p.no_header = true;
	f->p.no_summary = true;
	add_sample(&f->m, 0, 3000);
	add_sample(&f->m, 1, 20000);
	out = render(f, MODE_HIST);
	assert_string_equal(out,
		"3             1         0 \n"
		"over:         0         1 \n");
	free(out);
	f->p.no_summary = false;
	f->p.no_index = true;
	out = render(f, MODE_HIST);
	assert_string_equal(out,
		"        1         0 \n"
		"        0         1 \n"
		"        1         1 \n"
		"        3        20 \n"
		"     3.00     20.00 \n"
		"        3        20 \n");
	free(out);
	fixture_free(f);
}

/* No CPU with samples: the header, the empty buckets, then rtla's zeros */
static void test_hist_empty_header_zeros(void **state)
{
	struct fixture *f = fixture_new(MODE_HIST, "0", 2);
	char *out;

	(void)state;
	noise_model_free(&f->m);
	assert_int_equal(noise_model_init(&f->m, 2, 1, 2), 0);
	f->p.entries = 2;
	f->p.with_zeros = true;
	add_sample(&f->m, 1, 1000);	/* a CPU not measured: no column */
	out = render(f, MODE_HIST);
	assert_string_equal(out,
		"# rtlens osnoise histogram\n"
		"# Time unit is microseconds (us)\n"
		"# Duration:   0 01:02:05\n"
		"Index\n"
		"0     \n"
		"1     \n"
		"over: 0\ncount: 0\nmin: 0\navg: 0\nmax: 0\n");
	free(out);
	fixture_free(f);
}

static void test_model_reset_and_available(void **state)
{
	struct fixture *f = fixture_new(MODE_TOP, "0", 2);
	struct rtl_record r = { .kind = RECORD_NOISE_SAMPLE };

	(void)state;
	add_period(&f->m, 0, 1000, 250, 100, 1);
	add_sample(&f->m, 1, 5000);
	add_sample(&f->m, 7, 5000);	/* beyond nr_cpus: ignored */
	assert_int_equal(f->m.records, 2);
	assert_true(cpu_noise_available_pct(&f->m.cpu[0]) == 75.0);
	/* a sample that includes a stop of rtlens: not noise of the machine */
	r.sample.cpu = 1;
	r.sample.duration_ns = 3000000000ULL;
	r.sample.self_ns = 2999000000ULL;
	noise_model_add(&f->m, &r);
	assert_int_equal(f->m.cpu[1].hist.count, 1);
	assert_int_equal(f->m.cpu[1].max_single_us, 5);
	assert_true(noise_model_cpu_has_data(&f->m, 1));
	noise_model_reset(&f->m);
	assert_false(noise_model_cpu_has_data(&f->m, 0));
	assert_false(noise_model_cpu_has_data(&f->m, 1));
	assert_int_equal(f->m.cpu[0].hist.entries, 10);
	assert_true(cpu_noise_available_pct(&f->m.cpu[0]) == 100.0);
	fixture_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_duration_format),
		cmocka_unit_test(test_top_layout),
		cmocka_unit_test(test_top_alert_colour),
		cmocka_unit_test(test_hist_layout),
		cmocka_unit_test(test_hist_options),
		cmocka_unit_test(test_hist_empty),
		cmocka_unit_test(test_hist_zeros_bucket_size),
		cmocka_unit_test(test_hist_no_summary_no_index),
		cmocka_unit_test(test_hist_empty_header_zeros),
		cmocka_unit_test(test_model_reset_and_available),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

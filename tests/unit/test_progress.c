// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the progress line (render_progress()): each tool counts
 * its own samples through its renderer (tool_render.so_far), on the CPUs
 * measured only
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/run_models.h"
#include "render/render.h"
#include "cmdline.h"

#define NR_CPUS		4

struct run {
	struct rtl_params	p;
	struct run_models	m;
	struct run_view		v;
	char			line[256];
};

static void run_open(struct run *r, const char *command, char **argv)
{
	memset(r, 0, sizeof(*r));
	assert_int_equal(cmdline_parse(&r->p, command, NR_CPUS, argv), OPTS_OK);
	assert_int_equal(run_models_init(&r->m, &r->p, NULL), 0);
	r->v.elapsed_s = 65;
}

static void run_close(struct run *r)
{
	run_models_free(&r->m);
	params_free(&r->p);
}

static const char *progress(struct run *r)
{
	render_progress(r->line, sizeof(r->line), &r->m, &r->p, &r->v);
	return r->line;
}

static void feed(struct run *r, struct rtl_record rec)
{
	run_models_add(&r->m, &rec);
}

static struct rtl_record hwlat(int cpu, uint64_t inner_us, uint64_t outer_us)
{
	struct rtl_record rec = { .kind = RECORD_HWLAT };

	rec.hwlat.cpu = cpu;
	rec.hwlat.inner_us = inner_us;
	rec.hwlat.outer_us = outer_us;
	return rec;
}

/* hwlat's samples and its longest gap: not an empty noise model's 0 */
static void test_hwlat(void **state)
{
	struct run r;

	(void)state;
	run_open(&r, "hwlat top", ARGV("hwlat", "-c", "1,2", "-d", "10m"));
	feed(&r, hwlat(1, 12, 30));
	feed(&r, hwlat(2, 41, 7));
	feed(&r, hwlat(3, 900, 900));		/* not measured */
	assert_non_null(strstr(progress(&r), "2 samples, max 41 us"));
	assert_non_null(strstr(r.line, "of"));	/* of its duration */
	run_close(&r);
}

static struct rtl_record noise_sample(int cpu, uint64_t duration_ns)
{
	struct rtl_record rec = { .kind = RECORD_NOISE_SAMPLE };

	rec.sample.cpu = cpu;
	rec.sample.duration_ns = duration_ns;
	return rec;
}

/* osnoise: its noise samples, one and more, and the longest single noise */
static void test_osnoise(void **state)
{
	struct run r;

	(void)state;
	run_open(&r, "osnoise hist", ARGV("osnoise", "-c", "0"));
	assert_non_null(strstr(progress(&r), "0 noise samples, max 0 us"));
	feed(&r, noise_sample(0, 17000));
	assert_non_null(strstr(progress(&r), "1 noise sample, max 17 us"));
	run_close(&r);
}

static struct rtl_record latency(int cpu, int context, uint64_t latency_ns)
{
	struct rtl_record rec = { .kind = RECORD_TIMERLAT };

	rec.timerlat.cpu = cpu;
	rec.timerlat.context = context;
	rec.timerlat.latency_ns = latency_ns;
	return rec;
}

/* timerlat: its thread latencies, in the unit of -n */
static void test_timerlat(void **state)
{
	struct run r;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "1", "-n", "--no-aa"));
	feed(&r, latency(1, TIMERLAT_IRQ, 3000));
	feed(&r, latency(1, TIMERLAT_THREAD, 5500));
	feed(&r, latency(1, TIMERLAT_THREAD, 4000));
	assert_non_null(strstr(progress(&r), "2 latencies, max 5500 ns"));
	run_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hwlat),
		cmocka_unit_test(test_osnoise),
		cmocka_unit_test(test_timerlat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

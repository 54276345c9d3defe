// SPDX-License-Identifier: GPL-2.0
/*
 * test_live_pane - the live screen's sources pane: the window's sources
 * and the run's side by side, each share of its side's total; a source
 * new in the window marked NEW, one whose rate grew past twice the run's
 * marked GREW, a steady one not at all; the lines fit the terminal; the
 * status line names the keys and what they chose; timerlat's worst
 * latency of the window in parts that add up to it
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/run_models.h"
#include "render/render.h"
#include "cmdline.h"

#define NR_CPUS		4
#define RUN_S		60

struct run {
	struct rtl_params	p;
	struct run_models	m;
	struct live_choice	live;
	struct run_view		v;
};

static void run_open(struct run *r, const char *command, char **argv)
{
	memset(r, 0, sizeof(*r));
	assert_int_equal(cmdline_parse(&r->p, command, NR_CPUS, argv), OPTS_OK);
	assert_int_equal(run_models_init(&r->m, &r->p, NULL), 0);
	assert_true(run_models_live_on(&r->m));
	r->v.elapsed_s = RUN_S;
	r->live = (struct live_choice){ .selected = -1, .window_s = 10, .pane = true,
					.cols = 80, .rows = 24 };
	r->v.live = &r->live;
}

static void run_close(struct run *r)
{
	run_models_free(&r->m);
	params_free(&r->p);
}

static char *screen(struct run *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	render_screen(out, &r->m, &r->p, &r->v);
	fclose(out);
	if (getenv("LIVE_PANE_DUMP"))
		printf("%s", buf);
	return buf;
}

static void thread_row(struct source_row *row, int kind, const char *name, uint64_t count,
		       uint64_t ns)
{
	source_row_init(row, kind, name, -1, 100);
	row->count = count;
	row->total_ns = ns;
}

/*
 * CPU 1 over 60 s: steady 1 ms a second; grows 100 us a second, 20 ms a
 * second from 56 s; spin 50 ms a second from 58 s
 */
static void feed(struct run *r, int kind)
{
	uint64_t grows = 0;

	for (unsigned long s = 1; s <= RUN_S; s++) {
		struct source_row rows[3];
		int n = 0;

		grows += s <= 55 ? 100000 : 20000000;
		thread_row(&rows[n++], kind, "steady", s, s * 1000000);
		thread_row(&rows[n++], kind, "grows", s, grows);
		if (s >= 58)
			thread_row(&rows[n++], kind, "spin", s - 57, (s - 57) * 50000000);
		source_window_update(r->m.live_sources, 1, s, rows, n);
	}
}

/* the pane's line naming @name */
static const char *line_of(const char *text, const char *name)
{
	const char *at = strstr(text, name);

	assert_non_null(at);
	while (at > text && at[-1] != '\n')
		at--;
	return at;
}

static bool line_has(const char *text, const char *name, const char *word)
{
	const char *line = line_of(text, name), *nl = strchr(line, '\n');
	const char *w = strstr(line, word);

	return w && (!nl || w < nl);
}

static void assert_fits(const char *text, int cols)
{
	for (const char *p = text, *nl; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		assert_non_null(nl);
		if (nl - p > cols)
			fail_msg("a line of %d > %d columns: %.*s", (int)(nl - p), cols,
				 (int)(nl - p), p);
	}
}

/* the shares of the window's column: the first "%" of each source row */
static double window_shares(const char *text)
{
	const char *p = strstr(text, "  source");
	double sum = 0, share;

	assert_non_null(p);
	for (p = strchr(p, '\n') + 1; !strncmp(p, "  ", 2); p = strchr(p, '\n') + 1) {
		const char *pct = strchr(p, '%');

		assert_non_null(pct);
		while (pct > p && pct[-1] != ' ')
			pct--;
		assert_int_equal(sscanf(pct, "%lf", &share), 1);
		sum += share;
	}
	return sum;
}

static void test_osnoise_marks(void **state)
{
	struct run r;
	char *text;

	(void)state;
	run_open(&r, "osnoise top", ARGV("osnoise", "-c", "1", "--aa"));
	OSNOISE_RUN(&r.m)->noise.cpu[1].sum_runtime_us = 1;		/* CPU 1 has a row */
	feed(&r, OSNOISE_CAUSE_THREAD);
	text = screen(&r);
	assert_non_null(strstr(text, "Sources of CPU 1, last 10 s | since the start"));
	assert_true(line_has(text, "thread spin", "NEW"));
	assert_true(line_has(text, "thread grows", "GREW"));
	assert_false(line_has(text, "thread steady", "NEW"));
	assert_false(line_has(text, "thread steady", "GREW"));
	/* the window: 150 ms of spin, 100.5 ms of grows, 10 ms of steady */
	assert_true(line_has(text, "thread spin", "150000 us"));
	assert_true(line_has(text, "thread steady", "10000 us"));
	assert_true(line_has(text, "thread steady", "60000 us"));
	assert_true(window_shares(text) > 99.8 && window_shares(text) < 100.2);
	assert_fits(text, 80);
	assert_non_null(strstr(text, "keys: ? help | j/k select: none"));
	free(text);

	/* the whole run: no marks, one column of figures */
	r.live.window_s = 0;
	text = screen(&r);
	assert_non_null(strstr(text, "the whole run"));
	assert_false(line_has(text, "thread spin", "NEW"));
	assert_true(line_has(text, "thread steady", "60000 us"));
	free(text);

	/* hidden, and the keys' help in its place */
	r.live.pane = false;
	text = screen(&r);
	assert_null(strstr(text, "Sources"));
	free(text);
	r.live.help = true;
	text = screen(&r);
	assert_non_null(strstr(text, "Keys (? again closes this help):"));
	assert_null(strstr(text, "Sources"));
	free(text);
	run_close(&r);
}

/* a run shorter than the window: every source is in it, none is marked */
static void test_short_run(void **state)
{
	struct run r;
	char *text;

	(void)state;
	run_open(&r, "osnoise top", ARGV("osnoise", "-c", "1", "--aa"));
	OSNOISE_RUN(&r.m)->noise.cpu[1].sum_runtime_us = 1;
	feed(&r, OSNOISE_CAUSE_THREAD);
	r.v.elapsed_s = 9;
	text = screen(&r);
	assert_false(line_has(text, "thread spin", "NEW"));
	free(text);
	run_close(&r);
}

static void test_timerlat_worst(void **state)
{
	struct timerlat_breakdown b = {
		.cpu = 1, .total_ns = 90000, .irq_latency_ns = 3000,
		.thread_latency_ns = 90000, .nr_parts = 2, .not_explained_ns = 5000,
	};
	struct run r;
	char *text;

	(void)state;
	run_open(&r, "timerlat top", ARGV("timerlat", "-c", "1", "--aa"));
	thread_row(&b.parts[0], TL_SOURCE_BLOCKING, "spin", 1, 80000);
	source_row_init(&b.parts[1], TL_SOURCE_TIMERLAT_IRQ, "timerlat IRQ", -1, -1);
	b.parts[1].count = 1;
	b.parts[1].total_ns = 5000;
	feed(&r, TL_SOURCE_THREAD);
	assert_true(timerlat_window_add(TIMERLAT_RUN(&r.m)->live_worst, 59, &b));
	r.live.selected = 1;
	text = screen(&r);
	assert_non_null(strstr(text, "Worst in the window: 90.00 us, CPU 1"));
	assert_true(line_has(text, "blocking thread spin:100", "80.00 us"));
	assert_true(line_has(text, "not explained", "5.00 us"));
	assert_non_null(strstr(text, "select: CPU 1"));
	free(text);
	/* the 1 s window holds none of it */
	r.live.window_s = 1;
	text = screen(&r);
	assert_null(strstr(text, "Worst in the window"));
	free(text);
	run_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_osnoise_marks),
		cmocka_unit_test(test_short_run),
		cmocka_unit_test(test_timerlat_worst),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * test_live_table - the top tables on the live screen fit the terminal
 * they are in: at 80, 120 and 200 columns no line is wider, every header
 * word shown is whole, the columns hidden are named, the rows come in the
 * order of the sort chosen and the selected CPU's row is marked (and
 * reported where it starts). Without a live screen the tables are rtla's,
 * byte for byte.
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

#define NR_CPUS		16

/* the tables below without a live screen, as rtla's layouts print them */
#define OSNOISE_RTLA \
	"                                          Operating System Noise                                                                          \n" \
	"duration:   0 01:02:05 | time is in us\n" \
	"CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI          IRQ      Softirq       Thread\n" \
	"  0 #1        3599000000      1234567    99.96569     1234567         4567          12            0      3600000      1800000       900000\n" \
	"  1 #1        3599000000        98765    99.99725       98765        87654          12            1      3599999        20000         5000\n" \
	" 10 #1        3599000000      5000000    99.86107     5000000          300          12            0          100           10            1\n"
#define TIMERLAT_RTLA \
	"                                     Timer Latency                                                                                       \n" \
	"  0 01:02:05   |          IRQ Timer Latency (us)        |         Thread Timer Latency (us)      |    Ret user Timer Latency (us)\n" \
	"CPU COUNT      |      cur       min       avg       max |      cur       min       avg       max |      cur       min       avg       max\n" \
	"  0 #3         |       60         1        60       120 |     6172         1      6172     12345 |       10         1        10        20\n" \
	"  1 #3         |    49999         1     49999     99999 |        7         1         7        15 |       15         1        15        30\n" \
	" 10 #3         |        3         1         3         7 |        4         1         4         9 |    17283         1     17283     34567\n" \
	"---------------|----------------------------------------|----------------------------------------|---------------------------------------\n" \
	"ALL #9      e0 |                  1     16687     99999 |                  1      2061     12345 |                  1      5769     34567\n"
#define HWLAT_RTLA \
	"                               Hardware Latency (hwlat)\n" \
	"duration:   0 01:02:05 | time is in us\n" \
	"CPU    Samples       Gaps   Max Inner   Max Outer     Avg Lat     Max Lat        NMIs\n" \
	"  0          1          2          12          30          30          30           0\n" \
	"  1          1          2        4000           2        4000        4000           1\n" \
	" 10          1          2           7           7           7           7          10\n"

struct run {
	struct rtl_params	p;
	struct run_models	m;
	struct live_choice	live;
	struct run_view		v;
	long			body[NR_SCREEN_BODY];
};

static void run_open(struct run *r, const char *command, char **argv)
{
	memset(r, 0, sizeof(*r));
	assert_int_equal(cmdline_parse(&r->p, command, NR_CPUS, argv), OPTS_OK);
	assert_int_equal(run_models_init(&r->m, &r->p, NULL), 0);
	r->v.elapsed_s = 3725;
	r->live.selected = -1;
	r->v.live = &r->live;
	r->v.screen_body = r->body;
}

static void run_close(struct run *r)
{
	run_models_free(&r->m);
	params_free(&r->p);
}

/* the screen at @cols columns (0: no limit; -1: not live) */
static char *screen(struct run *r, int cols)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	memset(r->body, 0, sizeof(r->body));
	r->live.cols = cols;
	r->v.live = cols >= 0 ? &r->live : NULL;
	render_screen(out, &r->m, &r->p, &r->v);
	fclose(out);
	if (getenv("LIVE_TABLE_DUMP"))
		printf("---- %d columns\n%s", cols, buf);
	return buf;
}

/* ---- what a screen is checked for ---- */

/* the characters a terminal shows of @line's first @len bytes: CSI sequences take none */
static int shown_width(const char *line, size_t len)
{
	size_t i = 0;
	int n = 0;

	while (i < len) {
		if (line[i] == '\033' && i + 1 < len && line[i + 1] == '[') {
			for (i += 2; i < len && (line[i] < 0x40 || line[i] > 0x7e); i++)
				;
			i++;
			continue;
		}
		n++;
		i++;
	}
	return n;
}

static void assert_fits(const char *text, int cols)
{
	const char *p = text, *nl;

	for (; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		assert_non_null(nl);
		if (shown_width(p, nl - p) > cols) {
			print_error("wider than %d: %.*s\n", cols, (int)(nl - p), p);
			fail();
		}
	}
}

/* the line of @text that starts with @start, as a new string */
static char *line_of(const char *text, const char *start)
{
	const char *p = text, *nl;

	for (; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!strncmp(p, start, strlen(start)))
			return strndup(p, nl - p);
	}
	fail_msg("no line starts with \"%s\" in:\n%s", start, text);
	return NULL;
}

static bool word_in(const char *word, const char *const *words)
{
	for (; *words; words++)
		if (!strcmp(word, *words))
			return true;
	return false;
}

/* each word of @line is one of @words, whole */
static void assert_words(const char *line, const char *const *words)
{
	char *copy = strdup(line), *save = NULL, *w;

	for (w = strtok_r(copy, " |", &save); w; w = strtok_r(NULL, " |", &save))
		if (!word_in(w, words))
			fail_msg("\"%s\" is no header word, in \"%s\"", w, line);
	free(copy);
}

/* the title line's "hidden: a, b (...)" names @name */
static bool hidden(const char *text, const char *name)
{
	const char *h = strstr(text, "hidden: ");
	char list[256], want[64];
	int n;

	if (!h)
		return false;
	h += strlen("hidden: ");
	for (n = strcspn(h, "(\n"); n > 0 && h[n - 1] == ' '; n--)
		;
	snprintf(list, sizeof(list), ", %.*s,", n, h);
	snprintf(want, sizeof(want), ", %s,", name);
	return strstr(list, want);
}

/* the header line shows the column @name, or its short form @abbr */
static bool header_shows(const char *line, const char *name, const char *abbr)
{
	char padded[512], want[64];

	snprintf(padded, sizeof(padded), " %s ", line);
	snprintf(want, sizeof(want), " %s ", name);
	return strstr(padded, want) || (abbr && header_shows(line, abbr, NULL));
}

/* the CPUs of the rows between the body's marks, in order; the count */
static int rows_order(const char *text, const long *body, int *cpus, int max)
{
	const char *p = text + body[SCREEN_BODY_START], *end = text + body[SCREEN_BODY_END];
	int n = 0;

	assert_true(body[SCREEN_BODY_END] >= body[SCREEN_BODY_START]);
	for (; p < end && n < max; p = strchr(p, '\n') + 1) {
		while (*p == '\033')
			p += strcspn(p, "m") + 1;
		cpus[n++] = atoi(p + 1);
	}
	return n;
}

/* the offset in @text of the only line that starts with the marker */
static long marked_line(const char *text)
{
	const char *p = text, *found = NULL;

	for (; *p; p = strchr(p, '\n') + 1) {
		const char *q = p;

		while (*q == '\033')
			q += strcspn(q, "m") + 1;
		if (*q != '>')
			continue;
		assert_null(found);
		found = p;
	}
	assert_non_null(found);
	return found - text;
}

/* ---- osnoise top ---- */

static void add_period(struct run_models *m, int cpu, uint64_t noise, uint64_t max_single,
		       uint64_t irq, uint64_t softirq, uint64_t thread)
{
	struct rtl_record r = { .kind = RECORD_OSNOISE_PERIOD };

	r.period.cpu = cpu;
	r.period.runtime_us = 3599000000ULL;
	r.period.noise_us = noise;
	r.period.max_sample_us = max_single;
	r.period.hw_count = 12;
	r.period.nmi_count = cpu == 1;
	r.period.irq_count = irq;
	r.period.softirq_count = softirq;
	r.period.thread_count = thread;
	run_models_add(m, &r);
}

/* an hour of CPUs 0, 1 and 10: counts of up to 7 digits */
static void osnoise_open(struct run *r)
{
	run_open(r, "osnoise top", ARGV("osnoise", "-c", "0,1,10"));
	add_period(&r->m, 0, 1234567, 4567, 3600000, 1800000, 900000);
	add_period(&r->m, 1, 98765, 87654, 3599999, 20000, 5000);
	add_period(&r->m, 10, 5000000, 300, 100, 10, 1);
}

static const char *const noise_words[] = {
	"CPU", "Period", "Runtime", "Run", "Noise", "%", "CPU", "Aval", "%Aval", "Max", "Single",
	"MaxN", "MaxS", "HW", "NMI", "IRQ", "Softirq", "SIRQ", "Thread", "Thr", NULL,
};

/* each column: its name and short form */
static const char *const noise_cols[][2] = {
	{ "CPU" }, { "Period" }, { "Runtime", "Run" }, { "Noise" }, { "% CPU Aval", "%Aval" },
	{ "Max Noise", "MaxN" }, { "Max Single", "MaxS" }, { "HW" }, { "NMI" }, { "IRQ" },
	{ "Softirq", "SIRQ" }, { "Thread", "Thr" },
};

static void test_osnoise_fits(void **state)
{
	static const int widths[] = { 80, 120, 200 };
	struct run r;
	char *text, *head;
	size_t i, c;

	(void)state;
	osnoise_open(&r);
	for (i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
		text = screen(&r, widths[i]);
		assert_fits(text, widths[i]);
		head = line_of(text, "CPU ");
		assert_words(head, noise_words);
		for (c = 0; c < sizeof(noise_cols) / sizeof(noise_cols[0]); c++)
			if (!header_shows(head, noise_cols[c][0], noise_cols[c][1]))
				assert_true(hidden(text, noise_cols[c][0]));
		/* 80: the threads' count hidden, and said so; wider: every column */
		assert_int_equal(hidden(text, "Thread"), widths[i] == 80);
		assert_int_equal(!strstr(text, "hidden"), widths[i] > 80);
		assert_non_null(strstr(text, "Operating System Noise"));
		assert_non_null(strstr(text, "duration:   0 01:02:05 | time is in us\n"));
		free(head);
		free(text);
	}
	/* no limit: the full headers, every column */
	text = screen(&r, 0);
	assert_null(strstr(text, "hidden"));
	assert_non_null(strstr(text, "\nCPU Period     Runtime    Noise  % CPU Aval  Max Noise  "
			       "Max Single  HW  NMI      IRQ  Softirq  Thread\n"));
	free(text);
	run_close(&r);
}

/* hwnoise: IRQs off, no IRQ, softirq or thread columns to show or hide */
static void test_hwnoise_fits(void **state)
{
	struct run r;
	char *text, *head;

	(void)state;
	run_open(&r, "hwnoise", ARGV("hwnoise", "-c", "0,1,10"));
	add_period(&r.m, 0, 1234567, 4567, 0, 0, 0);
	text = screen(&r, 80);
	head = line_of(text, "CPU ");
	assert_fits(text, 80);
	assert_words(head, noise_words);
	assert_non_null(strstr(text, "Hardware-related Noise"));
	assert_null(strstr(text, "hidden"));
	assert_null(strstr(head, "IRQ"));
	assert_null(strstr(head, "Thr"));
	assert_true(header_shows(head, "NMI", NULL));
	free(head);
	free(text);
	run_close(&r);
}

/* the ordering of the rows as shown and as render_row_order() gives them */
static void assert_order(struct run *r, enum live_sort sort, const int *want, int n)
{
	int got[NR_CPUS], order[NR_CPUS];
	char *text;

	r->live.sort = sort;
	text = screen(r, 120);
	assert_int_equal(rows_order(text, r->body, got, NR_CPUS), n);
	assert_memory_equal(got, want, n * sizeof(*want));
	assert_int_equal(render_row_order(&r->m, &r->p, &r->live, order, NR_CPUS), n);
	assert_memory_equal(order, want, n * sizeof(*want));
	free(text);
}

static void test_osnoise_sorts(void **state)
{
	static const int by_cpu[] = { 0, 1, 10 }, by_noise[] = { 10, 0, 1 },
			 by_single[] = { 1, 0, 10 };
	struct run r;

	(void)state;
	osnoise_open(&r);
	assert_order(&r, LIVE_SORT_NOISE, by_noise, 3);
	assert_order(&r, LIVE_SORT_MAX_SINGLE, by_single, 3);
	assert_order(&r, LIVE_SORT_CPU, by_cpu, 3);
	run_close(&r);
}

/* the selected row: a marker in place of the CPU's padding, its start reported */
static void assert_selected(struct run *r, int cpu, int cols, const char *start)
{
	char *text;
	long at;

	r->live.selected = cpu;
	r->v.pretty = false;
	text = screen(r, cols);
	at = marked_line(text);
	assert_int_equal(r->body[SCREEN_BODY_SELECTED], at);
	assert_int_equal(strncmp(text + at, start, strlen(start)), 0);
	assert_null(strchr(text, '\033'));
	free(text);
	/* in colour: reverse video too, that row only */
	r->v.pretty = true;
	text = screen(r, cols);
	at = r->body[SCREEN_BODY_SELECTED];
	assert_int_equal(at, marked_line(text));
	assert_int_equal(strncmp(text + at, "\033[7m", 4), 0);
	assert_ptr_equal(strstr(text, "\033[7m"), text + at);
	assert_null(strstr(text + at + 1, "\033[7m"));
	free(text);
	r->v.pretty = false;
}

static void test_osnoise_selected(void **state)
{
	struct run r;
	char *text;

	(void)state;
	osnoise_open(&r);
	assert_selected(&r, 10, 80, ">10 #1 ");
	assert_selected(&r, 1, 200, "> 1 #1 ");
	/* a CPU that has no row: nothing marked */
	r.live.selected = 5;
	text = screen(&r, 80);
	assert_null(strstr(text, "\n>"));
	assert_int_equal(r.body[SCREEN_BODY_SELECTED], 0);
	free(text);
	run_close(&r);
}

/* ---- timerlat top ---- */

static void add_latency(struct run_models *m, int cpu, enum timerlat_context ctx, uint64_t us)
{
	struct rtl_record r = { .kind = RECORD_TIMERLAT };

	r.timerlat.cpu = cpu;
	r.timerlat.context = ctx;
	r.timerlat.latency_ns = us * 1000;
	run_models_add(m, &r);
}

/* CPUs 0, 1 and 10; with -u, the return to user too: up to 5 digits */
static void timerlat_open(struct run *r, bool user)
{
	static const uint64_t lat[3][3] = {	/* [cpu][ctx]: the largest of 3 */
		{ 120, 12345, 20 }, { 99999, 15, 30 }, { 7, 9, 34567 },
	};
	static const int cpus[] = { 0, 1, 10 };
	int i, ctx;

	if (user)
		run_open(r, "timerlat top", ARGV("timerlat", "-c", "0,1,10", "-u"));
	else
		run_open(r, "timerlat top", ARGV("timerlat", "-c", "0,1,10"));
	for (i = 0; i < 3; i++)
		for (ctx = 0; ctx < (user ? 3 : 2); ctx++) {
			add_latency(&r->m, cpus[i], ctx, lat[i][ctx]);
			add_latency(&r->m, cpus[i], ctx, 1);
			add_latency(&r->m, cpus[i], ctx, lat[i][ctx] / 2);
		}
}

static const char *const latency_words[] = {
	"CPU", "COUNT", "cur", "min", "avg", "max", NULL,
};

static const char *const group_words[] = {
	"0", "01:02:05", "IRQ", "Thread", "Ret", "user", "Timer", "Latency", "(us)", NULL,
};

/* the groups' titles and the columns' headers are whole; each column shown or named */
static void assert_latency_fits(const char *text, int cols, bool user)
{
	static const char *const stats[] = { "cur", "min", "avg", "max" };
	char *head = line_of(text, "CPU "), *groups = line_of(text, "  0 01:02:05");
	int i;

	assert_fits(text, cols);
	assert_words(head, latency_words);
	assert_words(groups, group_words);
	assert_non_null(strstr(groups, "IRQ "));
	assert_non_null(strstr(groups, "Thread "));
	assert_int_equal(!!strstr(groups, "Ret user "), user);
	for (i = 0; i < 4; i++)
		assert_true(header_shows(head, stats[i], NULL) || hidden(text, stats[i]));
	assert_true(header_shows(head, "max", NULL));
	assert_non_null(strstr(text, "\nALL #9 e0 "));
	free(head);
	free(groups);
}

static void test_timerlat_fits(void **state)
{
	static const int widths[] = { 80, 120, 200 };
	struct run r;
	char *text;
	size_t i;
	int user;

	(void)state;
	for (user = 0; user < 2; user++) {
		timerlat_open(&r, user);
		for (i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
			text = screen(&r, widths[i]);
			assert_latency_fits(text, widths[i], user);
			/* 80 columns and three contexts: cur hidden first */
			assert_int_equal(hidden(text, "cur"), user && widths[i] == 80);
			assert_int_equal(!strstr(text, "hidden"), !user || widths[i] > 80);
			free(text);
		}
		run_close(&r);
	}
}

/* a terminal narrower still: min, then avg go too; max stays */
static void test_timerlat_narrow(void **state)
{
	struct run r;
	char *text;

	(void)state;
	timerlat_open(&r, true);
	text = screen(&r, 60);
	assert_latency_fits(text, 60, true);
	assert_true(hidden(text, "cur") && hidden(text, "min"));
	free(text);
	run_close(&r);
}

static void test_timerlat_sorts(void **state)
{
	static const int by_cpu[] = { 0, 1, 10 }, by_latency[] = { 1, 10, 0 };
	struct run r;

	(void)state;
	timerlat_open(&r, true);
	assert_order(&r, LIVE_SORT_LATENCY, by_latency, 3);
	assert_order(&r, LIVE_SORT_CPU, by_cpu, 3);
	run_close(&r);
}

static void test_timerlat_selected(void **state)
{
	struct run r;

	(void)state;
	timerlat_open(&r, false);
	assert_selected(&r, 1, 80, "> 1 #3 ");
	assert_selected(&r, 10, 120, ">10 #3 ");
	run_close(&r);
}

/* ---- hwlat top ---- */

static void add_window(struct run_models *m, int cpu, uint64_t inner, uint64_t outer)
{
	struct rtl_record r = { .kind = RECORD_HWLAT };

	r.hwlat.cpu = cpu;
	r.hwlat.inner_us = inner;
	r.hwlat.outer_us = outer;
	r.hwlat.gaps = 2;
	r.hwlat.nmi_count = cpu;
	run_models_add(m, &r);
}

static void hwlat_open(struct run *r)
{
	run_open(r, "hwlat top", ARGV("hwlat", "-c", "0,1,10"));
	add_window(&r->m, 0, 12, 30);
	add_window(&r->m, 1, 4000, 2);
	add_window(&r->m, 10, 7, 7);
}

static const char *const hwlat_words[] = {
	"CPU", "Samples", "Gaps", "Max", "Inner", "Outer", "Avg", "Lat", "NMIs", NULL,
};

static void test_hwlat_fits(void **state)
{
	static const int widths[] = { 40, 80, 120 };
	struct run r;
	char *text, *head;
	size_t i;

	(void)state;
	hwlat_open(&r);
	for (i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
		text = screen(&r, widths[i]);
		head = line_of(text, "CPU ");
		assert_fits(text, widths[i]);
		assert_words(head, hwlat_words);
		assert_int_equal(!strstr(text, "hidden"), widths[i] > 40);
		assert_true(header_shows(head, "NMIs", NULL) || hidden(text, "NMIs"));
		free(head);
		free(text);
	}
	assert_selected(&r, 10, 80, ">10 ");
	run_close(&r);
}

static void test_hwlat_sorts(void **state)
{
	static const int by_cpu[] = { 0, 1, 10 }, by_latency[] = { 1, 0, 10 };
	struct run r;

	(void)state;
	hwlat_open(&r);
	assert_order(&r, LIVE_SORT_LATENCY, by_latency, 3);
	assert_order(&r, LIVE_SORT_CPU, by_cpu, 3);
	run_close(&r);
}

/* key o: each tool's sorts, from the CPUs' order round to it again */
static void assert_cycle(const char *command, char **argv, const enum live_sort *want, int n)
{
	struct rtl_params p;
	enum live_sort sort = LIVE_SORT_CPU;
	int i;

	assert_int_equal(cmdline_parse(&p, command, NR_CPUS, argv), OPTS_OK);
	for (i = 0; i < n; i++) {
		assert_int_equal(sort, want[i]);
		sort = render_next_sort(&p, sort);
	}
	assert_int_equal(sort, LIVE_SORT_CPU);
	params_free(&p);
}

static void test_sort_cycles(void **state)
{
	static const enum live_sort noise[] = {
		LIVE_SORT_CPU, LIVE_SORT_NOISE, LIVE_SORT_MAX_SINGLE,
	}, latency[] = { LIVE_SORT_CPU, LIVE_SORT_LATENCY };

	(void)state;
	assert_cycle("osnoise top", ARGV("osnoise"), noise, 3);
	assert_cycle("hwnoise", ARGV("hwnoise"), noise, 3);
	assert_cycle("timerlat top", ARGV("timerlat"), latency, 2);
	assert_cycle("hwlat top", ARGV("hwlat"), latency, 2);
	assert_string_equal(render_sort_name(LIVE_SORT_MAX_SINGLE), "max single");
}

/* ---- not live: rtla's layouts, as they were ---- */

static void assert_not_live(struct run *r, const char *want)
{
	char *text;

	r->live.selected = 1;
	text = screen(r, -1);
	assert_string_equal(text, want);
	assert_int_equal(r->body[SCREEN_BODY_SELECTED], 0);
	free(text);
}

static void test_not_live(void **state)
{
	struct run r;

	(void)state;
	osnoise_open(&r);
	assert_not_live(&r, OSNOISE_RTLA);
	run_close(&r);
	timerlat_open(&r, true);
	assert_not_live(&r, TIMERLAT_RTLA);
	run_close(&r);
	hwlat_open(&r);
	assert_not_live(&r, HWLAT_RTLA);
	run_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_osnoise_fits),
		cmocka_unit_test(test_hwnoise_fits),
		cmocka_unit_test(test_osnoise_sorts),
		cmocka_unit_test(test_osnoise_selected),
		cmocka_unit_test(test_timerlat_fits),
		cmocka_unit_test(test_timerlat_narrow),
		cmocka_unit_test(test_timerlat_sorts),
		cmocka_unit_test(test_timerlat_selected),
		cmocka_unit_test(test_hwlat_fits),
		cmocka_unit_test(test_hwlat_sorts),
		cmocka_unit_test(test_sort_cycles),
		cmocka_unit_test(test_not_live),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

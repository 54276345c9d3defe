// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for --live-replay (source/engine/file_pace.c), on a seed
 * recording of the fuzz corpus (osnoise top --aa on CPUs 0 and 1, its
 * records 2.68 s apart from first to last, its run 2.0 s): driven as the
 * session drives it (poll, and sleep as long as source_next_read_ms() says
 * while nothing is due), at --speed 10 it takes at least half of 0.268 s,
 * sleeps between the records instead of polling on, hands out each CPU's
 * records in the order of a plain replay, and ends where a plain replay
 * ends; -d ends it at that recorded time; a stopped replay's clock stays.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "cmdline.h"
#include "source/engine/source.h"
#include "source/machine/machine.h"

#define SEED		"tests/fuzz/corpus/input/osnoise-aa.dat"
#define SEED_SPAN_S	2.684464	/* its last record after its first */
#define MAX_RECORDS	256

/*
 * libtracecmd 3.1 loses a file format 6's trace clock (6 bytes) opening it,
 * in libc's sscanf("%ms"), where rtlens has none (tests/fuzz/lsan.supp)
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:__isoc99_vsscanf\n";
}

struct seen {
	int		cpu;
	int		kind;
	uint64_t	ts;
	int		order;
};

struct replay {
	struct rtl_params	p;
	struct sys_facts	facts;
	struct recorded_run	run;
	struct source		*src;
	struct seen		rec[MAX_RECORDS];
	int			nr;
	int			polls;
	double			wall_s;
	double			mid_s;		/* source_replayed_s() after the first poll */
};

static void keep(const struct rtl_record *r, void *ctx)
{
	struct replay *rp = ctx;

	assert_true(rp->nr < MAX_RECORDS);
	rp->rec[rp->nr] = (struct seen) {
		.cpu = r->period.cpu, .kind = r->kind, .ts = r->period.ts, .order = rp->nr,
	};
	rp->nr++;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void sleep_ms(int ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

/* the seed opened with @argv's options (argv[0] "osnoise", osnoise top's) */
static struct replay *open_seed(char **argv)
{
	struct replay *rp = calloc(1, sizeof(*rp));

	assert_non_null(rp);
	assert_int_equal(cmdline_parse(&rp->p, "osnoise top", 2, argv), OPTS_OK);
	rp->src = source_open_input(&rp->p, &rp->facts, &rp->run);
	assert_non_null(rp->src);
	return rp;
}

/* the seed replayed with @argv's options: the session's main loop, then its end */
static struct replay *replay(char **argv)
{
	struct replay *rp = open_seed(argv);
	double t0;

	t0 = now_s();
	while (!source_tracing_stopped(rp->src)) {
		if (!source_has_more(rp->src))
			sleep_ms(source_next_read_ms(rp->src, 250));
		assert_true(source_poll(rp->src, keep, rp) >= 0);
		if (!rp->polls++)
			rp->mid_s = source_replayed_s(rp->src);
	}
	rp->wall_s = now_s() - t0;
	source_stop(rp->src);
	assert_int_equal(source_poll(rp->src, keep, rp), 0);
	return rp;
}

static void replay_free(struct replay *rp)
{
	source_close(rp->src);
	machine_free(&rp->facts);
	params_free(&rp->p);
	free(rp);
}

/* CPU by CPU, each in the order it came */
static int by_cpu(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;

	return x->cpu != y->cpu ? x->cpu - y->cpu : x->order - y->order;
}

static void same_records(struct replay *a, struct replay *b)
{
	int i;

	assert_int_equal(a->nr, b->nr);
	qsort(a->rec, a->nr, sizeof(a->rec[0]), by_cpu);
	qsort(b->rec, b->nr, sizeof(b->rec[0]), by_cpu);
	for (i = 0; i < a->nr; i++) {
		assert_int_equal(a->rec[i].cpu, b->rec[i].cpu);
		assert_int_equal(a->rec[i].kind, b->rec[i].kind);
		assert_int_equal(a->rec[i].ts, b->rec[i].ts);
	}
}

/* the records come in time order across the CPUs */
static void in_time_order(const struct replay *rp)
{
	int i;

	for (i = 1; i < rp->nr; i++)
		assert_true(rp->rec[i - 1].ts <= rp->rec[i].ts);
}

static void test_paced(void **state)
{
	struct replay *plain = replay(ARGV("osnoise", "--aa", "--input", SEED));
	struct replay *live = replay(ARGV("osnoise", "--aa", "--input", SEED, "--live-replay",
					  "--speed", "10"));

	(void)state;
	print_message("plain replay %.3f s, live replay at --speed 10 %.3f s (%.3f s due), "
		      "%d polls\n", plain->wall_s, live->wall_s, SEED_SPAN_S / 10, live->polls);
	assert_true(plain->nr > 20);
	assert_int_equal(plain->polls, 1);
	assert_true(live->wall_s >= 0.5 * SEED_SPAN_S / 10);
	/* it sleeps while nothing is due: 8 periods, the events before each */
	assert_true(live->polls < 60);
	assert_true(live->mid_s >= 0 && live->mid_s < 0.5);
	in_time_order(live);
	same_records(plain, live);
	assert_float_equal(source_replayed_s(live->src), plain->run.elapsed_s, 0);
	assert_float_equal(source_replayed_s(plain->src), plain->run.elapsed_s, 0);
	assert_int_equal(live->run.reason, plain->run.reason);
	replay_free(plain);
	replay_free(live);
}

/* -d 1: the records of the first recorded second, a run of that duration */
static void test_duration(void **state)
{
	struct replay *rp = replay(ARGV("osnoise", "--aa", "--input", SEED, "--live-replay",
					"--speed", "20", "-d", "1"));
	int i;

	(void)state;
	assert_true(rp->wall_s >= 0.5 * 1 / 20.0);
	assert_true(rp->nr > 0);
	for (i = 0; i < rp->nr; i++)
		assert_true(rp->rec[i].ts - rp->rec[0].ts <= 1000000000ULL);
	assert_true(rp->rec[rp->nr - 1].ts - rp->rec[0].ts > 500000000ULL);
	assert_int_equal(rp->run.reason, STOP_DURATION);
	assert_int_equal(rp->p.duration_s, 1);
	assert_float_equal(source_replayed_s(rp->src), 1, 0);
	replay_free(rp);
}

/* stopped half-way (q, a signal): what was due is out, the clock stays there */
static void test_stopped(void **state)
{
	struct replay *rp = open_seed(ARGV("osnoise", "--input", SEED, "--live-replay", "--speed",
					   "10"));
	double at;

	(void)state;
	assert_true(source_poll(rp->src, keep, rp) > 0);
	sleep_ms(80);
	source_stop(rp->src);
	at = source_replayed_s(rp->src);
	assert_true(at >= 0.8 && at < 2.0);
	while (!source_tracing_stopped(rp->src))
		assert_true(source_poll(rp->src, keep, rp) >= 0);
	assert_true(rp->rec[rp->nr - 1].ts - rp->rec[0].ts <= (uint64_t)(at * 1e9));
	sleep_ms(30);
	assert_float_equal(source_replayed_s(rp->src), at, 0);
	replay_free(rp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paced),
		cmocka_unit_test(test_duration),
		cmocka_unit_test(test_stopped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

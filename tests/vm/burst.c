// SPDX-License-Identifier: GPL-2.0
/*
 * burst - noise of a known distribution for the VM tests of the tail
 * estimates (rtlens --tail).
 *
 *   burst -c CPU -p PRIO -n NAME -d SECONDS (--exp MEAN_US |
 *         --pareto ALPHA --xm XM_US) [--gap-ms G] [--seed S] [--cap-us C]
 *
 * Names itself NAME, pins itself to CPU and runs as SCHED_FIFO PRIO (0:
 * SCHED_OTHER; above 95, the priority of timerlat's threads, it delays
 * them). Then, until SECONDS have passed or SIGTERM/SIGINT comes, it
 * sleeps (clock_nanosleep, CLOCK_MONOTONIC) for a gap drawn from an
 * exponential distribution of mean G ms (default 100), then busy-loops for
 * a time drawn from
 *
 *   --exp MEAN_US          an exponential distribution of mean MEAN_US:
 *                          a light tail (shape 0);
 *   --pareto ALPHA --xm XM  a Pareto distribution of shape ALPHA, minimum
 *                          XM_US: a heavy tail, P(X > x) = (XM / x)^ALPHA
 *                          (a generalized Pareto shape of 1 / ALPHA);
 *
 * a busy time longer than C us (default 500000) is cut to C, and counted
 * (the kernel's RT throttling would cut it anyway). The gaps after the ends
 * of the bursts make the bursts' starts a Poisson process as long as the
 * bursts are short next to G. The draws come from a generator seeded with
 * S (default 1): the same seed, the same sequence of gaps and bursts.
 * On exit it prints one line on stdout:
 *
 *   burst: name=NAME pid=PID cpu=CPU prio=PRIO dist=DIST seed=S count=N
 *          busy_mean_us=X busy_max_us=Y capped=N
 *
 * count, mean and max are those of the bursts made (a burst that SIGTERM
 * or the end of SECONDS cut short is counted as long as it ran).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "helper.h"

const char helper_name[] = "burst";

enum burst_dist { DIST_NONE, DIST_EXP, DIST_PARETO };

struct burst_law {
	enum burst_dist dist;
	double mean_us;		/* exponential */
	double alpha;		/* Pareto */
	double xm_us;
	double gap_ms;
	double cap_us;
	uint64_t seed;
};

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: burst -c CPU -p PRIO -n NAME -d SECONDS (--exp MEAN_US |\n"
		"             --pareto ALPHA --xm XM_US) [--gap-ms G] [--seed S] [--cap-us C]\n"
		"  on CPU, as SCHED_FIFO PRIO (0 = SCHED_OTHER), named NAME, for SECONDS:\n"
		"  sleep an exponential gap of mean G ms (100), then busy-loop for an\n"
		"  exponential time of mean MEAN_US or a Pareto time of shape ALPHA and\n"
		"  minimum XM_US (cut at C us, 500000); the draws seeded with S (1)\n");
	exit(status);
}

/* a number in min..max, or exit 2 with a message */
static double parse_double(const char *arg, const char *what, double min, double max)
{
	char *end;
	double val;

	errno = 0;
	val = strtod(arg, &end);
	if (errno || end == arg || *end || !(val >= min && val <= max)) {
		fprintf(stderr, "%s: invalid %s '%s' (expected %g..%g)\n",
			helper_name, what, arg, min, max);
		exit(2);
	}
	return val;
}

static void parse_opts(int argc, char **argv, struct burst_opts *o, struct burst_law *law)
{
	static const struct option longopts[] = {
		{ "cpu",	required_argument, NULL, 'c' },
		{ "prio",	required_argument, NULL, 'p' },
		{ "name",	required_argument, NULL, 'n' },
		{ "duration",	required_argument, NULL, 'd' },
		{ "exp",	required_argument, NULL, 'E' },
		{ "pareto",	required_argument, NULL, 'A' },
		{ "xm",		required_argument, NULL, 'X' },
		{ "gap-ms",	required_argument, NULL, 'G' },
		{ "seed",	required_argument, NULL, 'S' },
		{ "cap-us",	required_argument, NULL, 'C' },
		{ "help",	no_argument,	   NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, "c:p:n:d:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			o->cpu = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1);
			break;
		case 'p':
			o->prio = parse_long(optarg, "priority", 0, 99);
			break;
		case 'n':
			o->name = optarg;
			break;
		case 'd':
			o->seconds = parse_seconds(optarg);
			break;
		case 'E':
			law->dist = DIST_EXP;
			law->mean_us = parse_double(optarg, "mean", 1, 1e7);
			break;
		case 'A':
			law->dist = DIST_PARETO;
			law->alpha = parse_double(optarg, "shape", 0.1, 100);
			break;
		case 'X':
			law->xm_us = parse_double(optarg, "minimum", 1, 1e7);
			break;
		case 'G':
			law->gap_ms = parse_double(optarg, "gap", 0.01, 1e6);
			break;
		case 'S':
			law->seed = parse_long(optarg, "seed", 0, 0x7fffffffL);
			break;
		case 'C':
			law->cap_us = parse_double(optarg, "cap", 1, 1e7);
			break;
		case 'h':
			usage(0);
			break;
		default:
			usage(2);
		}
	}
	if (optind != argc || o->cpu < 0 || !o->name || o->seconds <= 0 ||
	    law->dist == DIST_NONE || (law->dist == DIST_PARETO && law->xm_us <= 0))
		usage(2);
}

/*
 * The generator: a 64-bit counter stepped by an odd constant, each value
 * scrambled by two xor-shift-multiply rounds (the splitmix64 scheme).
 * Enough for test draws; a seed names one sequence.
 */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* uniform in (0, 1): never 0, so that its logarithm is finite */
static double rng_uniform(void)
{
	return ((double)(rng_next() >> 11) + 0.5) / 9007199254740992.0;
}

/* an exponential draw of mean @mean */
static double draw_exp(double mean)
{
	return -mean * log(rng_uniform());
}

/* a busy time in us of @law, and whether the cap cut it */
static double draw_busy(const struct burst_law *law, int *capped)
{
	double us;

	if (law->dist == DIST_EXP)
		us = draw_exp(law->mean_us);
	else
		us = law->xm_us * exp(-log(rng_uniform()) / law->alpha);
	*capped = us > law->cap_us;
	return *capped ? law->cap_us : us;
}

int main(int argc, char **argv)
{
	struct burst_opts o = { .cpu = -1, .name = "burst" };
	struct burst_law law = { .gap_ms = 100, .cap_us = 500000, .seed = 1 };
	long long end, t, start, until, want, busy, busy_max = 0, busy_total = 0;
	long count = 0, capped = 0;
	const char *dist;
	int cut;

	parse_opts(argc, argv, &o, &law);
	stop_on_signals();
	if (burst_setup(&o))
		return 1;
	rng_state = law.seed;

	end = now_ns() + (long long)(o.seconds * NSEC_PER_SEC);
	for (t = now_ns(); !stop && t < end; ) {
		start = t + (long long)(draw_exp(law.gap_ms) * NSEC_PER_MSEC);
		want = (long long)(draw_busy(&law, &cut) * 1000);
		if (start >= end)
			break;
		sleep_until(start);
		if (stop)
			break;
		start = now_ns();	/* a late wake-up does not shorten the burst */
		until = start + want < end ? start + want : end;
		do
			t = now_ns();
		while (!stop && t < until);
		busy = t - start;
		busy_total += busy;
		if (busy > busy_max)
			busy_max = busy;
		count++;
		capped += cut;
	}

	dist = law.dist == DIST_EXP ? "exp" : "pareto";
	printf("burst: name=%s pid=%d cpu=%d prio=%d dist=%s seed=%llu count=%ld busy_mean_us=%.1f busy_max_us=%.1f capped=%ld\n",
	       o.name, getpid(), o.cpu, o.prio, dist, (unsigned long long)law.seed, count,
	       count ? busy_total / 1000.0 / count : 0.0, busy_max / 1000.0, capped);
	return 0;
}

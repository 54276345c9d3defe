// SPDX-License-Identifier: GPL-2.0
/*
 * spin - a known source of thread noise for the VM tests.
 *
 *   spin -c CPU -p PRIO -n NAME -d SECONDS [--duty PCT] [--period-ms MS]
 *
 * Names itself NAME (prctl(PR_SET_NAME), so tracers see that comm), pins
 * itself to CPU, runs as SCHED_FIFO PRIO (0 = SCHED_OTHER) and busy-loops
 * for PCT% of every MS-millisecond period (default 100% of 100 ms), sleeping
 * the rest, until SECONDS have passed or SIGTERM/SIGINT comes.  On exit it
 * prints one line on stdout:
 *
 *   spin: name=NAME pid=PID cpu=CPU prio=PRIO busy_ms=N periods=N
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define NSEC_PER_SEC	1000000000LL
#define NSEC_PER_MSEC	1000000LL

struct spin_opts {
	int cpu;
	int prio;
	const char *name;
	double seconds;
	int duty;
	long period_ms;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static void sleep_until(long long ns)
{
	struct timespec ts = {
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_nsec = ns % NSEC_PER_SEC,
	};

	while (!stop &&
	       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: spin -c CPU -p PRIO -n NAME -d SECONDS [--duty PCT] [--period-ms MS]\n"
		"  busy-loop PCT%% (default 100) of every MS ms (default 100) on CPU,\n"
		"  as SCHED_FIFO PRIO (0 = SCHED_OTHER), named NAME, for SECONDS\n");
	exit(status);
}

static long parse_long(const char *arg, const char *what, long min, long max)
{
	char *end;
	long val;

	errno = 0;
	val = strtol(arg, &end, 10);
	if (errno || end == arg || *end || val < min || val > max) {
		fprintf(stderr, "spin: invalid %s '%s' (expected %ld..%ld)\n",
			what, arg, min, max);
		exit(2);
	}
	return val;
}

static void parse_opts(int argc, char **argv, struct spin_opts *o)
{
	static const struct option longopts[] = {
		{ "cpu",	required_argument, NULL, 'c' },
		{ "prio",	required_argument, NULL, 'p' },
		{ "name",	required_argument, NULL, 'n' },
		{ "duration",	required_argument, NULL, 'd' },
		{ "duty",	required_argument, NULL, 'D' },
		{ "period-ms",	required_argument, NULL, 'P' },
		{ "help",	no_argument,	   NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char *end;
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
			o->seconds = strtod(optarg, &end);
			if (end == optarg || *end || o->seconds <= 0) {
				fprintf(stderr, "spin: invalid duration '%s'\n", optarg);
				exit(2);
			}
			break;
		case 'D':
			o->duty = parse_long(optarg, "duty", 1, 100);
			break;
		case 'P':
			o->period_ms = parse_long(optarg, "period", 1, 60000);
			break;
		case 'h':
			usage(0);
			break;
		default:
			usage(2);
		}
	}
	if (optind != argc || o->cpu < 0 || o->seconds <= 0)
		usage(2);
}

static int spin_setup(const struct spin_opts *o)
{
	struct sched_param sp = { .sched_priority = o->prio };
	cpu_set_t set;

	if (prctl(PR_SET_NAME, o->name, 0, 0, 0)) {
		perror("spin: prctl(PR_SET_NAME)");
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(o->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "spin: cannot pin to CPU %d: %s\n",
			o->cpu, strerror(errno));
		return -1;
	}
	if (sched_setscheduler(0, o->prio ? SCHED_FIFO : SCHED_OTHER, &sp)) {
		fprintf(stderr, "spin: cannot set %s %d: %s\n",
			o->prio ? "SCHED_FIFO" : "SCHED_OTHER", o->prio,
			strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct spin_opts o = {
		.cpu = -1, .name = "spin", .duty = 100, .period_ms = 100,
	};
	long long period, busy, start, end, next, t = 0, busy_total = 0;
	long periods = 0;

	parse_opts(argc, argv, &o);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	if (spin_setup(&o))
		return 1;

	period = o.period_ms * NSEC_PER_MSEC;
	busy = period * o.duty / 100;
	start = now_ns();
	end = start + (long long)(o.seconds * NSEC_PER_SEC);

	for (next = start; next < end && !stop; next += period) {
		long long until = next + busy < end ? next + busy : end;

		do
			t = now_ns();
		while (!stop && t < until);
		if (t > until)
			t = until;
		if (t > next)
			busy_total += t - next;
		periods++;
		if (o.duty < 100 && next + period < end)
			sleep_until(next + period);
	}

	printf("spin: name=%s pid=%d cpu=%d prio=%d busy_ms=%lld periods=%ld\n",
	       o.name, getpid(), o.cpu, o.prio, busy_total / NSEC_PER_MSEC,
	       periods);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * helper.h - what the VM test helpers share (spin, ipi, vcpu): the clock,
 * stopping on SIGTERM and SIGINT, number options, and a noise burst's
 * options and setup:
 *
 *   -c CPU -p PRIO -n NAME -d SECONDS [--duty PCT] [--period-ms MS]
 *
 * Header-only: run.sh builds each helper from its one .c file. Messages
 * start with helper_name, which each helper defines.
 */
#ifndef RTLENS_VM_HELPER_H
#define RTLENS_VM_HELPER_H

#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#define NSEC_PER_SEC	1000000000LL
#define NSEC_PER_MSEC	1000000LL

extern const char helper_name[];

static volatile sig_atomic_t stop;

static inline void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static inline void stop_on_signals(void)
{
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
}

static inline long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* sleeps until ns of CLOCK_MONOTONIC, or until a signal asks to stop */
static inline void sleep_until(long long ns)
{
	struct timespec ts = {
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_nsec = ns % NSEC_PER_SEC,
	};

	while (!stop &&
	       clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* a number in min..max, or exit 2 with a message */
static inline long parse_long(const char *arg, const char *what, long min, long max)
{
	char *end;
	long val;

	errno = 0;
	val = strtol(arg, &end, 10);
	if (errno || end == arg || *end || val < min || val > max) {
		fprintf(stderr, "%s: invalid %s '%s' (expected %ld..%ld)\n",
			helper_name, what, arg, min, max);
		exit(2);
	}
	return val;
}

/* seconds > 0, or exit 2 with a message */
static inline double parse_seconds(const char *arg)
{
	char *end;
	double val = strtod(arg, &end);

	if (end == arg || *end || val <= 0) {
		fprintf(stderr, "%s: invalid duration '%s'\n", helper_name, arg);
		exit(2);
	}
	return val;
}

/* ---- a noise burst: PCT% of every MS ms on CPU, as SCHED_FIFO PRIO ---- */

struct burst_opts {
	int cpu;
	int prio;		/* 0: SCHED_OTHER */
	const char *name;
	double seconds;
	int duty;
	long period_ms;
};

/* usage(status) prints the helper's usage and exits */
static inline void parse_burst_opts(int argc, char **argv, struct burst_opts *o,
				    void (*usage)(int status))
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
		case 'D':
			o->duty = parse_long(optarg, "duty", 1, 100);
			break;
		case 'P':
			o->period_ms = parse_long(optarg, "period", 1, 3600000);
			break;
		case 'h':
			usage(0);
			break;
		default:
			usage(2);
		}
	}
	if (optind != argc || o->cpu < 0 || !o->name || o->seconds <= 0)
		usage(2);
}

/* pins the calling thread to @cpu; -1 with errno set */
static inline int pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* names the calling thread, pins it and sets its policy; -1 with a message */
static inline int burst_setup(const struct burst_opts *o)
{
	struct sched_param sp = { .sched_priority = o->prio };

	if (prctl(PR_SET_NAME, o->name, 0, 0, 0)) {
		fprintf(stderr, "%s: prctl(PR_SET_NAME): %s\n", helper_name, strerror(errno));
		return -1;
	}
	if (pin_to_cpu(o->cpu)) {
		fprintf(stderr, "%s: cannot pin to CPU %d: %s\n", helper_name, o->cpu,
			strerror(errno));
		return -1;
	}
	if (sched_setscheduler(0, o->prio ? SCHED_FIFO : SCHED_OTHER, &sp)) {
		fprintf(stderr, "%s: cannot set %s %d: %s\n", helper_name,
			o->prio ? "SCHED_FIFO" : "SCHED_OTHER", o->prio, strerror(errno));
		return -1;
	}
	return 0;
}

#endif

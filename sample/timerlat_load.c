// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_load - a user-space workload that timerlat measures: it waits
 * for each timerlat period by reading its CPU's timerlat_fd, then works for
 * a while, as a periodic real-time task would. Run it under
 * `rtlens timerlat top -U` (or hist): rtlens sets the tracer up without
 * threads of its own and shows this task's IRQ, thread and return-to-user
 * latencies. See sample/README.md.
 *
 *   timerlat_load CPU [-p PRIO] [-w WORK_US] [-d SECONDS] [-t TRACEFS]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct load {
	int		cpu;
	int		prio;		/* SCHED_FIFO priority, 0: as started */
	long		work_us;	/* busy time after each wake-up */
	long		duration_s;	/* 0: until a signal */
	const char	*tracefs;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: timerlat_load CPU [-p PRIO] [-w WORK_US] [-d SECONDS] [-t TRACEFS]\n"
		"  wait for each timerlat period on CPU's timerlat_fd, then work WORK_US (0)\n"
		"  -p PRIO     run SCHED_FIFO at PRIO (1-99)\n"
		"  -d SECONDS  stop after SECONDS (default: at SIGINT or SIGTERM)\n"
		"  -t TRACEFS  the tracing directory (/sys/kernel/tracing)\n"
		"start `rtlens timerlat top -U -c CPU` (or hist) first: it runs the tracer\n");
}

static long number(const char *arg, const char *what, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < min || v > max) {
		fprintf(stderr, "timerlat_load: %s '%s' is not a number from %ld to %ld\n", what,
			arg, min, max);
		exit(1);
	}
	return v;
}

static void parse(int argc, char **argv, struct load *l)
{
	int c;

	l->tracefs = "/sys/kernel/tracing";
	while ((c = getopt(argc, argv, "p:w:d:t:h")) != -1) {
		switch (c) {
		case 'p': l->prio = number(optarg, "-p", 1, 99); break;
		case 'w': l->work_us = number(optarg, "-w", 0, 10000000); break;
		case 'd': l->duration_s = number(optarg, "-d", 1, 86400 * 365); break;
		case 't': l->tracefs = optarg; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(1);
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		exit(1);
	}
	l->cpu = number(argv[optind], "CPU", 0, CPU_SETSIZE - 1);
}

/* on the CPU it measures, at its priority: before timerlat_fd is opened */
static int place(const struct load *l)
{
	struct sched_param sp = { .sched_priority = l->prio };
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(l->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "timerlat_load: cannot run on cpu %d: %s\n", l->cpu, strerror(errno));
		return -1;
	}
	if (l->prio && sched_setscheduler(0, SCHED_FIFO, &sp)) {
		fprintf(stderr, "timerlat_load: cannot set SCHED_FIFO %d: %s (run as root)\n",
			l->prio, strerror(errno));
		return -1;
	}
	return 0;
}

static int open_fd(const struct load *l)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/osnoise/per_cpu/cpu%d/timerlat_fd", l->tracefs, l->cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		fprintf(stderr, "timerlat_load: cannot open %s: %s (%s)\n", path, strerror(errno),
			errno == ENOENT ? "a kernel before 6.5, or another tracing directory (-t)" :
			"is `rtlens timerlat -U` running on this cpu?");
	return fd;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* busy, not asleep: the time a real-time task computes after its wake-up */
static void work(long us)
{
	double end = now_s() + us / 1e6;

	while (us && now_s() < end)
		;
}

int main(int argc, char **argv)
{
	struct load l = { 0 };
	long periods = 0;
	char buf[64];
	double end;
	int fd;

	parse(argc, argv, &l);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (place(&l) || (fd = open_fd(&l)) < 0)
		return 1;
	end = l.duration_s ? now_s() + l.duration_s : 0;
	while (!stop && (!end || now_s() < end)) {
		/* returns at the next period: the tracer measured this wake-up */
		if (read(fd, buf, sizeof(buf)) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "timerlat_load: reading timerlat_fd: %s (the tracer "
				"stopped?)\n", strerror(errno));
			break;
		}
		periods++;
		work(l.work_us);
	}
	close(fd);
	printf("timerlat_load: cpu %d: %ld periods, %ld us of work each\n", l.cpu, periods,
	       l.work_us);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * churn - PID churn on one CPU for bench/soak.sh: forks a short-lived
 * process every INTERVAL microseconds, pinned to CPU, until SECONDS have
 * passed or SIGTERM/SIGINT comes. Each child names itself churnN (N the
 * fork's number modulo NAMES: NAMES distinct commands, each with many
 * pids), sleeps a microsecond (the tracepoints see it under its new
 * name after that), spins SPIN microseconds (long enough to be a noise of its own)
 * and exits. Prints on exit:
 *
 *   churn: cpu=CPU forks=N failed=N seconds=S
 *
 *   churn -c CPU [-i INTERVAL_US (1000)] [-n NAMES (100)] [-s SPIN_US (20)]
 *         [-d SECONDS (0: until stopped)]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

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
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void child(unsigned long n, int names, int spin_us)
{
	struct timespec nap = { .tv_nsec = 1000 };
	char comm[16];
	long long end;

	snprintf(comm, sizeof(comm), "churn%lu", n % (unsigned long)names);
	prctl(PR_SET_NAME, comm, 0, 0, 0);
	/* switched out and in again: the tracepoints see the new name */
	nanosleep(&nap, NULL);
	end = now_ns() + spin_us * 1000LL;
	while (now_ns() < end)
		;
	_exit(0);
}

int main(int argc, char **argv)
{
	int cpu = -1, names = 100, spin_us = 20, opt;
	long interval_us = 1000, seconds = 0;
	unsigned long forks = 0, failed = 0;
	struct sigaction sa = { .sa_handler = on_signal };
	struct timespec next;
	long long start;
	cpu_set_t set;

	while ((opt = getopt(argc, argv, "c:i:n:s:d:")) != -1) {
		switch (opt) {
		case 'c': cpu = atoi(optarg); break;
		case 'i': interval_us = atol(optarg); break;
		case 'n': names = atoi(optarg); break;
		case 's': spin_us = atoi(optarg); break;
		case 'd': seconds = atol(optarg); break;
		default:
			fprintf(stderr, "usage: churn -c CPU [-i US] [-n NAMES] [-s US] [-d S]\n");
			return 2;
		}
	}
	if (cpu < 0 || names < 1 || interval_us < 1) {
		fprintf(stderr, "churn: -c CPU needed, -n and -i positive\n");
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("churn: sched_setaffinity");
		return 1;
	}
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGCHLD, SIG_IGN);	/* the children reap themselves */
	start = now_ns();
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (!stop && (!seconds || now_ns() - start < seconds * 1000000000LL)) {
		pid_t pid = fork();

		if (pid == 0)
			child(forks, names, spin_us);
		if (pid < 0)
			failed++;
		else
			forks++;
		next.tv_nsec += interval_us * 1000;
		while (next.tv_nsec >= 1000000000L) {
			next.tv_nsec -= 1000000000L;
			next.tv_sec++;
		}
		/* far behind (a busy CPU): start again from now, no burst */
		if (next.tv_sec * 1000000000LL + next.tv_nsec < now_ns() - 100000000LL)
			clock_gettime(CLOCK_MONOTONIC, &next);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
	}
	printf("churn: cpu=%d forks=%lu failed=%lu seconds=%.1f\n", cpu, forks, failed,
	       (now_ns() - start) / 1e9);
	return 0;
}

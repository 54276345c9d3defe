// SPDX-License-Identifier: GPL-2.0
/*
 * storm - a storm of short-lived processes on one CPU, for rtlens's zoo of
 * causes (tests/zoo/).
 *
 *   storm -c CPU -d SECONDS -r RATE -u US [-n NAME]
 *
 * The storm lives on CPU: a launcher pinned there, named NAME (default
 * zoo_storm), forks a child RATE times a second for SECONDS; the child
 * (same name, same CPU) runs US microseconds of its own CPU time and exits
 * there, and the launcher reaps it. Everything the storm costs CPU is the
 * CPU time of these processes: the launcher's forks and reaps (its thread
 * CPU clock, from the moment it arrived), the children's lives, their
 * exits' teardown included (what wait4 reports of each: the scheduler's
 * own sum of its run time). No process of the storm runs anywhere else
 * while it is timed, so no move between CPUs has to be guessed. On exit
 * it prints
 *
 *   storm: name=NAME children=N on_cpu_us=T child_us=C launcher_us=L
 *
 * with T = C + L, the time a tracer must find of NAME on CPU.
 */
#define _GNU_SOURCE
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../vm/helper.h"

const char helper_name[] = "storm";

/* this thread's CPU time */
static long long cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

static void child(long us)
{
	long long end = cpu_ns() + us * 1000;

	while (cpu_ns() < end)
		;
	_exit(0);
}

/* one child, reaped: its CPU time in us, or -1 */
static long long one_child(long us)
{
	struct rusage ru;
	int status;
	pid_t pid;

	pid = fork();
	if (pid == 0)
		child(us);
	if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
		return -1;
	return tv_us(&ru.ru_utime) + tv_us(&ru.ru_stime);
}

int main(int argc, char **argv)
{
	long cpu = -1, rate = 0, us = 0, n = 0;
	double seconds = 0;
	const char *name = "zoo_storm";
	long long next, end, t0, launcher_us, child_us = 0, c;
	int opt;

	while ((opt = getopt(argc, argv, "c:d:r:u:n:")) != -1) {
		switch (opt) {
		case 'c': cpu = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1); break;
		case 'd': seconds = parse_seconds(optarg); break;
		case 'r': rate = parse_long(optarg, "rate", 1, 100000); break;
		case 'u': us = parse_long(optarg, "us", 1, 1000000); break;
		case 'n': name = optarg; break;
		default: cpu = -1; seconds = 0; break;
		}
	}
	if (cpu < 0 || seconds <= 0 || !rate || !us) {
		fprintf(stderr, "usage: storm -c CPU -d SECONDS -r RATE -u US [-n NAME]\n");
		return 2;
	}
	prctl(PR_SET_NAME, name, 0, 0, 0);
	if (pin_to_cpu(cpu)) {
		fprintf(stderr, "storm: cannot pin to CPU %ld: %s\n", cpu, strerror(errno));
		return 1;
	}
	stop_on_signals();
	t0 = cpu_ns();
	next = now_ns();
	end = next + (long long)(seconds * NSEC_PER_SEC);
	while (!stop && now_ns() < end) {
		c = one_child(us);
		if (c >= 0) {
			child_us += c;
			n++;
		}
		next += NSEC_PER_SEC / rate;
		sleep_until(next);
	}
	launcher_us = (cpu_ns() - t0) / 1000;
	printf("storm: name=%s children=%ld on_cpu_us=%lld child_us=%lld launcher_us=%lld\n",
	       name, n, child_us + launcher_us, child_us, launcher_us);
	return 0;
}

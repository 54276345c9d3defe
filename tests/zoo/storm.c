// SPDX-License-Identifier: GPL-2.0
/*
 * storm - a storm of short-lived processes on one CPU, for rtlens's zoo of
 * causes (tests/zoo/).
 *
 *   storm -c CPU -d SECONDS -r RATE -u US [-n NAME] [-p CPU]
 *
 * RATE times a second for SECONDS, the parent (pinned to -p, default 0)
 * forks a child that names itself NAME (default zoo_storm), moves to CPU,
 * runs there for US microseconds of its own CPU time, moves back to the
 * parent's CPU and exits there: its exit's teardown (its copy of the
 * parent's memory) is no noise of CPU, and no clock of its own could time
 * it. On exit it prints
 *
 *   storm: name=NAME children=N on_cpu_us=T child_us=C
 *
 * with T the CPU time the children took on CPU, from their arrival to
 * their leaving (their thread's CPU clock: what a tracer must find of
 * them there, but the moves' system calls; not the wall time, which holds
 * the time others ran while a child waited on CPU: the 6.1 scheduler
 * shares CPU between a new child and the measuring thread) and C their CPU
 * time on every CPU (wait4: user + system).
 */
#define _GNU_SOURCE
#include <sys/mman.h>
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

/* on_cpu_ns: shared with the parent, which waits for each child in turn */
static void child(int cpu, int parent, const char *name, long us, long long *on_cpu_ns)
{
	long long t0, end;

	prctl(PR_SET_NAME, name, 0, 0, 0);
	if (pin_to_cpu(cpu))
		_exit(1);
	t0 = cpu_ns();
	end = t0 + us * 1000;
	while (cpu_ns() < end)
		;
	*on_cpu_ns += cpu_ns() - t0;
	pin_to_cpu(parent);
	_exit(0);
}

int main(int argc, char **argv)
{
	long cpu = -1, rate = 0, us = 0, parent = 0, n = 0;
	double seconds = 0;
	const char *name = "zoo_storm";
	long long next, end, child_us = 0, *on_cpu_ns;
	struct rusage ru;
	int opt, status;
	pid_t pid;

	while ((opt = getopt(argc, argv, "c:d:r:u:n:p:")) != -1) {
		switch (opt) {
		case 'c': cpu = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1); break;
		case 'd': seconds = parse_seconds(optarg); break;
		case 'r': rate = parse_long(optarg, "rate", 1, 100000); break;
		case 'u': us = parse_long(optarg, "us", 1, 1000000); break;
		case 'n': name = optarg; break;
		case 'p': parent = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1); break;
		default: cpu = -1; seconds = 0; break;
		}
	}
	if (cpu < 0 || seconds <= 0 || !rate || !us) {
		fprintf(stderr, "usage: storm -c CPU -d SECONDS -r RATE -u US [-n NAME] [-p CPU]\n");
		return 2;
	}
	if (pin_to_cpu(parent)) {
		fprintf(stderr, "storm: cannot pin to CPU %ld: %s\n", parent, strerror(errno));
		return 1;
	}
	on_cpu_ns = mmap(NULL, sizeof(*on_cpu_ns), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (on_cpu_ns == MAP_FAILED) {
		fprintf(stderr, "storm: mmap: %s\n", strerror(errno));
		return 1;
	}
	*on_cpu_ns = 0;
	stop_on_signals();
	next = now_ns();
	end = next + (long long)(seconds * NSEC_PER_SEC);
	while (!stop && now_ns() < end) {
		pid = fork();
		if (pid == 0)
			child(cpu, parent, name, us, on_cpu_ns);
		if (pid > 0 && wait4(pid, &status, 0, &ru) == pid) {
			child_us += ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec +
				    ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
			n++;
		}
		next += NSEC_PER_SEC / rate;
		sleep_until(next);
	}
	printf("storm: name=%s children=%ld on_cpu_us=%lld child_us=%lld\n", name, n,
	       *on_cpu_ns / 1000, child_us);
	return 0;
}

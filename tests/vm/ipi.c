// SPDX-License-Identifier: GPL-2.0
/*
 * ipi - a known source of IRQ noise for the VM tests.
 *
 *   ipi -c CPU -d SECONDS -r RATE [-t CPULIST] [-m perf|membarrier]
 *
 * Runs on CPU and, RATE times a second for SECONDS, makes the kernel send
 * an inter-processor interrupt to every target CPU (default: every other
 * online CPU), until SIGTERM/SIGINT comes.  On exit it prints one line on
 * stdout, with the rate it could really keep up (under TCG often well
 * below RATE):
 *
 *   ipi: mode=MODE cpu=CPU targets=N rounds=N seconds=S rate=R
 *
 * Modes:
 *  perf (default)  one software perf event (PERF_COUNT_SW_DUMMY) bound to
 *                  each target CPU, enabled and disabled in turn: each
 *                  ioctl() runs a function on the target through
 *                  smp_call_function_single(), i.e. one CALL_FUNCTION
 *                  IPI, whatever the target is running.  Needs root or
 *                  perf_event_paranoid <= 0.
 *  membarrier      MEMBARRIER_CMD_GLOBAL_EXPEDITED.  It only interrupts
 *                  CPUs that run a *user* thread of a process registered
 *                  for it, so it does NOT reach CPUs busy with the osnoise
 *                  or timerlat kernel threads; kept to show just that.
 */
#define _GNU_SOURCE
#include <linux/membarrier.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "helper.h"

#define MAX_TARGETS	1024

const char helper_name[] = "ipi";

enum ipi_mode { IPI_PERF, IPI_MEMBARRIER };

struct ipi_opts {
	int cpu;
	double seconds;
	long rate;
	enum ipi_mode mode;
	const char *targets;
};

struct ipi_targets {
	int nr;
	int cpu[MAX_TARGETS];
	int fd[MAX_TARGETS];
};

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: ipi -c CPU -d SECONDS -r RATE [-t CPULIST] [-m perf|membarrier]\n"
		"  from CPU, send RATE IPIs per second to each target CPU\n"
		"  (default: all other online CPUs) for SECONDS\n");
	exit(status);
}

static void parse_opts(int argc, char **argv, struct ipi_opts *o)
{
	int c;

	while ((c = getopt(argc, argv, "c:d:r:t:m:h")) != -1) {
		switch (c) {
		case 'c':
			o->cpu = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1);
			break;
		case 'd':
			o->seconds = parse_seconds(optarg);
			break;
		case 'r':
			o->rate = parse_long(optarg, "rate", 1, 1000000);
			break;
		case 't':
			o->targets = optarg;
			break;
		case 'm':
			if (!strcmp(optarg, "perf")) {
				o->mode = IPI_PERF;
			} else if (!strcmp(optarg, "membarrier")) {
				o->mode = IPI_MEMBARRIER;
			} else {
				fprintf(stderr, "ipi: unknown mode '%s'\n", optarg);
				exit(2);
			}
			break;
		case 'h':
			usage(0);
			break;
		default:
			usage(2);
		}
	}
	if (optind != argc || o->cpu < 0 || o->seconds <= 0 || o->rate <= 0)
		usage(2);
}

/* "1,3-5" -> set; returns -1 on a malformed list */
static int parse_cpulist(const char *list, cpu_set_t *set)
{
	const char *p = list;
	char *end;
	long a, b;

	CPU_ZERO(set);
	while (*p) {
		a = strtol(p, &end, 10);
		if (end == p || a < 0 || a >= CPU_SETSIZE)
			return -1;
		b = a;
		if (*end == '-') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p || b < a || b >= CPU_SETSIZE)
				return -1;
		}
		for (; a <= b; a++)
			CPU_SET(a, set);
		if (*end == ',')
			end++;
		else if (*end)
			return -1;
		p = end;
	}
	return 0;
}

static int targets_init(const struct ipi_opts *o, struct ipi_targets *t)
{
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;
	int i;

	if (o->targets) {
		if (parse_cpulist(o->targets, &set)) {
			fprintf(stderr, "ipi: invalid cpu list '%s'\n", o->targets);
			return -1;
		}
	} else {
		CPU_ZERO(&set);
		for (i = 0; i < ncpus && i < CPU_SETSIZE; i++)
			CPU_SET(i, &set);
	}
	CPU_CLR(o->cpu, &set);
	t->nr = 0;
	for (i = 0; i < CPU_SETSIZE && t->nr < MAX_TARGETS; i++) {
		if (CPU_ISSET(i, &set)) {
			t->cpu[t->nr] = i;
			t->fd[t->nr++] = -1;
		}
	}
	if (!t->nr) {
		fprintf(stderr, "ipi: no target CPU besides CPU %d\n", o->cpu);
		return -1;
	}
	return 0;
}

static int perf_open(int cpu)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.disabled = 1;
	return syscall(SYS_perf_event_open, &attr, -1, cpu, -1, 0);
}

static int ipi_setup(const struct ipi_opts *o, struct ipi_targets *t)
{
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	CPU_SET(o->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "ipi: cannot pin to CPU %d: %s\n",
			o->cpu, strerror(errno));
		return -1;
	}
	if (o->mode == IPI_MEMBARRIER) {
		if (syscall(SYS_membarrier,
			    MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED, 0, 0)) {
			fprintf(stderr, "ipi: membarrier register: %s\n",
				strerror(errno));
			return -1;
		}
		return 0;
	}
	for (i = 0; i < t->nr; i++) {
		t->fd[i] = perf_open(t->cpu[i]);
		if (t->fd[i] < 0) {
			fprintf(stderr,
				"ipi: perf_event_open on CPU %d: %s (needs root or kernel.perf_event_paranoid <= 0)\n",
				t->cpu[i], strerror(errno));
			return -1;
		}
	}
	return 0;
}

static int ipi_round(const struct ipi_opts *o, struct ipi_targets *t,
		     long round)
{
	unsigned long req = round & 1 ? PERF_EVENT_IOC_DISABLE :
					PERF_EVENT_IOC_ENABLE;
	int i;

	if (o->mode == IPI_MEMBARRIER)
		return syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL_EXPEDITED,
			       0, 0);
	for (i = 0; i < t->nr; i++)
		if (ioctl(t->fd[i], req, 0))
			return -1;
	return 0;
}

int main(int argc, char **argv)
{
	struct ipi_opts o = { .cpu = -1, .mode = IPI_PERF };
	static struct ipi_targets t;
	long long period, start, end, next;
	long rounds = 0;
	double secs;

	parse_opts(argc, argv, &o);
	stop_on_signals();
	if (targets_init(&o, &t) || ipi_setup(&o, &t))
		return 1;

	period = NSEC_PER_SEC / o.rate;
	start = next = now_ns();
	end = next + (long long)(o.seconds * NSEC_PER_SEC);
	while (next < end && !stop) {
		if (ipi_round(&o, &t, rounds)) {
			fprintf(stderr, "ipi: round %ld failed: %s\n",
				rounds, strerror(errno));
			return 1;
		}
		rounds++;
		next += period;
		/* under load, catch up without bursts: never sleep in the past */
		if (next < now_ns())
			next = now_ns();
		sleep_until(next);
	}

	secs = (now_ns() - start) / 1e9;
	printf("ipi: mode=%s cpu=%d targets=%d rounds=%ld seconds=%.3f rate=%.0f\n",
	       o.mode == IPI_PERF ? "perf" : "membarrier", o.cpu, t.nr, rounds,
	       secs, secs > 0 ? rounds / secs : 0.0);
	return 0;
}

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
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "helper.h"

const char helper_name[] = "spin";

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: spin -c CPU -p PRIO -n NAME -d SECONDS [--duty PCT] [--period-ms MS]\n"
		"  busy-loop PCT%% (default 100) of every MS ms (default 100) on CPU,\n"
		"  as SCHED_FIFO PRIO (0 = SCHED_OTHER), named NAME, for SECONDS\n");
	exit(status);
}

int main(int argc, char **argv)
{
	struct burst_opts o = {
		.cpu = -1, .name = "spin", .duty = 100, .period_ms = 100,
	};
	long long period, busy, start, end, next, t = 0, busy_total = 0;
	long periods = 0;

	parse_burst_opts(argc, argv, &o, usage);
	stop_on_signals();
	if (burst_setup(&o))
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

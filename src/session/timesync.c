// SPDX-License-Identifier: GPL-2.0
/*
 * timesync - rtlens timesync: the host's end of a guest's --host-sync,
 * answering until the guest's end closes or a signal stops it
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "session/run.h"
#include "source/engine/source.h"

static volatile int stop_serving;

static void on_signal(int sig)
{
	(void)sig;
	stop_serving = 1;
}

int run_timesync(const char *channel, bool quiet)
{
	struct sigaction sa = { .sa_handler = on_signal };
	long trips;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	trips = source_sync_serve(channel, &stop_serving);
	if (trips < 0)
		return 1;
	if (!quiet)
		printf("rtlens timesync: %ld round trips answered on %s (CLOCK_MONOTONIC)\n", trips,
		       channel);
	return 0;
}

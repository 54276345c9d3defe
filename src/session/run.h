/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run - one measurement session from setup to teardown
 */
#ifndef RTLENS_RUN_H
#define RTLENS_RUN_H

#include <stdbool.h>

#include "base/params.h"

/* Returns the exit status: 0 ok, 1 error, 2 a stop threshold was hit. */
int run_session(struct rtl_params *p);
/*
 * rtlens timesync: answer a guest's --host-sync on @channel until its end
 * closes, or SIGINT, SIGTERM or SIGHUP; 0, or 1 with a message.
 */
int run_timesync(const char *channel, bool quiet);

#endif

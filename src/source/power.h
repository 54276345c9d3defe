/* SPDX-License-Identifier: GPL-2.0 */
/*
 * power - keep measured CPUs out of deep idle while timerlat runs:
 * /dev/cpu_dma_latency (--dma-latency) and idle states (--deepest-idle-state)
 */
#ifndef RTLENS_POWER_H
#define RTLENS_POWER_H

#include "base/params.h"
#include "source/sysstate.h"

struct power_hold {
	int	dma_fd;		/* -1: none */
};

/* Apply --dma-latency and --deepest-idle-state; -1 with a message. */
int power_hold_start(struct power_hold *h, const struct rtl_params *p, struct sys_state *st);
/* Release the DMA latency request (idle states are restored by sysstate). */
void power_hold_stop(struct power_hold *h);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * softirq - the names of the softirq vectors (include/linux/interrupt.h)
 */
#include <stdio.h>

#include "decode/softirq.h"

static const char *const softirq_names[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED",
	"HRTIMER", "RCU",
};

const char *softirq_name(int vec)
{
	if (vec < 0 || vec >= (int)(sizeof(softirq_names) / sizeof(softirq_names[0])))
		return NULL;
	return softirq_names[vec];
}

void softirq_format(int vec, char *buf, size_t len)
{
	const char *name = softirq_name(vec);

	if (name)
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "softirq-%d", vec);
}

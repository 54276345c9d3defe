// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu_feed - synthetic sched_switch records for the vCPU threads' tests
 */
#include <stdio.h>

#include "analysis/vcpu_host.h"
#include "vcpu_feed.h"

void vcpu_feed_switch(struct vcpu_host *h, int cpu, uint64_t ts, int prev_pid,
		      const char *prev_comm, int64_t prev_state, int next_pid,
		      const char *next_comm)
{
	struct rtl_record r = { .kind = RECORD_CTX };

	r.edge.cpu = cpu;
	r.edge.ts = ts;
	r.edge.kind = CTX_SWITCH;
	r.edge.prev_pid = prev_pid;
	r.edge.prev_state = prev_state;
	r.edge.next_pid = next_pid;
	snprintf(r.edge.prev_comm, sizeof(r.edge.prev_comm), "%s", prev_comm);
	snprintf(r.edge.next_comm, sizeof(r.edge.next_comm), "%s", next_comm);
	vcpu_host_feed(h, &r);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcpu_feed - synthetic sched_switch records for the tests of a KVM host's
 * vCPU threads (test_vcpu_host.c, test_vm_join.c)
 */
#ifndef RTLENS_TEST_VCPU_FEED_H
#define RTLENS_TEST_VCPU_FEED_H

#include <stdint.h>

struct vcpu_host;

/* sched_switch on @cpu at @ts from @prev_pid (@prev_state) to @next_pid */
void vcpu_feed_switch(struct vcpu_host *h, int cpu, uint64_t ts, int prev_pid,
		      const char *prev_comm, int64_t prev_state, int next_pid,
		      const char *next_comm);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tasks - the tracer's workload threads: scheduling policy and cgroup
 */
#ifndef RTLENS_TASKS_H
#define RTLENS_TASKS_H

#include "base/params.h"

#define PF_KTHREAD	0x00200000	/* include/linux/sched.h: a kernel thread */

/* Check -C (the cgroup exists); -1 with a message. */
int tasks_check(const struct rtl_params *p);
/* Apply -P and -C to every "osnoise/N" or "timerlat/N" thread; -1 with a message. */
int tasks_apply(const struct rtl_params *p);
/*
 * Give thread @tid the policy @req (SCHED_KIND_NONE: nothing to do); @what
 * names it in the message. -1 with a message (what, why, what to do), errno set.
 */
int tasks_set_thread_sched(const struct sched_attr_req *req, int tid, const char *what);
/* Pin rtlens itself to the -H cpus; -1 with a message. */
int tasks_set_house_keeping(const struct rtl_params *p);
/* Without -H: onto the allowed cpus that are not measured, if any. */
int tasks_auto_house_keeping(const struct rtl_params *p);

#endif

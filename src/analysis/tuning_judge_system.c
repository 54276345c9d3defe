// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_judge_system - the findings beyond isolation: watchdogs, RT
 * throttling, timer migration, workqueues, THP, frequency and idle states,
 * the tasks allowed on the measured CPUs, the kernel's build
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "analysis/tuning_judge_parts.h"


static bool in_wq(const struct tuning_cpu *c)
{
	return c->in_wq_mask;
}

static bool in_watchdog(const struct tuning_cpu *c)
{
	return c->in_watchdog_mask;
}

static bool nmi_seen(const struct tuning_cpu *c)
{
	return c->in_watchdog_mask && c->nmi > 0;
}

static void judge_watchdogs(struct judge *j)
{
	char list[TUNING_LIST_LEN], nmi[TUNING_LIST_LEN], run[256];
	struct finding *f;

	cpus_where(j->t, in_watchdog, list, sizeof(list));
	if (!list[0] || j->t->watchdog_cpumask[0] == '?') {
		judge_add(j, "watchdog", FINDING_OK, j->t->watchdog_cpumask[0] == '?' ? LIKELY : CERTAIN,
			  "", "lockup watchdogs off CPU %s (watchdog_cpumask %s)",
			  j->t->measured_list, j->t->watchdog_cpumask);
		return;
	}
	cpus_where(j->t, nmi_seen, nmi, sizeof(nmi));
	if (j->t->nmi_watchdog == 1 && nmi[0]) {
		f = judge_add(j, "nmi_watchdog", FINDING_WARN, CERTAIN, nmi,
			      "the NMI watchdog runs on CPU %s (kernel.nmi_watchdog=1)", nmi);
		snprintf(f->why, sizeof(f->why), "a perf NMI on each CPU every %d s (watchdog_thresh)",
			 j->t->watchdog_thresh > 0 ? j->t->watchdog_thresh : 10);
		judge_fix(f, "nmi_watchdog=0", "sysctl kernel.nmi_watchdog=0", "realtime profile");
	} else if (j->t->nmi_watchdog == 1) {
		judge_add(j, "nmi_watchdog", FINDING_INFO, LIKELY, list,
			  "kernel.nmi_watchdog=1 but no NMI seen on CPU %s: no perf NMI here", list);
	}
	if (j->t->soft_watchdog == 1) {
		f = judge_add(j, "soft_watchdog", FINDING_WARN, CERTAIN, list,
			      "the soft lockup watchdog runs on CPU %s (watchdog_cpumask %s)",
			      list, j->t->watchdog_cpumask);
		snprintf(f->why, sizeof(f->why),
			 "an hrtimer every few seconds wakes the stopper thread on each CPU");
		if (j->hk_kept)	/* a mask of CPU 0 would keep it on a measured CPU */
			snprintf(run, sizeof(run), "sysctl kernel.watchdog=0 "
				 "(every online CPU is measured: none is left for it)");
		else
			snprintf(run, sizeof(run), "sysctl kernel.watchdog_cpumask=%.160s", j->hk);
		judge_fix(f, "nowatchdog (or nohz_full=..., which takes the CPUs out of the mask)",
			  run, "realtime profile");
	}
}

static void judge_rt_throttle(struct judge *j)
{
	struct finding *f;

	if (j->t->rt_runtime_us == LONG_MIN)
		return;
	if (j->t->rt_runtime_us < 0) {
		judge_add(j, "rt_throttling", FINDING_OK, CERTAIN, "",
			  "RT throttling off (kernel.sched_rt_runtime_us=-1)");
		return;
	}
	f = judge_add(j, "rt_throttling", FINDING_WARN, CERTAIN, "",
		      "RT throttling on: real-time tasks get %ld of every %ld us",
		      j->t->rt_runtime_us, j->t->rt_period_us);
	snprintf(f->why, sizeof(f->why),
		 "a busy-polling SCHED_FIFO workload is stopped for the rest of each period");
	judge_fix(f, NULL, "sysctl kernel.sched_rt_runtime_us=-1", NULL);
}

static void judge_timer_migration(struct judge *j)
{
	struct finding *f;

	if (j->t->timer_migration != 0)
		return;
	f = judge_add(j, "timer_migration", FINDING_WARN, CERTAIN, "",
		      "timer migration off (kernel.timer_migration=0)");
	snprintf(f->why, sizeof(f->why),
		 "timers armed on a measured CPU stay there instead of moving to a busy housekeeper");
	judge_fix(f, NULL, "sysctl kernel.timer_migration=1", NULL);
}

static void judge_workqueues(struct judge *j)
{
	char list[TUNING_LIST_LEN];
	struct finding *f;

	if (j->t->wq_cpumask[0] == '?')
		return;
	cpus_where(j->t, in_wq, list, sizeof(list));
	if (!list[0]) {
		judge_add(j, "workqueue_cpumask", FINDING_OK, CERTAIN, "",
			  "unbound workqueues kept off CPU %s (cpumask %s)",
			  j->t->measured_list, j->t->wq_cpumask);
		return;
	}
	f = judge_add(j, "workqueue_cpumask", FINDING_WARN, CERTAIN, list,
		      "unbound workqueues may run on CPU %s (workqueue cpumask %s)",
		      list, j->t->wq_cpumask);
	snprintf(f->why, sizeof(f->why), "kworker/u* threads run deferred work on the CPU");
	judge_fix(f, "isolcpus=domain,... or nohz_full=...",
		  "write the housekeeping CPUs' mask to /sys/devices/virtual/workqueue/cpumask",
		  "isolated_cores= (realtime, cpu-partitioning)");
}

static void judge_thp(struct judge *j)
{
	struct finding *f;

	if (strcmp(j->t->thp, "always"))
		return;
	f = judge_add(j, "transparent_hugepage", FINDING_WARN, LIKELY, "",
		      "transparent huge pages: always");
	snprintf(f->why, sizeof(f->why),
		 "khugepaged and compaction stall page faults and send TLB-flush IPIs");
	judge_fix(f, "transparent_hugepage=never",
		  "echo never > /sys/kernel/mm/transparent_hugepage/enabled",
		  "transparent_hugepages=never ([vm])");
}

static void judge_kernel(struct judge *j)
{
	const struct kernel_config *c = &j->t->config;
	struct finding *f;
	bool low = !strcmp(c->preempt, "none") || !strcmp(c->preempt, "voluntary");

	if (c->hz)
		judge_add(j, "hz", FINDING_INFO, CERTAIN, "", "CONFIG_HZ=%d: a tick every %.1f ms where it runs",
			  c->hz, 1000.0 / c->hz);
	f = judge_add(j, "preemption", low ? FINDING_WARN : FINDING_INFO,
		      c->source[0] ? CERTAIN : LIKELY, "", "preemption model: %s%s%s", c->preempt,
		      c->preempt_dynamic ? " (PREEMPT_DYNAMIC)" : "",
		      c->source[0] ? "" : " (no kernel config found: from uname -v)");
	if (low) {
		snprintf(f->why, sizeof(f->why), "long non-preemptible kernel sections delay the workload");
		judge_fix(f, c->preempt_dynamic ? "preempt=full" : NULL,
			  "a PREEMPT_RT kernel (Debian: linux-image-rt-amd64)", NULL);
	}
	if (c->rcu_lazy == TRI_YES)
		judge_add(j, "rcu_lazy", FINDING_INFO, CERTAIN, "",
			  "CONFIG_RCU_LAZY: RCU callbacks are batched (fewer wake-ups)");
}

/* isolcpus=[flag,...,]cpus: without managed_irq, multi-queue devices keep their IRQs there */
static void judge_isolcpus_flags(struct judge *j)
{
	const char *v = tuning_param(j->t, "isolcpus");
	struct finding *f;

	if (!v || strstr(v, "managed_irq"))
		return;
	f = judge_add(j, "isolcpus_managed_irq", FINDING_INFO, POSSIBLE, "",
		      "isolcpus=%s without managed_irq: managed IRQs may stay on the isolated CPUs", v);
	snprintf(f->why, sizeof(f->why),
		 "the kernel spreads multi-queue devices' IRQs over all CPUs and does not let them move");
	judge_fix(f, "isolcpus=managed_irq,domain,<CPUs>", NULL, NULL);
}

/* reading a clock other than the TSC costs a microsecond or more (x86) */
static void judge_clocksource(struct judge *j)
{
	const char *cs = j->t->clocksource;
	struct finding *f;

	if (!cs[0] || !strcmp(cs, "tsc") || !strcmp(cs, "arch_sys_counter") ||
	    !strcmp(cs, "kvm-clock"))
		return;
	f = judge_add(j, "clocksource", FINDING_WARN, LIKELY, "", "clocksource %s, not the TSC", cs);
	snprintf(f->why, sizeof(f->why), "every clock read traps to a slow device (the TSC was "
		 "found unstable, or is not chosen)");
	judge_fix(f, "tsc=reliable (when the TSC is known good)",
		  "echo tsc > /sys/devices/system/clocksource/clocksource0/current_clocksource",
		  NULL);
}

/* kernel parameters that took no effect, and the ones that help */
static void judge_cmdline(struct judge *j)
{
	const char *nohz = tuning_param(j->t, "nohz_full");
	struct finding *f;

	if (!j->t->cmdline)
		return;
	if (nohz && strcmp(nohz, j->t->nohz_full) && strcmp(j->t->nohz_full, "?")) {
		f = judge_add(j, "nohz_full_cmdline", FINDING_WARN, CERTAIN, "",
			      "nohz_full=%s asked, %s%s in effect", nohz,
			      j->t->nohz_full[0] ? j->t->nohz_full : "none",
			      j->t->nohz_full[0] ? "" : " is");
		snprintf(f->why, sizeof(f->why), "the kernel refused part of it (boot CPU, range, config)");
	}
	if (!tuning_param(j->t, "skew_tick")) {
		f = judge_add(j, "skew_tick", FINDING_INFO, LIKELY, "",
			      "skew_tick not set: every CPU's tick fires at the same instant");
		snprintf(f->why, sizeof(f->why), "simultaneous ticks contend on jiffies and RCU locks");
		judge_fix(f, "skew_tick=1", NULL, "realtime profile");
	}
}

void judge_system(struct judge *j)
{
	judge_kernel(j);
	judge_cmdline(j);
	judge_isolcpus_flags(j);
	judge_clocksource(j);
	judge_watchdogs(j);
	judge_workqueues(j);
	judge_rt_throttle(j);
	judge_timer_migration(j);
	judge_thp(j);
}

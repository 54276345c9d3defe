// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_judge - the findings about the measured CPUs' setup. A finding
 * "breaks" isolation when something other than the workload is allowed to
 * interrupt or preempt a measured CPU at any time (not isolated, a device
 * IRQ delivered there); "warn" when it adds noise that tuning removes.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/tuning_judge.h"
#include "analysis/tuning_judge_parts.h"

#define IRQS_ONE_BY_ONE	4	/* more IRQs on the measured CPUs make one finding */

/* the CPUs of the list @list that are measured, as a list */
static void measured_part(const struct tuning *t, const char *list, char *buf, size_t len)
{
	struct cpu_mask m;
	int cpu;

	buf[0] = '\0';
	if (cpu_mask_init(&m, t->nr_cpus))
		return;
	if (!cpu_mask_parse(&m, list, NULL)) {
		for (cpu = 0; cpu < t->nr_cpus; cpu++)
			if (!cpu_mask_test(&t->measured, cpu))
				cpu_mask_clear(&m, cpu);
		cpu_mask_format(&m, buf, len);
	}
	cpu_mask_free(&m);
}

/* the CPUs of @list a fix may isolate (not housekeeping), as a list ("" none) */
static void isolable_part(const struct judge *j, const char *list, char *buf, size_t len)
{
	struct cpu_mask m, hk;
	int cpu;

	snprintf(buf, len, "%s", list);
	if (cpu_mask_init(&m, j->t->nr_cpus))
		return;
	if (!cpu_mask_init(&hk, j->t->nr_cpus)) {
		/* an unknown housekeeping (online unreadable) keeps @list whole */
		if (!cpu_mask_parse(&m, list, NULL) && !cpu_mask_parse(&hk, j->hk, NULL)) {
			for_each_cpu_in(cpu, &hk)
				cpu_mask_clear(&m, cpu);
			cpu_mask_format(&m, buf, len);
		}
		cpu_mask_free(&hk);
	}
	cpu_mask_free(&m);
}

/* the boot parameter @name=@list, for the CPUs of @list a fix may isolate */
static void boot_fix(const struct judge *j, char *buf, size_t len, const char *name,
		     const char *list)
{
	char cpus[TUNING_LIST_LEN];

	isolable_part(j, list, cpus, sizeof(cpus));
	buf[0] = '\0';
	if (cpus[0])
		snprintf(buf, len, "%s%.80s%.48s", name, cpus, kept_note(j));
}

static bool not_isolated(const struct tuning_cpu *c)
{
	return !c->isolated;
}

static bool not_nohz_full(const struct tuning_cpu *c)
{
	return !c->nohz_full;
}

static bool not_rcu_nocb(const struct tuning_cpu *c)
{
	return !c->rcu_nocb;
}

static void judge_isolation(struct judge *j)
{
	struct tuning *t = j->t;
	const char *asked = tuning_param(t, "isolcpus");
	char bad[TUNING_LIST_LEN], cpus[TUNING_LIST_LEN], cmd[160], run[256];
	struct finding *f;

	cpus_where(t, not_isolated, bad, sizeof(bad));
	if (!bad[0]) {
		judge_add(j, "isolation", FINDING_OK, CERTAIN, "",
			  "CPU %s isolated from the scheduler (%s)", t->measured_list,
			  t->cpuset_isolated[0] && strcmp(t->cpuset_isolated, "?") ?
			  "an isolated cpuset partition or isolcpus" : "isolcpus");
		return;
	}
	f = judge_add(j, "not_isolated", FINDING_BREAKS, CERTAIN, bad,
		"CPU %s not isolated: the scheduler may run any task there%s%s%s", bad,
		asked ? " (isolcpus=" : "", asked ? asked : "", asked ? " did not take effect)" : "");
	snprintf(f->why, sizeof(f->why),
		 "other tasks and unbound kernel threads preempt the workload at any time");
	boot_fix(j, cmd, sizeof(cmd), "isolcpus=domain,managed_irq,", bad);
	isolable_part(j, bad, cpus, sizeof(cpus));
	if (cpus[0])
		snprintf(run, sizeof(run), "cgroup v2: a cpuset with cpuset.cpus=%.100s and "
			 "cpuset.cpus.partition=isolated%.48s", cpus, kept_note(j));
	else
		snprintf(run, sizeof(run), "none: one CPU online, none can be isolated from the system");
	judge_fix(f, cmd, run, cpus[0] ? "isolated_cores= (realtime, cpu-partitioning)" : NULL);
}

/*
 * A per-CPU setting a kernel option builds (nohz_full, rcu_nocbs): the
 * kernel built without it, every measured CPU set, or the CPUs that are not.
 */
struct cpu_rule {
	const char	*id;
	bool		(*lacks)(const struct tuning_cpu *c);
	const char	*unbuilt;	/* the kernel built without it: what */
	const char	*unbuilt_why;
	const char	*unbuilt_fix;
	const char	*ok[2];		/* around the CPUs */
	const char	*bad;		/* after "CPU <the CPUs without it>" */
	const char	*why;
	const char	*boot;		/* the parameter, "name=" */
	const char	*tuned;
};

static const struct cpu_rule nohz_rule = {
	"nohz_full", not_nohz_full,
	"the kernel is built without CONFIG_NO_HZ_FULL: the tick runs on every busy CPU",
	"a tick interrupt every 1/HZ s while the workload runs",
	"a kernel built with CONFIG_NO_HZ_FULL=y",
	{ "nohz_full=", ": the tick stops while one task runs" },
	" not nohz_full: the scheduler tick keeps running while it is busy",
	"local_timer interrupts and the TIMER/SCHED softirqs every tick while the workload runs",
	"nohz_full=", "isolated_cores= (realtime, cpu-partitioning: nohz_full)",
};

static const struct cpu_rule rcu_rule = {
	"rcu_nocbs", not_rcu_nocb,
	"the kernel is built without CONFIG_RCU_NOCB_CPU: RCU callbacks run on every CPU",
	"the RCU softirq (or rcuc) runs callbacks on the measured CPUs",
	"a kernel built with CONFIG_RCU_NOCB_CPU=y",
	{ "RCU callbacks of CPU ", " offloaded (rcuo threads)" },
	" runs its own RCU callbacks (not offloaded)",
	"the RCU softirq or rcuc/N runs callbacks on the CPU",
	"rcu_nocbs=", "isolated_cores= (realtime, cpu-partitioning: rcu_nocbs)",
};

/* @built: CONFIG_ of the rule; @ok_list: what the ok finding names */
static void judge_cpu_rule(struct judge *j, const struct cpu_rule *r, enum tri built,
			   const char *ok_list)
{
	char bad[TUNING_LIST_LEN], cmd[160];
	struct finding *f;

	if (built == TRI_NO) {
		f = judge_add(j, r->id, FINDING_WARN, CERTAIN, "", "%s", r->unbuilt);
		snprintf(f->why, sizeof(f->why), "%s", r->unbuilt_why);
		judge_fix(f, NULL, r->unbuilt_fix, NULL);
		return;
	}
	cpus_where(j->t, r->lacks, bad, sizeof(bad));
	if (!bad[0]) {
		judge_add(j, r->id, FINDING_OK, CERTAIN, "", "%s%s%s", r->ok[0], ok_list, r->ok[1]);
		return;
	}
	f = judge_add(j, r->id, FINDING_WARN, built == TRI_YES ? CERTAIN : LIKELY, bad, "CPU %s%s",
		      bad, r->bad);
	snprintf(f->why, sizeof(f->why), "%s", r->why);
	boot_fix(j, cmd, sizeof(cmd), r->boot, bad);
	judge_fix(f, cmd, NULL, r->tuned);
}

/*
 * An IRQ breaks isolation when it can only go to measured CPUs, or its
 * affinity allows one and it is delivered there (or the kernel does not
 * say where it is delivered). x86 moves an IO-APIC IRQ at its next
 * interrupt: the effective affinity lags behind a write.
 */
static bool irq_breaks(const struct tuning_irq *q)
{
	return q->affine_only_measured ||
	       (q->affine_measured && (q->effective_measured || !q->effective[0]));
}

static void judge_irq(struct judge *j, const struct tuning_irq *q)
{
	char run[256], boot[160], cpus[TUNING_LIST_LEN], mine[TUNING_LIST_LEN];
	const char *to = j->hk;
	struct finding *f;
	bool known = q->effective[0] != '\0';

	snprintf(cpus, sizeof(cpus), "%s", q->effective_measured && q->affine_measured ?
		 q->effective : q->affinity);
	measured_part(j->t, cpus, mine, sizeof(mine));
	if (!q->affine_measured) {
		measured_part(j->t, q->effective, mine, sizeof(mine));
		f = judge_add(j, "irq_affinity", FINDING_WARN, LIKELY, mine,
			"IRQ %d (%s) leaves CPU %s at its next interrupt (affinity %s)",
			q->irq, q->name, mine, q->affinity);
	} else if (irq_breaks(q)) {
		f = judge_add(j, "irq_affinity", FINDING_BREAKS, known ? CERTAIN : LIKELY, mine,
			"IRQ %d (%s) is delivered to CPU %s: %llu on the measured CPUs so far",
			q->irq, q->name, cpus, (unsigned long long)q->count);
	} else {
		f = judge_add(j, "irq_affinity", FINDING_WARN, POSSIBLE, mine,
			"IRQ %d (%s) may be moved to CPU %s (affinity %s, now on %s)",
			q->irq, q->name, mine, q->affinity, q->effective);
	}
	f->irq = q->irq;
	snprintf(f->why, sizeof(f->why), "the device's interrupt handler preempts the workload");
	snprintf(run, sizeof(run), "echo %.100s > /proc/irq/%d/smp_affinity_list%.48s", to, q->irq,
		 kept_note(j));
	snprintf(boot, sizeof(boot), "irqaffinity=%.100s (and isolcpus=managed_irq,...)", to);
	judge_fix(f, boot, run, "isolated_cores= (irqbalance banned CPUs)");
}


/* many IRQs alike: one finding, the first few named */
static void judge_irqs_at_once(struct judge *j, bool breaks, int n)
{
	const struct tuning *t = j->t;
	char names[160], run[256], boot[160];
	size_t pos = 0;
	struct finding *f;
	int i, shown = 0;

	names[0] = '\0';
	for (i = 0; i < t->nr_irqs && shown < IRQS_ONE_BY_ONE; i++)
		if (irq_breaks(&t->irqs[i]) == breaks && pos < sizeof(names))
			pos += snprintf(names + pos, sizeof(names) - pos, "%s%d %s", shown++ ? ", " : "",
					t->irqs[i].irq, t->irqs[i].name);
	if (breaks)
		f = judge_add(j, "irq_affinity", FINDING_BREAKS, CERTAIN, t->measured_list,
			      "%d device IRQs are delivered to CPU %s: %s%s", n, t->measured_list,
			      names, n > shown ? ", ..." : "");
	else
		f = judge_add(j, "irq_affinity", FINDING_WARN, POSSIBLE, t->measured_list,
			      "%d device IRQs may be moved to CPU %s: %s%s", n, t->measured_list,
			      names, n > shown ? ", ..." : "");
	snprintf(f->why, sizeof(f->why), "device interrupt handlers preempt the workload");
	snprintf(run, sizeof(run), "echo %.100s > /proc/irq/N/smp_affinity_list, for each%.48s", j->hk,
		 kept_note(j));
	snprintf(boot, sizeof(boot), "irqaffinity=%.100s (and isolcpus=managed_irq,...)", j->hk);
	judge_fix(f, boot, run, "isolated_cores= (irqbalance banned CPUs)");
}

static void judge_irq_kind(struct judge *j, bool breaks)
{
	const struct tuning *t = j->t;
	int i, n = breaks ? t->irqs_left_out : 0;

	for (i = 0; i < t->nr_irqs; i++)
		n += irq_breaks(&t->irqs[i]) == breaks;
	if (n > IRQS_ONE_BY_ONE) {
		judge_irqs_at_once(j, breaks, n);
		return;
	}
	for (i = 0; i < t->nr_irqs; i++)
		if (irq_breaks(&t->irqs[i]) == breaks)
			judge_irq(j, &t->irqs[i]);
}

static void judge_irqs(struct judge *j)
{
	judge_irq_kind(j, true);
	judge_irq_kind(j, false);
	if (!j->t->nr_irqs && !j->t->irqs_left_out)
		judge_add(j, "irq_affinity", FINDING_OK, CERTAIN, "",
			  "no device IRQ may be delivered to CPU %s", j->t->measured_list);
}


static bool tick_runs(const struct tuning_cpu *c)
{
	return c->tick_stopped == TRI_NO && c->nohz_full;
}

static bool tick_stops(const struct tuning_cpu *c)
{
	return c->tick_stopped == TRI_YES;
}

/* nohz_full CPUs whose tick cannot stop: more than one task runnable */
static void judge_tick(struct judge *j)
{
	char list[TUNING_LIST_LEN];
	struct finding *f;

	cpus_where(j->t, tick_stops, list, sizeof(list));
	if (list[0])
		judge_add(j, "tick", FINDING_OK, CERTAIN, list,
		    "tick stopped on CPU %s: nohz_full and no other task runnable", list);
	cpus_where(j->t, tick_runs, list, sizeof(list));
	if (!list[0])
		return;
	f = judge_add(j, "tick", FINDING_WARN, LIKELY, list,
		"tick not stopped on nohz_full CPU %s: more than one task runnable there", list);
	snprintf(f->why, sizeof(f->why), "the tick only stops when a single task runs on the CPU");
	judge_fix(f, NULL, "move the other runnable tasks away (taskset -p, cpuset)", NULL);
}

/* breaks first, then warn, info, ok; in the order found otherwise */
static void sort_by_status(struct tuning *t)
{
	struct finding tmp;
	int i, k;

	for (i = 1; i < t->nr_findings; i++) {
		tmp = t->findings[i];
		for (k = i; k > 0 && t->findings[k - 1].status < tmp.status; k--)
			t->findings[k] = t->findings[k - 1];
		t->findings[k] = tmp;
	}
}

/* the online CPUs not measured; with none, the first measured CPU is kept */
static void housekeeping(struct judge *j)
{
	struct cpu_mask hk;
	int cpu, first = -1;

	j->hk[0] = '\0';
	j->hk_kept = false;
	if (cpu_mask_init(&hk, j->t->nr_cpus))
		return;
	if (j->t->online[0] && !cpu_mask_parse(&hk, j->t->online, NULL)) {
		for_each_cpu_in(cpu, &j->t->measured) {
			if (first < 0 && cpu_mask_test(&hk, cpu))
				first = cpu;
			cpu_mask_clear(&hk, cpu);
		}
		cpu_mask_format(&hk, j->hk, sizeof(j->hk));
	}
	cpu_mask_free(&hk);
	if (!j->hk[0] && first >= 0) {
		snprintf(j->hk, sizeof(j->hk), "%d", first);
		j->hk_kept = true;
	} else if (!j->hk[0]) {
		snprintf(j->hk, sizeof(j->hk), "<housekeeping CPUs>");
	}
}

void tuning_judge(struct tuning *t)
{
	struct judge j = { .t = t };

	t->nr_findings = 0;
	housekeeping(&j);
	t->kept_cpu[0] = t->suggest_cpus[0] = '\0';
	if (j.hk_kept) {
		snprintf(t->kept_cpu, sizeof(t->kept_cpu), "%.15s", j.hk);
		isolable_part(&j, t->measured_list, t->suggest_cpus, sizeof(t->suggest_cpus));
	}
	judge_isolation(&j);
	judge_irqs(&j);
	judge_cpu_rule(&j, &nohz_rule, t->config.no_hz_full == TRI_NO ? TRI_NO : TRI_YES,
		       t->nohz_full);
	judge_cpu_rule(&j, &rcu_rule, t->config.rcu_nocb_cpu, t->measured_list);
	judge_tick(&j);
	judge_system(&j);
	judge_cpus(&j);
	judge_tasks(&j);
	sort_by_status(t);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_judge_cpus - the findings per measured CPU: frequency governor,
 * idle states; and the tasks allowed on the measured CPUs
 */
#include <stdio.h>
#include <string.h>

#include "analysis/tuning_judge_parts.h"

#define DEEP_IDLE_US	10	/* leaving an idle state slower than this delays a wake-up */
#define NAMES_SHOWN	4

static bool slow_governor(const struct tuning_cpu *c)
{
	return c->governor[0] && strcmp(c->governor, "performance");
}

static bool no_cpufreq(const struct tuning_cpu *c)
{
	return !c->governor[0];
}

static bool deep_idle(const struct tuning_cpu *c)
{
	const struct idle_state *s = tuning_deepest_idle(c);

	return s && s->latency_us > DEEP_IDLE_US;
}

static void judge_governor(struct judge *j)
{
	char list[TUNING_LIST_LEN], run[256];
	const struct tuning_cpu *c;
	struct finding *f;
	int i;

	cpus_where(j->t, slow_governor, list, sizeof(list));
	if (list[0]) {
		for (i = 0, c = NULL; i < j->t->nr_tuning_cpus && !c; i++)
			if (slow_governor(&j->t->cpus[i]))
				c = &j->t->cpus[i];
		f = judge_add(j, "governor", FINDING_WARN, CERTAIN, list,
			      "CPU %s frequency governor %s, not performance", list, c->governor);
		snprintf(f->why, sizeof(f->why),
			 "frequency changes slow the workload and run cpufreq work on the CPU");
		snprintf(run, sizeof(run), "cpupower -c %.160s frequency-set -g performance", list);
		judge_fix(f, NULL, run, "governor=performance ([cpu])");
		return;
	}
	cpus_where(j->t, no_cpufreq, list, sizeof(list));
	if (list[0])
		judge_add(j, "governor", FINDING_INFO, CERTAIN, list,
			  "CPU %s: no cpufreq (fixed frequency, or a virtual machine)", list);
	else
		judge_add(j, "governor", FINDING_OK, CERTAIN, "",
			  "frequency governor performance on CPU %s", j->t->measured_list);
}

static void judge_idle(struct judge *j)
{
	char list[TUNING_LIST_LEN], run[256];
	const struct idle_state *deep = NULL, *s;
	struct finding *f;
	int i;

	cpus_where(j->t, deep_idle, list, sizeof(list));
	if (!list[0])
		return;
	for (i = 0; i < j->t->nr_tuning_cpus; i++) {
		s = tuning_deepest_idle(&j->t->cpus[i]);
		if (s && (!deep || s->latency_us > deep->latency_us))
			deep = s;
	}
	f = judge_add(j, "idle_states", FINDING_WARN, CERTAIN, list,
		      "CPU %s may enter idle state %s (exit latency %lu us)", list,
		      deep->name, deep->latency_us);
	snprintf(f->why, sizeof(f->why), "waking from a deep idle state delays the timer and the IRQ");
	snprintf(run, sizeof(run), "cpupower -c %.160s idle-set -D %d (or rtlens timerlat --deepest-idle-state)",
		 list, DEEP_IDLE_US);
	judge_fix(f, "processor.max_cstate=1 intel_idle.max_cstate=0 (or idle=poll)", run,
		  "force_latency= ([cpu])");
}

/* "a, b, c, ..." of the listed tasks of @kind */
static void task_names(const struct tuning *t, enum task_kind kind, char *buf, size_t len)
{
	int i, shown = 0;
	size_t pos = 0;

	buf[0] = '\0';
	for (i = 0; i < t->nr_tasks && pos < len; i++) {
		if (t->tasks[i].kind != kind)
			continue;
		if (shown++ == NAMES_SHOWN) {
			snprintf(buf + pos, len - pos, ", ...");
			break;
		}
		pos += snprintf(buf + pos, len - pos, "%s%s:%d", shown > 1 ? ", " : "",
				t->tasks[i].comm, t->tasks[i].pid);
	}
}

/* a kind of task that may run on the measured CPUs, and its fix */
struct task_rule {
	enum task_kind	kind;
	const char	*id;
	const char	*what;		/* "%d <what> may run on CPU ..." */
	const char	*why;
	const char	*taskset;	/* the options of taskset before -c */
	const char	*boot;		/* the command line's fix */
};

static const struct task_rule task_rules[] = {
	{ TASK_USER, "user_tasks", "user threads",
	  "when one wakes up there it preempts or shares the CPU",
	  "-a -p", "isolcpus=domain,..." },
	{ TASK_KTHREAD, "kthreads", "unbound kernel threads",
	  "kernel threads not bound to a CPU may be woken there",
	  "-p", "nohz_full=... (kthreads keep to housekeeping CPUs)" },
};

static void judge_task_rule(struct judge *j, const struct task_rule *r, const char *hk)
{
	int n = j->t->task_counts[r->kind];
	char names[160], run[256];
	struct finding *f;

	task_names(j->t, r->kind, names, sizeof(names));
	if (!n)
		return;
	f = judge_add(j, r->id, FINDING_WARN, POSSIBLE, "", "%d %s may run on CPU %s%s%s",
		      n, r->what, j->t->measured_list, names[0] ? ": " : "", names);
	snprintf(f->why, sizeof(f->why), "%s", r->why);
	snprintf(run, sizeof(run), "taskset %s -c %.100s PID%s%.48s", r->taskset, hk,
		 r->kind == TASK_USER ? " (or a cpuset)" : "", kept_note(j));
	judge_fix(f, r->boot, run, "isolated_cores=");
}

void judge_tasks(struct judge *j)
{
	const int *n = j->t->task_counts;
	const char *hk = j->hk;
	char names[160];
	size_t i;

	for (i = 0; i < sizeof(task_rules) / sizeof(task_rules[0]); i++)
		judge_task_rule(j, &task_rules[i], hk);
	task_names(j->t, TASK_USER_PINNED, names, sizeof(names));
	if (n[TASK_USER_PINNED])
		judge_add(j, "pinned_tasks", FINDING_INFO, CERTAIN, "",
			  "%d user threads pinned to the measured CPUs (a workload?): %s",
			  n[TASK_USER_PINNED], names);
	if (n[TASK_PERCPU_KTHREAD])
		judge_add(j, "percpu_kthreads", FINDING_INFO, CERTAIN, "",
			  "%d per-CPU kernel threads on CPU %s (ksoftirqd, migration, ...): unavoidable",
			  n[TASK_PERCPU_KTHREAD], j->t->measured_list);
}

void judge_cpus(struct judge *j)
{
	judge_governor(j);
	judge_idle(j);
}

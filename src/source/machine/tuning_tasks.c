// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_tasks - the threads allowed on the measured CPUs (libproc2 for the
 * list, sched_getaffinity for each one's CPUs), the ones runnable there now,
 * and the CPUs whose RCU callbacks are offloaded ("rcuop/N", "rcuos/N")
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libproc2/pids.h>

#include "base/safe_text.h"
#include "base/facts.h"
#include "source/machine/tuning_parts.h"

struct task_walk {
	struct tuning		*t;
	struct cpu_mask		allowed;
	struct cpu_mask		rcu_nocb;
	struct tuning_task	*all;
	size_t			nr, cap;
	bool			others_online;	/* online CPUs that are not measured */
};

static int read_affinity(int tid, struct cpu_mask *m)
{
	size_t size = CPU_ALLOC_SIZE(m->nr_cpus);
	cpu_set_t *set = CPU_ALLOC(m->nr_cpus);
	int cpu, ret;

	if (!set)
		return -1;
	ret = sched_getaffinity(tid, size, set);
	for (cpu = 0; !ret && cpu < m->nr_cpus; cpu++)
		if (CPU_ISSET_S(cpu, size, set))
			cpu_mask_set(m, cpu);
	CPU_FREE(set);
	return ret;
}

static void note_rcu_thread(struct task_walk *w, const char *comm)
{
	int cpu;

	if ((!strncmp(comm, "rcuop/", 6) || !strncmp(comm, "rcuos/", 6)) &&
	    sscanf(comm + 6, "%d", &cpu) == 1 && cpu >= 0 && cpu < w->t->nr_cpus)
		cpu_mask_set(&w->rcu_nocb, cpu);
}

/* a user task allowed only on measured CPUs, while others are online, is pinned there */
static enum task_kind kind_of(const struct task_walk *w, bool kthread)
{
	int cpu;

	if (kthread)
		return cpu_mask_count(&w->allowed) == 1 ? TASK_PERCPU_KTHREAD : TASK_KTHREAD;
	if (!w->others_online)
		return TASK_USER;
	for_each_cpu_in(cpu, &w->allowed)
		if (!cpu_mask_test(&w->t->measured, cpu))
			return TASK_USER;
	return TASK_USER_PINNED;
}

static bool allowed_on_measured(const struct task_walk *w)
{
	int cpu;

	for_each_cpu_in(cpu, &w->allowed)
		if (cpu_mask_test(&w->t->measured, cpu))
			return true;
	return false;
}

static void count_runnable(struct tuning *t, char state, int processor)
{
	struct tuning_cpu *c = (struct tuning_cpu *)tuning_cpu_of(t, processor);

	if (c && state == 'R')
		c->runnable++;
}

static void add_task(struct task_walk *w, int tid, const char *comm, bool kthread, bool runnable)
{
	struct tuning_task *task;

	if (w->nr == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 256;
		struct tuning_task *all = realloc(w->all, cap * sizeof(*all));

		if (!all)
			return;
		w->all = all;
		w->cap = cap;
	}
	task = &w->all[w->nr++];
	memset(task, 0, sizeof(*task));
	task->pid = tid;
	safe_text(task->comm, sizeof(task->comm), comm);
	task->kind = kind_of(w, kthread);
	task->runnable = runnable;
	cpu_mask_format(&w->allowed, task->allowed, sizeof(task->allowed));
	w->t->task_counts[task->kind]++;
}

static void visit(struct task_walk *w, int tid, const char *comm, unsigned long flags,
		  char state, int processor)
{
	bool mine = tid == getpid();	/* rtlens itself: not the machine's */

	note_rcu_thread(w, comm);
	if (mine)
		return;
	count_runnable(w->t, state, processor);
	cpu_mask_zero(&w->allowed);
	if (read_affinity(tid, &w->allowed) || !allowed_on_measured(w))
		return;
	add_task(w, tid, comm, flags & PF_KTHREAD,
		 state == 'R' && cpu_mask_test(&w->t->measured, processor));
}

/* what to show first when there are more than TUNING_MAX_TASKS */
static int by_interest(const void *a, const void *b)
{
	static const int rank[NR_TASK_KINDS] = {
		[TASK_USER] = 0, [TASK_KTHREAD] = 1, [TASK_USER_PINNED] = 2,
		[TASK_PERCPU_KTHREAD] = 3,
	};
	const struct tuning_task *x = a, *y = b;

	if (x->runnable != y->runnable)
		return y->runnable - x->runnable;
	if (rank[x->kind] != rank[y->kind])
		return rank[x->kind] - rank[y->kind];
	return x->pid - y->pid;
}

static void walk(struct task_walk *w)
{
	enum pids_item items[] = { PIDS_ID_TID, PIDS_CMD, PIDS_FLAGS, PIDS_STATE, PIDS_PROCESSOR };
	struct pids_info *info = NULL;
	struct pids_stack *stack;

	if (procps_pids_new(&info, items, 5) < 0)
		return;
	while ((stack = procps_pids_get(info, PIDS_FETCH_THREADS_TOO)))
		visit(w, PIDS_VAL(0, s_int, stack, info), PIDS_VAL(1, str, stack, info),
		      PIDS_VAL(2, ul_int, stack, info), PIDS_VAL(3, s_ch, stack, info),
		      PIDS_VAL(4, s_int, stack, info));
	procps_pids_unref(&info);
}

/*
 * The CPUs whose RCU callbacks are offloaded. Since 5.17 the kernel starts
 * rcuo threads for every CPU once any is offloaded (they can be switched at
 * run time), so the threads alone do not tell: the offloaded ones are those
 * rcu_nocbs= (bare: all) and nohz_full= asked for, or all with
 * RCU_NOCB_CPU_DEFAULT_ALL, among the CPUs that have an rcuo thread.
 */
static void settle_rcu_nocb(struct tuning *t, struct cpu_mask *threads)
{
	const char *asked = tuning_param(t, "rcu_nocbs");
	bool all = t->config.rcu_nocb_default_all == TRI_YES || (asked && !asked[0]) ||
		   (asked && !strcmp(asked, "all"));
	struct cpu_mask want;
	int cpu;

	if (all || tuning_list_mask(&want, asked ? asked : "", t->nr_cpus))
		return;
	tuning_or_list(&want, t->nohz_full);
	for (cpu = 0; cpu < t->nr_cpus; cpu++)
		if (!cpu_mask_test(&want, cpu))
			cpu_mask_clear(threads, cpu);
	cpu_mask_free(&want);
}

/* an online CPU that is not measured */
static bool others_online(const struct tuning *t)
{
	struct cpu_mask online;
	bool others = false;
	int cpu;

	if (tuning_list_mask(&online, t->online, t->nr_cpus))
		return false;
	for_each_cpu_in(cpu, &online)
		others |= !cpu_mask_test(&t->measured, cpu);
	cpu_mask_free(&online);
	return others;
}

void tasks_gather(struct tuning *t)
{
	struct task_walk w = { .t = t };
	int i;

	for (i = 0; i < t->nr_tuning_cpus; i++)
		t->cpus[i].runnable = 0;
	if (cpu_mask_init(&w.allowed, t->nr_cpus) || cpu_mask_init(&w.rcu_nocb, t->nr_cpus))
		goto out;
	w.others_online = others_online(t);
	walk(&w);
	qsort(w.all, w.nr, sizeof(*w.all), by_interest);
	t->nr_tasks = w.nr < TUNING_MAX_TASKS ? w.nr : TUNING_MAX_TASKS;
	memcpy(t->tasks, w.all, t->nr_tasks * sizeof(*w.all));
	t->rcuo_threads = cpu_mask_count(&w.rcu_nocb) > 0;
	settle_rcu_nocb(t, &w.rcu_nocb);
	cpu_mask_format(&w.rcu_nocb, t->rcu_nocb, sizeof(t->rcu_nocb));
	for (i = 0; i < t->nr_tuning_cpus; i++)
		t->cpus[i].rcu_nocb = cpu_mask_test(&w.rcu_nocb, t->cpus[i].cpu);
out:
	free(w.all);
	cpu_mask_free(&w.allowed);
	cpu_mask_free(&w.rcu_nocb);
}

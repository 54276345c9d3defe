// SPDX-License-Identifier: GPL-2.0
/*
 * setup_notes - match the analysis's sources with the findings of the
 * tuning (base/tuning.h): the tick without nohz_full, an IRQ routed to a
 * measured CPU, RCU callbacks without rcu_nocbs, unbound work inside the
 * workqueue mask, a thread on a CPU that is not isolated
 */
#include <stdio.h>
#include <string.h>

#include "analysis/osnoise_models.h"
#include "analysis/setup_notes.h"
#include "analysis/timerlat_models.h"

static bool is_tick(enum noise_kind kind, const char *name)
{
	return (kind == NOISE_IRQ && !strcmp(name, "local_timer")) ||
	       (kind == NOISE_SOFTIRQ && (!strcmp(name, "TIMER") || !strcmp(name, "SCHED")));
}

static bool is_rcu(enum noise_kind kind, const char *name)
{
	return (kind == NOISE_SOFTIRQ && !strcmp(name, "RCU")) ||
	       (kind == NOISE_THREAD && !strncmp(name, "rcuc/", 5));
}

/* "ttyS0" is one of the handlers of "ttyS0, foo" */
static bool irq_name_has(const char *list, const char *name)
{
	size_t len = strlen(name);
	const char *s = list;

	while ((s = strstr(s, name))) {
		bool starts = s == list || s[-1] == ' ' || s[-1] == ',';
		bool ends = !s[len] || s[len] == ',';

		if (starts && ends)
			return true;
		s += len;
	}
	return false;
}

static const struct finding *explain_irq(const struct tuning *t, int cpu, const char *name,
					 char *note, size_t len)
{
	const struct finding *f;
	int i;

	for (i = 0; i < t->nr_irqs; i++) {
		const struct tuning_irq *q = &t->irqs[i];

		if (!irq_name_has(q->name, name))
			continue;
		f = tuning_finding(t, "irq_affinity", cpu, FINDING_WARN);
		if (!f)
			return NULL;
		snprintf(note, len, "IRQ %d (%s) is routed to CPU %d (affinity %s)", q->irq,
			 q->name, cpu, q->effective[0] ? q->effective : q->affinity);
		return f;
	}
	return NULL;
}

static const struct finding *explain_tick(const struct tuning *t, int cpu, char *note,
					  size_t len)
{
	const struct finding *f = tuning_finding(t, "nohz_full", cpu, FINDING_WARN);

	if (f) {
		snprintf(note, len, "the scheduler tick: CPU %d is not nohz_full", cpu);
		return f;
	}
	f = tuning_finding(t, "tick", cpu, FINDING_WARN);
	if (f)
		snprintf(note, len, "the scheduler tick: more than one task runnable on CPU %d", cpu);
	return f;
}

const struct finding *setup_explain(const struct tuning *t, int cpu, enum noise_kind kind,
				    const char *name, char *note, size_t len)
{
	const struct finding *f;

	if (!t)
		return NULL;
	if (is_tick(kind, name))
		return explain_tick(t, cpu, note, len);
	if (is_rcu(kind, name)) {
		f = tuning_finding(t, "rcu_nocbs", cpu, FINDING_WARN);
		if (f)
			snprintf(note, len, "RCU callbacks run on CPU %d: it is not in rcu_nocbs", cpu);
		return f;
	}
	if (kind == NOISE_IRQ)
		return explain_irq(t, cpu, name, note, len);
	if (kind == NOISE_NMI) {
		f = tuning_finding(t, "nmi_watchdog", cpu, FINDING_WARN);
		if (f)
			snprintf(note, len, "the NMI watchdog runs on CPU %d", cpu);
		return f;
	}
	if (kind != NOISE_THREAD)
		return NULL;
	/* a threaded IRQ handler (PREEMPT_RT): "irq/24-ttyS0" */
	if (!strncmp(name, "irq/", 4) && strchr(name, '-'))
		return explain_irq(t, cpu, strchr(name, '-') + 1, note, len);
	if (!strncmp(name, "kworker/u", 9)) {
		f = tuning_finding(t, "workqueue_cpumask", cpu, FINDING_WARN);
		if (f)
			snprintf(note, len, "unbound work: CPU %d is in the workqueue cpumask", cpu);
		return f;
	}
	/* kernel threads of one CPU ("ksoftirqd/1", "kworker/1:2") stay, isolated or not */
	if (strchr(name, '/'))
		return NULL;
	f = tuning_finding(t, "not_isolated", cpu, FINDING_BREAKS);
	if (f)
		snprintf(note, len, "a thread scheduled on CPU %d: it is not isolated", cpu);
	return f;
}

static bool noted(const struct setup_notes *out, int cpu, enum noise_kind kind, const char *name)
{
	int i;

	for (i = 0; i < out->n; i++)
		if (out->notes[i].cpu == cpu && out->notes[i].kind == kind &&
		    !strcmp(out->notes[i].name, name))
			return true;
	return false;
}

static void consider(struct setup_notes *out, const struct tuning *t, int cpu, int kind,
		     const char *name)
{
	struct setup_note *n;
	char note[192];
	const struct finding *f;

	if (kind < NOISE_NMI || kind > NOISE_THREAD || out->n >= MAX_SETUP_NOTES ||
	    noted(out, cpu, kind, name))
		return;
	f = setup_explain(t, cpu, kind, name, note, sizeof(note));
	if (!f)
		return;
	n = &out->notes[out->n++];
	n->cpu = cpu;
	n->kind = kind;
	snprintf(n->name, sizeof(n->name), "%s", name);
	n->finding = f;
	snprintf(n->note, sizeof(n->note), "%s", note);
}

static void consider_group(struct setup_notes *out, const struct tuning *t, int cpu,
			   const struct timerlat_aa_group *g)
{
	int i;

	for (i = 0; i < g->nr_sources; i++)
		consider(out, t, cpu, g->sources[i].kind, g->sources[i].name);
}

void setup_notes_collect(struct setup_notes *out, const struct run_models *m,
			 const struct rtl_params *p)
{
	const struct tuning *t = m->facts ? m->facts->tuning : NULL;
	const struct osnoise_run *o = osnoise_models_of(m);
	const struct timerlat_run *tl = timerlat_models_of(m);
	int cpu, i;

	out->n = 0;
	if (!t)
		return;
	/* osnoise_cause_kind and noise_kind agree on NMI, IRQ, softirq and thread */
	for_each_cpu_in(cpu, &p->cpus) {
		for (i = 0; o && o->aa && cpu < p->nr_cpus && i < o->nr_table[cpu]; i++) {
			const struct source_row *row = &o->tables[cpu][i];

			consider(out, t, cpu, row->kind, row->name);
		}
	}
	if (tl && tl->aa_done) {
		const struct timerlat_aa_result *r = &tl->aa_result;

		consider_group(out, t, r->cpu, &r->previous_irq);
		consider_group(out, t, r->cpu, &r->nmi);
		consider_group(out, t, r->cpu, &r->irq);
		consider_group(out, t, r->cpu, &r->softirq);
		consider_group(out, t, r->cpu, &r->thread);
	}
}

static void group_add_cpu(struct setup_group *g, int cpu)
{
	int i = g->nr_cpus;

	while (i > 0 && g->cpu[i - 1] > cpu)
		i--;
	if (i > 0 && g->cpu[i - 1] == cpu)
		return;
	memmove(&g->cpu[i + 1], &g->cpu[i], (g->nr_cpus - i) * sizeof(g->cpu[0]));
	g->cpu[i] = cpu;
	g->nr_cpus++;
}

void setup_notes_group(const struct setup_notes *s, struct setup_groups *out)
{
	struct setup_group *g;
	int i, j;

	out->n = 0;
	for (i = 0; i < s->n; i++) {
		for (j = 0; j < out->n; j++)
			if (out->groups[j].finding == s->notes[i].finding)
				break;
		g = &out->groups[j];
		if (j == out->n) {
			memset(g, 0, sizeof(*g));
			g->finding = s->notes[i].finding;
			out->n++;
		}
		g->note[g->nr++] = i;
		group_add_cpu(g, s->notes[i].cpu);
	}
}

/* the notes of setup_explain(), said of several CPUs and sources */
static const struct {
	const char	*finding;
	const char	*reason;
} group_reasons[] = {
	{ "nohz_full", "the scheduler tick (not nohz_full)" },
	{ "tick", "the scheduler tick (more than one task runnable)" },
	{ "rcu_nocbs", "RCU callbacks (not in rcu_nocbs)" },
	{ "irq_affinity", "IRQs routed there" },
	{ "nmi_watchdog", "the NMI watchdog" },
	{ "workqueue_cpumask", "unbound work (in the workqueue cpumask)" },
	{ "not_isolated", "threads scheduled there (not isolated)" },
};

const char *setup_group_reason(const struct setup_group *g)
{
	size_t i;

	for (i = 0; i < sizeof(group_reasons) / sizeof(group_reasons[0]); i++)
		if (!strcmp(g->finding->id, group_reasons[i].finding))
			return group_reasons[i].reason;
	return g->finding->what;
}

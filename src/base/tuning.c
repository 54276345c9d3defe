// SPDX-License-Identifier: GPL-2.0
/*
 * tuning - names and look-ups over the gathered tuning (tuning.h)
 */
#include <stdlib.h>
#include <string.h>

#include "base/tuning.h"

const char *finding_status_name(enum finding_status s)
{
	static const char *const names[NR_FINDING_STATUS] = {
		[FINDING_OK] = "ok", [FINDING_INFO] = "info",
		[FINDING_WARN] = "warn", [FINDING_BREAKS] = "breaks",
	};

	return (unsigned int)s < NR_FINDING_STATUS ? names[s] : "?";
}

const char *finding_certainty_name(enum finding_certainty c)
{
	static const char *const names[NR_CERTAINTY] = {
		[CERTAIN] = "certain", [LIKELY] = "likely", [POSSIBLE] = "possible",
	};

	return (unsigned int)c < NR_CERTAINTY ? names[c] : "?";
}

const char *task_kind_name(enum task_kind k)
{
	static const char *const names[NR_TASK_KINDS] = {
		[TASK_PERCPU_KTHREAD] = "percpu_kthread", [TASK_KTHREAD] = "kthread",
		[TASK_USER_PINNED] = "user_pinned", [TASK_USER] = "user",
	};

	return (unsigned int)k < NR_TASK_KINDS ? names[k] : "?";
}

const char *tuning_param(const struct tuning *t, const char *name)
{
	int i;

	for (i = 0; i < t->nr_params; i++)
		if (!strcmp(t->params[i].name, name))
			return t->params[i].value;
	return NULL;
}

const struct tuning_cpu *tuning_cpu_of(const struct tuning *t, int cpu)
{
	int i;

	for (i = 0; i < t->nr_tuning_cpus; i++)
		if (t->cpus[i].cpu == cpu)
			return &t->cpus[i];
	return NULL;
}

static bool list_has_cpu(const char *list, int cpu, int nr_cpus)
{
	struct cpu_mask m;
	bool in;

	if (!list[0])
		return true;	/* "" is all measured CPUs */
	if (cpu_mask_init(&m, nr_cpus))
		return false;
	in = !cpu_mask_parse(&m, list, NULL) && cpu_mask_test(&m, cpu);
	cpu_mask_free(&m);
	return in;
}

const struct finding *tuning_finding(const struct tuning *t, const char *id, int cpu,
				     enum finding_status min)
{
	const struct finding *f;
	int i;

	for (i = 0; i < t->nr_findings; i++) {
		f = &t->findings[i];
		if (strcmp(f->id, id) || f->status < min)
			continue;
		if (cpu < 0 || list_has_cpu(f->cpus, cpu, t->nr_cpus))
			return f;
	}
	return NULL;
}

const struct idle_state *tuning_deepest_idle(const struct tuning_cpu *c)
{
	const struct idle_state *deep = NULL;
	int i;

	for (i = 0; i < c->nr_idle; i++)
		if (!c->idle[i].disabled && (!deep || c->idle[i].latency_us > deep->latency_us))
			deep = &c->idle[i];
	return deep;
}

bool tuning_breaks(const struct tuning *t)
{
	int i;

	for (i = 0; i < t->nr_findings; i++)
		if (t->findings[i].status == FINDING_BREAKS)
			return true;
	return false;
}

void tuning_free(struct tuning *t)
{
	cpu_mask_free(&t->measured);
	free(t->cmdline);
	free(t->cpus);
	t->cmdline = NULL;
	t->cpus = NULL;
	t->nr_tuning_cpus = 0;
}

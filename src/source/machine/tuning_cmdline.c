// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_cmdline - the kernel command-line parameters that decide how
 * quiet a CPU can be
 */
#include <stdio.h>
#include <string.h>

#include "source/machine/tuning_parts.h"

static const char *const interesting[] = {
	"isolcpus", "nohz_full", "nohz", "rcu_nocbs", "rcu_nocb_poll", "irqaffinity",
	"idle", "processor.max_cstate", "intel_idle.max_cstate", "skew_tick", "tsc",
	"nosoftlockup", "nowatchdog", "nmi_watchdog", "mitigations", "threadirqs",
	"transparent_hugepage", "kthread_cpus", "housekeeping", "preempt",
	"intel_pstate", "rcupdate.rcu_normal_after_boot", "rcutree.kthread_prio",
	"clocksource",
};

#define NR_INTERESTING	(sizeof(interesting) / sizeof(interesting[0]))

static bool is_interesting(const char *name)
{
	size_t i;

	for (i = 0; i < NR_INTERESTING; i++)
		if (!strcmp(interesting[i], name))
			return true;
	return false;
}

/* @word is "name" or "name=value", possibly quoted ("name=\"a b\"") */
static void add_param(struct tuning *t, const char *word, size_t len)
{
	struct cmdline_param *p;
	char name[32];
	const char *eq = memchr(word, '=', len);
	size_t nlen = eq ? (size_t)(eq - word) : len;

	if (nlen >= sizeof(name))
		return;
	memcpy(name, word, nlen);
	name[nlen] = '\0';
	if (!is_interesting(name) || (t->nr_params >= TUNING_MAX_PARAMS && !tuning_param(t, name)))
		return;
	/* given again: the last one counts, as in the kernel */
	for (p = t->params; p < t->params + t->nr_params; p++)
		if (!strcmp(p->name, name))
			break;
	if (p == t->params + t->nr_params)
		t->nr_params++;
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->value[0] = '\0';
	if (eq) {
		const char *v = eq + 1;
		size_t vlen = len - nlen - 1;

		if (vlen >= 2 && v[0] == '"' && v[vlen - 1] == '"') {
			v++;
			vlen -= 2;
		}
		snprintf(p->value, sizeof(p->value), "%.*s", (int)vlen, v);
	}
}

void tuning_parse_cmdline(struct tuning *t, const char *cmdline)
{
	const char *s = cmdline;
	bool quoted;
	size_t len;

	while (*s) {
		s += strspn(s, " \t\n");
		/* what follows "--" is init's */
		if (!strncmp(s, "--", 2) && (!s[2] || s[2] == ' '))
			break;
		quoted = false;
		for (len = 0; s[len] && (quoted || !strchr(" \t\n", s[len])); len++)
			if (s[len] == '"')
				quoted = !quoted;
		if (len)
			add_param(t, s, len);
		s += len;
	}
}

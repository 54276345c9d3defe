// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_text - the text of `rtlens check`: each measured CPU's isolation
 * and tick, the findings with why and how to fix them, the IRQs, a verdict
 */
#include <stdio.h>
#include <string.h>

#include "render/tuning_render.h"

static const char *yes_no(bool v)
{
	return v ? "yes" : "no";
}

static const char *tri_text(enum tri v)
{
	return v == TRI_UNKNOWN ? "?" : v == TRI_YES ? "yes" : "no";
}

/* where the CPUs judged came from, in words */
static const char *measured_from(const struct tuning *t)
{
	static const char *const from[][2] = {
		{ "-c", "-c" }, { "isolated", "the isolated CPUs" },
		{ "cpuset", "rtlens's cpuset" }, { "affinity", "rtlens's CPU affinity" },
	};
	size_t i;

	for (i = 0; i < sizeof(from) / sizeof(from[0]); i++)
		if (!strcmp(t->measured_why, from[i][0]))
			return from[i][1];
	return "all online CPUs";
}

static void print_header(FILE *out, const struct tuning *t, const struct sys_facts *f)
{
	const struct kernel_config *c = &t->config;
	char hz[16] = "?";

	fprintf(out, "rtlens check: CPU %s (%s) of %s, kernel %s\n", t->measured_list,
		measured_from(t), f->hostname, f->kernel_release);

	if (c->hz)
		snprintf(hz, sizeof(hz), "%d", c->hz);
	fprintf(out, "  preemption %s, HZ %s, NO_HZ_FULL %s, RCU_NOCB_CPU %s%s\n", c->preempt, hz,
		tri_text(c->no_hz_full), tri_text(c->rcu_nocb_cpu),
		c->source[0] ? "" : " (no kernel config found)");
	fprintf(out, "  isolated %s, nohz_full %s, rcu_nocbs %s%s%s\n",
		t->isolated[0] ? t->isolated : "none", t->nohz_full[0] ? t->nohz_full : "none",
		t->rcu_nocb[0] ? t->rcu_nocb : "none", f->virt.guest ? ", guest of " : "",
		f->virt.guest ? f->virt.hypervisor : "");
	if (!t->kept_cpu[0] || strcmp(t->measured_why, "all"))
		return;
	fprintf(out, "\n  No CPU is isolated and none was named, so every online CPU is judged.\n"
		"  Name the CPUs your workload will use with -c; the fixes below keep CPU %s\n"
		"  for the system%s%s%s.\n", t->kept_cpu,
		t->suggest_cpus[0] ? ": rtlens check -c " : "", t->suggest_cpus,
		t->suggest_cpus[0] ? " judges the rest" : "");
}

static void print_cpus(FILE *out, const struct tuning *t)
{
	int i;

	fprintf(out, "\n  CPU  ISOLATED  NOHZ_FULL  RCU_NOCB  TICK STOPPED  LOC/s  GOVERNOR     DEEPEST IDLE\n");
	for (i = 0; i < t->nr_tuning_cpus; i++) {
		const struct tuning_cpu *c = &t->cpus[i];
		const struct idle_state *deep = tuning_deepest_idle(c);
		char loc[16] = "?", idle[48] = "-";

		if (deep)
			snprintf(idle, sizeof(idle), "%s (%lu us)", deep->name, deep->latency_us);
		if (c->loc_per_s >= 0)
			snprintf(loc, sizeof(loc), "%.0f", c->loc_per_s);
		fprintf(out, "  %3d  %-8s  %-9s  %-8s  %-12s  %5s  %-11s  %s\n", c->cpu,
			yes_no(c->isolated), yes_no(c->nohz_full), yes_no(c->rcu_nocb),
			tri_text(c->tick_stopped), loc, c->governor[0] ? c->governor : "-", idle);
	}
}

static void print_finding(FILE *out, const struct finding *f)
{
	fprintf(out, "  %-6s  %s", finding_status_name(f->status), f->what);
	if (f->certainty != CERTAIN)
		fprintf(out, " (%s)", finding_certainty_name(f->certainty));
	fputc('\n', out);
	if (f->why[0])
		fprintf(out, "          why: %s\n", f->why);
	if (f->fix_runtime[0])
		fprintf(out, "          fix: %s\n", f->fix_runtime);
	if (f->fix_cmdline[0])
		fprintf(out, "          boot: %s\n", f->fix_cmdline);
	if (f->tuned[0])
		fprintf(out, "          tuned: %s\n", f->tuned);
}

static void print_irqs(FILE *out, const struct tuning *t)
{
	int i;

	if (!t->nr_irqs)
		return;
	fprintf(out, "\n  IRQs that may reach CPU %s:\n  %5s  %-24s  %-12s  %-12s  %s\n",
		t->measured_list, "IRQ", "NAME", "AFFINITY", "EFFECTIVE", "COUNT");
	for (i = 0; i < t->nr_irqs; i++) {
		const struct tuning_irq *q = &t->irqs[i];

		fprintf(out, "  %5d  %-24s  %-12s  %-12s  %llu\n", q->irq, q->name, q->affinity,
			q->effective[0] ? q->effective : "?", (unsigned long long)q->count);
	}
	if (t->irqs_left_out)
		fprintf(out, "  (%d more)\n", t->irqs_left_out);
}

void render_check_verdict(FILE *out, const struct tuning *t, int exit_status)
{
	int counts[NR_FINDING_STATUS] = { 0 }, i, breaks, warns;

	for (i = 0; i < t->nr_findings; i++)
		counts[t->findings[i].status]++;
	breaks = counts[FINDING_BREAKS];
	warns = counts[FINDING_WARN];
	if (breaks)
		fprintf(out, "CPU %s is not isolated: %d finding%s break%s it, %d warning%s (exit status %d)\n",
			t->measured_list, breaks, breaks == 1 ? "" : "s", breaks == 1 ? "s" : "",
			warns, warns == 1 ? "" : "s", exit_status);
	else
		fprintf(out, "CPU %s is isolated: nothing breaks it, %d warning%s (exit status %d)\n",
			t->measured_list, warns, warns == 1 ? "" : "s", exit_status);
}

void render_check_text(FILE *out, const struct tuning *t, const struct sys_facts *f,
		       int exit_status)
{
	int i;

	print_header(out, t, f);
	print_cpus(out, t);
	fprintf(out, "\n");
	for (i = 0; i < t->nr_findings; i++)
		print_finding(out, &t->findings[i]);
	print_irqs(out, t);
	fprintf(out, "\n");
	render_check_verdict(out, t, exit_status);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_cpus - each measured CPU's frequency governor and idle states
 * (libcpupower), its NMIs, and its tick: stopped or not (/proc/timer_list),
 * and the local timer interrupts it takes a second (/proc/interrupts)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cpufreq.h>
#include <cpuidle.h>

#include "source/machine/machine.h"
#include "source/machine/tuning_parts.h"

#define TICK_WINDOW_MS	500

static void read_governor(struct tuning_cpu *c)
{
	struct cpufreq_policy *policy = cpufreq_get_policy(c->cpu);

	c->governor[0] = '\0';
	if (!policy)
		return;
	if (policy->governor)
		snprintf(c->governor, sizeof(c->governor), "%s", policy->governor);
	cpufreq_put_policy(policy);
}

static void read_idle(struct tuning_cpu *c)
{
	unsigned int n = cpuidle_state_count(c->cpu), i;
	char *name;

	for (i = 0; i < n && c->nr_idle < TUNING_MAX_IDLE; i++) {
		struct idle_state *s = &c->idle[c->nr_idle++];

		name = cpuidle_state_name(c->cpu, i);
		snprintf(s->name, sizeof(s->name), "%s", name ? name : "?");
		free(name);
		s->latency_us = cpuidle_state_latency(c->cpu, i);
		s->disabled = cpuidle_is_state_disabled(c->cpu, i) == 1;
	}
}

/* "cpu: N" opens a CPU's part of /proc/timer_list, ".tick_stopped : X" in it */
static void read_timer_list(struct tuning *t)
{
	FILE *f = fopen("/proc/timer_list", "r");
	struct tuning_cpu *c = NULL;
	char line[256];
	int cpu, v;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "cpu: %d", &cpu) == 1)
			c = (struct tuning_cpu *)tuning_cpu_of(t, cpu);
		else if (c && sscanf(line, " .tick_stopped : %d", &v) == 1)
			c->timer_list_stopped = v ? TRI_YES : TRI_NO;
	}
	fclose(f);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* the local timer interrupts of each CPU over TICK_WINDOW_MS */
static void sample_ticks(struct tuning *t, FILE *f)
{
	struct timespec pause = { 0, TICK_WINDOW_MS * 1000000L };
	long long *before = calloc(t->nr_tuning_cpus, sizeof(*before)), after;
	double start = now_s(), elapsed;
	int i;

	if (!before)
		return;
	for (i = 0; i < t->nr_tuning_cpus; i++)
		before[i] = interrupts_count(f, "LOC", t->cpus[i].cpu);
	nanosleep(&pause, NULL);
	elapsed = now_s() - start;
	for (i = 0; i < t->nr_tuning_cpus; i++) {
		after = interrupts_count(f, "LOC", t->cpus[i].cpu);
		if (before[i] >= 0 && after >= before[i] && elapsed > 0)
			t->cpus[i].loc_per_s = (after - before[i]) / elapsed;
	}
	free(before);
}

/* nohz_full, and nothing but the one task it would run is runnable */
static enum tri tick_stopped(const struct tuning_cpu *c)
{
	if (!c->nohz_full)
		return TRI_NO;
	if (c->runnable < 0)
		return TRI_UNKNOWN;
	return c->runnable <= 1 ? TRI_YES : TRI_NO;
}

void cpus_gather(struct tuning *t, unsigned int flags)
{
	FILE *f = fopen("/proc/interrupts", "r");
	int i;

	read_timer_list(t);
	for (i = 0; i < t->nr_tuning_cpus; i++) {
		struct tuning_cpu *c = &t->cpus[i];

		read_governor(c);
		read_idle(c);
		c->nmi = f ? interrupts_count(f, "NMI", c->cpu) : -1;
		c->tick_stopped = tick_stopped(c);
	}
	if (f && (flags & TUNING_SAMPLE_TICK))
		sample_ticks(t, f);
	if (f)
		fclose(f);
}

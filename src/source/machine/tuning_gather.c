// SPDX-License-Identifier: GPL-2.0
/*
 * tuning - gather how the machine is set up: the command line, what took
 * effect in sysfs and procfs, the sysctls; the IRQs, tasks and CPUs are
 * read by the other tuning_*.c files, with tuning_read.c
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/machine/machine.h"
#include "source/machine/tuning_parts.h"

#define CPU_SYS		"/sys/devices/system/cpu/"

static int read_int(const char *path)
{
	char buf[32];

	if (tuning_read(path, buf, sizeof(buf)) || !buf[0])
		return -1;
	return atoi(buf);
}

static char *read_cmdline(void)
{
	char buf[4096];

	if (tuning_read("/proc/cmdline", buf, sizeof(buf)))
		return NULL;
	return strdup(buf);
}

/* "always [madvise] never" -> "madvise" */
static void read_choice(const char *path, char *out, size_t len)
{
	char buf[128], *open_b, *close_b;

	snprintf(out, len, "?");
	if (tuning_read(path, buf, sizeof(buf)))
		return;
	open_b = strchr(buf, '[');
	close_b = open_b ? strchr(open_b, ']') : NULL;
	if (open_b && close_b) {
		*close_b = '\0';
		snprintf(out, len, "%s", open_b + 1);
	}
}

/* a sysfs CPU list, "?" when unreadable */
static void read_list(const char *path, char *out, size_t len)
{
	if (tuning_read(path, out, len))
		snprintf(out, len, "?");
}

static void read_hex_list(const char *path, char *out, size_t len, int nr_cpus)
{
	struct cpu_mask m;
	char buf[TUNING_LIST_LEN];

	snprintf(out, len, "?");
	if (tuning_read(path, buf, sizeof(buf)) || cpu_mask_init(&m, nr_cpus))
		return;
	if (!cpu_mask_parse_hex(&m, buf, NULL))
		cpu_mask_format(&m, out, len);
	cpu_mask_free(&m);
}

static void read_sysctls(struct tuning *t)
{
	char buf[32];

	read_choice("/sys/kernel/mm/transparent_hugepage/enabled", t->thp, sizeof(t->thp));
	t->nmi_watchdog = read_int("/proc/sys/kernel/nmi_watchdog");
	t->watchdog = read_int("/proc/sys/kernel/watchdog");
	t->soft_watchdog = read_int("/proc/sys/kernel/soft_watchdog");
	if (t->soft_watchdog < 0)
		t->soft_watchdog = t->watchdog;
	t->watchdog_thresh = read_int("/proc/sys/kernel/watchdog_thresh");
	tuning_read("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		    t->clocksource, sizeof(t->clocksource));
	t->timer_migration = read_int("/proc/sys/kernel/timer_migration");
	t->rt_runtime_us = LONG_MIN;
	t->rt_period_us = LONG_MIN;
	if (!tuning_read("/proc/sys/kernel/sched_rt_runtime_us", buf, sizeof(buf)) && buf[0])
		t->rt_runtime_us = strtol(buf, NULL, 10);
	if (!tuning_read("/proc/sys/kernel/sched_rt_period_us", buf, sizeof(buf)) && buf[0])
		t->rt_period_us = strtol(buf, NULL, 10);
	read_list("/proc/sys/kernel/watchdog_cpumask", t->watchdog_cpumask,
		  sizeof(t->watchdog_cpumask));
	read_hex_list("/sys/devices/virtual/workqueue/cpumask", t->wq_cpumask,
		      sizeof(t->wq_cpumask), t->nr_cpus);
}

static void read_isolation(struct tuning *t)
{
	read_list(CPU_SYS "online", t->online, sizeof(t->online));
	read_list(CPU_SYS "isolated", t->isolated, sizeof(t->isolated));
	read_list(CPU_SYS "nohz_full", t->nohz_full, sizeof(t->nohz_full));
	/* nohz_full reads " (null)" on kernels without it */
	if (strstr(t->nohz_full, "null"))
		t->nohz_full[0] = '\0';
	read_list("/sys/fs/cgroup/cpuset.cpus.isolated", t->cpuset_isolated,
		  sizeof(t->cpuset_isolated));
}

/* where the CPUs given came from, by the flags */
static const char *measured_from(unsigned int flags)
{
	if (flags & TUNING_FOR_RUN)
		return "run";
	if (flags & TUNING_FOR_CPUSET)
		return ALLOWED_FROM_CPUSET;
	return flags & TUNING_FOR_AFFINITY ? ALLOWED_FROM_AFFINITY : "-c";
}

static int choose_measured(struct tuning *t, const struct cpu_mask *measured, unsigned int flags)
{
	int cpu;

	if (cpu_mask_init(&t->measured, t->nr_cpus))
		return -1;
	if (measured) {
		for_each_cpu_in(cpu, measured)
			if (cpu < t->nr_cpus)
				cpu_mask_set(&t->measured, cpu);
		t->measured_why = measured_from(flags);
	} else {
		tuning_or_list(&t->measured, t->isolated);
		tuning_or_list(&t->measured, t->cpuset_isolated);
		t->measured_why = "isolated";
		if (!cpu_mask_count(&t->measured)) {
			tuning_or_list(&t->measured, t->online);
			t->measured_why = "all";
		}
		if (!cpu_mask_count(&t->measured))
			cpu_mask_fill(&t->measured);
	}
	cpu_mask_format(&t->measured, t->measured_list, sizeof(t->measured_list));
	return 0;
}

/* the lists each CPU is looked up in, parsed once */
enum { L_ISOLATED, L_CPUSET, L_NOHZ_FULL, L_WQ, L_WATCHDOG, NR_CPU_LISTS };

static int init_cpus(struct tuning *t)
{
	const char *lists[NR_CPU_LISTS] = {
		[L_ISOLATED] = t->isolated, [L_CPUSET] = t->cpuset_isolated,
		[L_NOHZ_FULL] = t->nohz_full, [L_WQ] = t->wq_cpumask,
		[L_WATCHDOG] = t->watchdog_cpumask,
	};
	struct cpu_mask m[NR_CPU_LISTS] = { 0 };
	int cpu, i, n = 0, ret = -1;

	t->cpus = calloc(cpu_mask_count(&t->measured) + 1, sizeof(*t->cpus));
	for (i = 0; i < NR_CPU_LISTS; i++)
		if (tuning_list_mask(&m[i], lists[i], t->nr_cpus))
			goto out;
	for_each_cpu_in(cpu, &t->measured) {
		struct tuning_cpu *c = t->cpus ? &t->cpus[n++] : NULL;

		if (!c)
			goto out;
		c->cpu = cpu;
		c->isolated = cpu_mask_test(&m[L_ISOLATED], cpu) || cpu_mask_test(&m[L_CPUSET], cpu);
		c->nohz_full = cpu_mask_test(&m[L_NOHZ_FULL], cpu);
		c->in_wq_mask = cpu_mask_test(&m[L_WQ], cpu);
		c->in_watchdog_mask = cpu_mask_test(&m[L_WATCHDOG], cpu);
		c->tick_stopped = TRI_UNKNOWN;
		c->timer_list_stopped = TRI_UNKNOWN;
		c->loc_per_s = -1;
		c->runnable = -1;
	}
	t->nr_tuning_cpus = n;
	ret = t->cpus ? 0 : -1;
out:
	for (i = 0; i < NR_CPU_LISTS; i++)
		cpu_mask_free(&m[i]);
	return ret;
}

/*
 * without a kernel config, what sysfs and the threads show was built in;
 * with one, a kernel without NO_HZ_FULL has no nohz_full file: no CPU is
 */
static void infer_config(struct tuning *t)
{
	if (t->config.no_hz_full == TRI_UNKNOWN && strcmp(t->nohz_full, "?"))
		t->config.no_hz_full = TRI_YES;		/* the file exists only then */
	if (t->config.no_hz_full == TRI_NO && !strcmp(t->nohz_full, "?"))
		t->nohz_full[0] = '\0';
	if (t->config.rcu_nocb_cpu == TRI_UNKNOWN && t->rcuo_threads)
		t->config.rcu_nocb_cpu = TRI_YES;
}

int tuning_gather(struct tuning *t, const struct cpu_mask *measured, int nr_cpus,
		  unsigned int flags)
{
	memset(t, 0, sizeof(*t));
	t->nr_cpus = nr_cpus > 0 ? nr_cpus : 1;
	t->cmdline = read_cmdline();
	if (t->cmdline)
		tuning_parse_cmdline(t, t->cmdline);
	read_isolation(t);
	read_sysctls(t);
	kconfig_read(&t->config);
	if (choose_measured(t, measured, flags) || init_cpus(t))
		return -1;
	tasks_gather(t);
	infer_config(t);
	irqs_gather(t);
	cpus_gather(t, flags);
	return 0;
}

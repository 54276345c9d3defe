/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tuning - how the machine is set up for low latency: what the kernel
 * command line asked, what took effect (sysfs, procfs, the kernel's
 * config), the IRQs, tasks and settings of the measured CPUs, and the
 * findings judged from them
 *
 * Gathered by the source layer (source/machine/tuning_gather.c), judged by the analysis
 * (analysis/tuning_judge.c), shown by `rtlens check` and recorded in every
 * JSON report (system.tuning). Plain data: no I/O here.
 */
#ifndef RTLENS_TUNING_H
#define RTLENS_TUNING_H

#include <stdbool.h>
#include <stdint.h>

#include "base/cpulist.h"

/* a yes/no fact that may not be known */
enum tri {
	TRI_UNKNOWN = -1,
	TRI_NO = 0,
	TRI_YES = 1,
};

#define TUNING_LIST_LEN		256	/* a CPU list, "0-3,8" */
#define TUNING_NAME_LEN		64
#define TUNING_MAX_IDLE		16
#define TUNING_MAX_IRQS		64	/* IRQs that can reach a measured CPU */
#define TUNING_MAX_TASKS	48	/* tasks shown; all are counted */
#define TUNING_MAX_FINDINGS	64
#define TUNING_MAX_PARAMS	24

/* the kernel's build options that matter (from /boot/config-* or /proc/config.gz) */
struct kernel_config {
	char		source[128];	/* the file read; "" when none was found */
	int		hz;		/* CONFIG_HZ; 0 unknown */
	enum tri	no_hz_full;
	enum tri	rcu_nocb_cpu;
	enum tri	rcu_lazy;
	enum tri	rcu_nocb_default_all;	/* RCU_NOCB_CPU_DEFAULT_ALL */
	enum tri	preempt_rt;
	char		preempt[16];	/* "rt", "full", "lazy", "voluntary", "none", "unknown" */
	bool		preempt_dynamic;	/* PREEMPT_DYNAMIC: preempt= may change it at boot */
};

/* one kernel command-line parameter of interest, as given */
struct cmdline_param {
	char	name[32];
	char	value[TUNING_LIST_LEN];	/* "" for a bare flag */
};

struct idle_state {
	char		name[32];
	unsigned long	latency_us;	/* exit latency */
	bool		disabled;
};

struct tuning_cpu {
	int			cpu;
	bool			isolated;	/* isolcpus (domain) or an isolated cpuset partition */
	bool			nohz_full;
	bool			rcu_nocb;	/* its callbacks are offloaded (rcuo threads) */
	bool			in_wq_mask;	/* unbound workqueues may run there */
	bool			in_watchdog_mask;
	char			governor[32];	/* "" no cpufreq */
	int			nr_idle;
	struct idle_state	idle[TUNING_MAX_IDLE];
	enum tri		tick_stopped;	/* nohz_full and nothing else runnable */
	enum tri		timer_list_stopped;	/* /proc/timer_list .tick_stopped */
	double			loc_per_s;	/* local timer interrupts a second; < 0 unknown */
	int			runnable;	/* tasks running or runnable there; -1 unknown */
	long long		nmi;		/* NMIs so far (/proc/interrupts); -1 unknown */
};

struct tuning_irq {
	int		irq;
	char		name[TUNING_NAME_LEN];	/* its handlers, as /proc/interrupts names them */
	char		affinity[TUNING_LIST_LEN];
	char		effective[TUNING_LIST_LEN];	/* "" when the kernel does not say */
	bool		affine_measured;	/* affinity includes a measured CPU */
	bool		affine_only_measured;	/* ... and no other: it can only go there */
	bool		effective_measured;	/* effective affinity does */
	uint64_t	count;		/* its interrupts on the measured CPUs so far */
};

enum task_kind {
	TASK_PERCPU_KTHREAD,	/* bound to one CPU: unavoidable */
	TASK_KTHREAD,		/* a kernel thread allowed on more CPUs */
	TASK_USER_PINNED,	/* a user task allowed only on measured CPUs: a workload */
	TASK_USER,		/* a user task also allowed elsewhere */
	NR_TASK_KINDS,
};

struct tuning_task {
	int		pid;		/* thread id */
	char		comm[TUNING_NAME_LEN];
	enum task_kind	kind;
	bool		runnable;	/* running or runnable on a measured CPU now */
	char		allowed[TUNING_LIST_LEN];
};

enum finding_status {
	FINDING_OK,		/* set up as low latency wants */
	FINDING_INFO,		/* a fact worth knowing, nothing to fix */
	FINDING_WARN,		/* adds noise that tuning could remove */
	FINDING_BREAKS,		/* breaks the isolation of a measured CPU */
	NR_FINDING_STATUS,
};

enum finding_certainty {
	CERTAIN,		/* read from what took effect */
	LIKELY,			/* inferred (e.g. from the command line alone) */
	POSSIBLE,		/* depends on what runs later */
	NR_CERTAINTY,
};

struct finding {
	char			id[32];		/* stable: "not_isolated", "irq_affinity", ... */
	enum finding_status	status;
	enum finding_certainty	certainty;
	char			cpus[TUNING_LIST_LEN];	/* the measured CPUs concerned; "" all */
	char			what[192];
	char			why[192];	/* why it adds noise, one line */
	char			fix_cmdline[160];	/* a kernel parameter; "" none */
	char			fix_runtime[256];	/* a sysfs/procfs write or a command */
	char			tuned[96];	/* the tuned profile variable; "" none */
	int			irq;		/* irq_affinity: the IRQ; else -1 */
};

struct tuning {
	struct cpu_mask		measured;
	char			measured_list[TUNING_LIST_LEN];
	/* "-c", "isolated", "all", "cpuset", "affinity"; "run": a measurement's */
	const char		*measured_why;
	int			nr_cpus;

	char			*cmdline;	/* /proc/cmdline; NULL unreadable */
	int			nr_params;
	struct cmdline_param	params[TUNING_MAX_PARAMS];

	/* CPU lists; "" when empty, "?" when unreadable */
	char			online[TUNING_LIST_LEN];	/* /sys/devices/system/cpu/online */
	char			isolated[TUNING_LIST_LEN];	/* /sys/devices/system/cpu/isolated */
	char			nohz_full[TUNING_LIST_LEN];	/* .../nohz_full */
	char			cpuset_isolated[TUNING_LIST_LEN]; /* cgroup v2 cpuset.cpus.isolated */
	char			rcu_nocb[TUNING_LIST_LEN];	/* offloaded: see tuning_tasks.c */
	bool			rcuo_threads;	/* any rcuop/N or rcuos/N thread */
	char			wq_cpumask[TUNING_LIST_LEN];	/* unbound workqueues */
	char			watchdog_cpumask[TUNING_LIST_LEN];
	struct kernel_config	config;

	char			thp[16];	/* transparent_hugepage/enabled: the chosen one */
	int			nmi_watchdog;	/* -1 unknown */
	int			watchdog;	/* kernel.watchdog: both lockup watchdogs; -1 unknown */
	int			soft_watchdog;	/* kernel.soft_watchdog (else .watchdog); -1 unknown */
	int			watchdog_thresh;	/* kernel.watchdog_thresh, s; -1 unknown */
	char			clocksource[32];	/* current_clocksource; "" unknown */
	long			rt_runtime_us;	/* kernel.sched_rt_runtime_us; -1: off; LONG_MIN unknown */
	long			rt_period_us;
	int			timer_migration;	/* -1 unknown */

	struct tuning_cpu	*cpus;		/* one per measured CPU, ascending */
	int			nr_tuning_cpus;

	int			nr_irqs;
	struct tuning_irq	irqs[TUNING_MAX_IRQS];
	int			irqs_left_out;	/* past TUNING_MAX_IRQS */

	int			task_counts[NR_TASK_KINDS];
	int			nr_tasks;
	struct tuning_task	tasks[TUNING_MAX_TASKS];

	int			nr_findings;
	struct finding		findings[TUNING_MAX_FINDINGS];
	/*
	 * judged: every online CPU measured (none isolated, no -c), the CPU the
	 * fixes keep for the system and the rest, to name with -c; "" otherwise
	 */
	char			kept_cpu[16];
	char			suggest_cpus[TUNING_LIST_LEN];
};

const char *finding_status_name(enum finding_status s);	/* "ok", "info", "warn", "breaks" */
const char *finding_certainty_name(enum finding_certainty c);	/* "certain", "likely", "possible" */
const char *task_kind_name(enum task_kind k);

/* The value of command-line parameter @name; NULL when not given. */
const char *tuning_param(const struct tuning *t, const char *name);
/* The entry of measured CPU @cpu; NULL when it is not measured. */
const struct tuning_cpu *tuning_cpu_of(const struct tuning *t, int cpu);
/* A finding with @id about CPU @cpu (any CPU when -1) and status >= @min; NULL none. */
const struct finding *tuning_finding(const struct tuning *t, const char *id, int cpu,
				     enum finding_status min);
/* The enabled idle state slowest to leave; NULL when none. */
const struct idle_state *tuning_deepest_idle(const struct tuning_cpu *c);
/* Is any finding at FINDING_BREAKS? */
bool tuning_breaks(const struct tuning *t);

void tuning_free(struct tuning *t);

#endif

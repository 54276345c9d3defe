/* SPDX-License-Identifier: GPL-2.0 */
/*
 * machine - the facts about the machine, read and never written: guest or
 * not and on which hypervisor (virt), kernel and host, the steal time
 * (steal), how the machine is set up for low latency (tuning: the command
 * line, sysfs and procfs, the kernel's config, IRQs, tasks, the tick).
 * Judging those facts is analysis/'s job, asked by the session and check.
 */
#ifndef RTLENS_SOURCE_MACHINE_H
#define RTLENS_SOURCE_MACHINE_H

#include <stdint.h>
#include <stdbool.h>

#include "base/cpulist.h"
#include "base/facts.h"
#include "base/tuning.h"

/*
 * steal - time the hypervisor took from each CPU between two snapshots of
 * the per-CPU steal counters of /proc/stat (read with libproc2)
 */
/* A CPU absent from a snapshot (offline, or not in /proc/stat). */
#define STEAL_NO_CPU	UINT64_MAX

struct steal_meter {
	int		nr_cpus;	/* CPUs 0 .. nr_cpus-1 */
	long		clk_tck;	/* sysconf(_SC_CLK_TCK): ticks per second */
	uint64_t	*start;		/* steal ticks by CPU number, or STEAL_NO_CPU */
	uint64_t	*stop;
};

/* @ticks of USER_HZ (@clk_tck per second) in ns; 0 when @clk_tck <= 0. */
static inline uint64_t steal_ticks_to_ns(uint64_t ticks, long clk_tck)
{
	uint64_t hz = (uint64_t)clk_tck;

	if (clk_tck <= 0)
		return 0;
	return ticks / hz * 1000000000ULL + ticks % hz * 1000000000ULL / hz;
}

/*
 * Allocate the meter for CPUs 0 .. @nr_cpus-1 and take the first snapshot.
 * -1 with a message on error. Free with steal_meter_free() before
 * starting the meter again.
 */
int steal_meter_start(struct steal_meter *m, int nr_cpus);
/* Take the second snapshot; -1 with a message on error. */
int steal_meter_stop(struct steal_meter *m);
/*
 * Steal time of @cpu between the snapshots, in ns; 0 for a CPU missing
 * from either snapshot, out of range, or before steal_meter_stop().
 */
uint64_t steal_ns(const struct steal_meter *m, int cpu);
/* The sum of steal_ns() over every CPU. */
uint64_t steal_total_ns(const struct steal_meter *m);
void steal_meter_free(struct steal_meter *m);

/*
 * virt - are we a virtual machine guest, and on which hypervisor
 *
 * Three sources, asked in order: the CPUID hypervisor leaves (x86 only),
 * the DMI strings the firmware gives (/sys/class/dmi/id), then
 * /sys/hypervisor/type (Xen). The first that names a hypervisor wins.
 */
/* Detect on this machine: virt_detect_at("", true, out). */
int virt_detect(struct virt_info *out);

/*
 * Detect with the sysfs files under @sysroot ("" = the real root, else a
 * directory holding sys/class/dmi/id/... and sys/hypervisor/type) and,
 * when @use_cpuid, the CPUID instruction. Files that are missing or
 * unreadable count as empty. Returns 0 (guest or not), -1 on NULL args.
 */
int virt_detect_at(const char *sysroot, bool use_cpuid, struct virt_info *out);

/*
 * Hypervisor name for the 12-byte vendor signature of CPUID leaf
 * 0x40000000 (EBX, ECX, EDX), e.g. "KVMKVMKVM\0\0\0" -> "KVM"; NULL when
 * unknown.
 */
const char *virt_cpuid_hypervisor(const char sig[12]);

/* Hypervisor name for DMI sys_vendor and product_name; NULL for none. */
const char *virt_dmi_hypervisor(const char *sys_vendor, const char *product_name);

/*
 * allowed_cpus - the CPUs rtlens may run on (its affinity, which a
 * container's or a pod's cpuset, taskset or systemd's CPUAffinity narrows):
 * what it measures and judges when no CPU is named
 */
#define ALLOWED_FROM_CPUSET	"cpuset"	/* its cgroup's cpuset */
#define ALLOWED_FROM_AFFINITY	"affinity"	/* its affinity alone */

/* what the choice rests on: allowed_cpus_read() reads it, the tests make it */
struct allowed_input {
	struct cpu_mask	online;		/* /sys/devices/system/cpu/online */
	struct cpu_mask	allowed;	/* sched_getaffinity() */
	struct cpu_mask	isolated;	/* isolcpus, isolated cpuset partitions */
	struct cpu_mask	cpuset;		/* its cgroup v2 cpuset.cpus.effective; empty: unknown */
};

struct allowed_cpus {
	const char	*from;		/* NULL: all, else ALLOWED_FROM_* */
	struct cpu_mask	cpus;		/* with from: the online CPUs rtlens may run on */
	char		*cpuset_file;	/* with from "cpuset": its cpuset.cpus.effective */
};

/*
 * The choice, from the sets alone. NULL when rtlens may run on every
 * online CPU but the isolated ones, which the kernel keeps every task off
 * by default (or when a set is unknown): measure as rtla does. Else
 * @out (initialised) holds the online CPUs it may run on, and the answer
 * says what narrowed them: ALLOWED_FROM_CPUSET when @in->cpuset holds the
 * same online CPUs, else ALLOWED_FROM_AFFINITY.
 */
const char *allowed_cpus_choose(const struct allowed_input *in, struct cpu_mask *out);
/*
 * This process's: read (its cgroup's cpuset for the reason only; the
 * choice rests on its affinity, whatever set it) and chosen. -1 when out
 * of memory. Free with allowed_cpus_free().
 */
int allowed_cpus_read(struct allowed_cpus *a, int nr_cpus);
/* The same with the files under @root (its sys/ and proc/self/cgroup): for tests. */
int allowed_cpus_read_at(struct allowed_cpus *a, int nr_cpus, const char *root);
void allowed_cpus_free(struct allowed_cpus *a);

/*
 * tuning - read how the machine is set up for low latency (base/tuning.h):
 * /proc/cmdline, sysfs and procfs, the kernel's config, the IRQs and the
 * tasks that may run on the measured CPUs. Root is not required: what
 * cannot be read is left unknown.
 */
enum tuning_flags {
	TUNING_SAMPLE_TICK = 1 << 0,	/* count local timer interrupts for half a second */
	TUNING_FOR_RUN = 1 << 1,	/* the CPUs are a measurement's (measured_why "run") */
	TUNING_FOR_CPUSET = 1 << 2,	/* ... those rtlens's cpuset allows it ("cpuset") */
	TUNING_FOR_AFFINITY = 1 << 3,	/* ... those its affinity allows it ("affinity") */
};

/*
 * Gather into @t (zeroed here) for the CPUs of @measured, or, when NULL, the
 * isolated CPUs, else every online CPU. -1 when out of memory.
 */
int tuning_gather(struct tuning *t, const struct cpu_mask *measured, int nr_cpus,
		  unsigned int flags);

/*
 * machine - gather the facts (facts.h) about the machine a session
 * measures: guest or not, kernel release, host name, steal time
 */
/* Everything but the steal time; -1 when out of memory. */
int machine_gather(struct sys_facts *f, int nr_cpus);
/*
 * How the machine is set up (base/tuning.h) for the CPUs of @cpus (NULL: the
 * isolated ones, else all): f->tuning, to be judged (analysis/tuning_judge.h). -1 when out of memory.
 */
int machine_gather_tuning(struct sys_facts *f, const struct cpu_mask *cpus, unsigned int flags);
/* The steal time of each CPU between @m's snapshots (NULL: not known). */
void machine_take_steal(struct sys_facts *f, const struct steal_meter *m);
/* /proc/@pid/comm into @buf ("" when it cannot be read: the task is gone) */
void machine_task_comm(int pid, char *buf, size_t size);

struct smi_meter;
/* The SMIs of each CPU between @m's reads (NULL: not known), and why not. */
void machine_take_smi(struct sys_facts *f, const struct smi_meter *m);
void machine_free(struct sys_facts *f);

/*
 * smi - the SMIs (System Management Interrupts) each measured CPU took
 * between two reads of its SMI counter, MSR 0x34, through /dev/cpu/N/msr
 * (the msr module, root)
 */
#define SMI_UNKNOWN	(-1)

struct smi_meter {
	const char	*root;		/* "" or a directory holding dev/cpu/N/msr */
	int		nr_cpus;	/* CPUs 0 .. nr_cpus-1 */
	struct cpu_mask	cpus;		/* the ones read */
	int64_t		*start;		/* counter by CPU, or SMI_UNKNOWN */
	int64_t		*stop;
	char		why[160];	/* why a counter is unknown; "" if none */
};

/*
 * Read the counters of the CPUs of @cpus: a CPU that cannot be read is
 * unknown, and why says why (no msr module, no such MSR: AMD). -1 only
 * when out of memory. Free with smi_meter_free().
 */
int smi_meter_start(struct smi_meter *m, const struct cpu_mask *cpus, int nr_cpus);
/* The same with the devices under @root (kept, not copied): for tests. */
int smi_meter_start_at(struct smi_meter *m, const char *root, const struct cpu_mask *cpus,
		       int nr_cpus);
/* Read the first counters again (the table was reset). */
void smi_meter_restart(struct smi_meter *m);
/* Read the second counters. */
void smi_meter_stop(struct smi_meter *m);
/* The SMIs @cpu took between the reads, or SMI_UNKNOWN. */
int64_t smi_count(const struct smi_meter *m, int cpu);
void smi_meter_free(struct smi_meter *m);

/*
 * vmm - the threads of a VMM process (--vm PID): the ids under
 * /proc/PID/task into *tids (malloc'd), their number into *nr; -1 with a
 * message when @pid is not a running process.
 */
int vmm_threads(int pid, int **tids, int *nr);

#endif

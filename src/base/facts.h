/* SPDX-License-Identifier: GPL-2.0 */
/*
 * facts - what a session found out about the machine it measures: gathered
 * by the source layer (virt.c, steal.c, uname) and handed on as data, so
 * that the models and the renderers do no I/O of their own
 */
#ifndef RTLENS_FACTS_H
#define RTLENS_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#define PF_KTHREAD	0x00200000	/* include/linux/sched.h: /proc/PID/stat's flag of a kernel thread */

struct tuning;

struct virt_info {
	bool	guest;
	char	hypervisor[32];	/* "KVM", "Microsoft Hv", "VMware", "Xen", "TCG",
				 * "QEMU", ..., "unknown"; "none" when not a guest */
	char	source[32];	/* "cpuid", "dmi", "sys-hypervisor"; "none" */
};

struct sys_facts {
	struct virt_info	virt;
	char			kernel_release[65];	/* uname -r, or "unknown" */
	char			hostname[65];		/* uname -n, or "unknown" */
	int			nr_cpus;
	int			self_pid;	/* rtlens's main thread, 0: unknown */
	bool			steal_ok;	/* steal_ns holds the measurement's steal time */
	uint64_t		*steal_ns;	/* per CPU, nr_cpus of them */
	uint64_t		steal_tick_ns;	/* their resolution, a USER_HZ tick; 0: unknown */
	int64_t			*smi_count;	/* per CPU: SMIs counted (MSR 0x34), -1 unknown; NULL: not read */
	char			smi_why[160];	/* why some are unknown, "" when not said */
	struct tuning		*tuning;	/* how the machine is set up; NULL not gathered */
	char			*tuning_json;	/* --input: the recording's system.tuning, or NULL */
};

#endif

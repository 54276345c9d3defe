// SPDX-License-Identifier: GPL-2.0
/*
 * instance_vcpu - the events that follow a KVM host's vCPU threads
 * (analysis/vcpu_host.h): kvm:kvm_exit, kvm_entry, kvm_userspace_exit, and
 * the standard tracepoints of what else runs on their CPUs (sched_switch,
 * IRQs, system vectors, softirqs), which the user engine needs anyway
 */
#include <errno.h>
#include <string.h>

#include <event-parse.h>
#include <tracefs.h>

#include "base/cpulist.h"
#include "base/log.h"
#include "decode/decode.h"
#include "source/engine/formats.h"
#include "source/engine/instance.h"

bool instance_kvm_wanted(const struct rtl_params *p)
{
	return p->desc->kvm_exits && params_analysis_on(p) && formats_kvm_exit_decodable();
}

bool instance_vcpu_wanted(const struct rtl_params *p)
{
	return (instance_kvm_wanted(p) || p->vm_pid) && formats_kvm_vcpu_decodable();
}

void instance_enable_kvm_exit(struct tracefs_instance *inst, const struct cpu_mask *cpus)
{
	if (instance_enable_event_on(inst, "kvm", "kvm_exit", cpus)) {
		warn_msg("KVM exits not traced (filter on the measured cpus or kvm:kvm_exit "
			 "failed: %s): vCPU threads are not named", strerror(errno));
		tracefs_event_disable(inst, "kvm", "kvm_exit");
		return;
	}
	debug_msg("KVM host: kvm:kvm_exit traced%s", cpus ? " on the measured cpus" : "");
}

int instance_enable_std_events(struct tracefs_instance *inst, struct tep_handle *tep,
			       const struct cpu_mask *cpus)
{
	const struct std_tracepoint *tp;
	int i, n = std_events_tracepoints(&tp);

	for (i = 0; i < n; i++) {
		if (!tep_find_event_by_name(tep, tp[i].system, tp[i].event)) {
			if (tp[i].optional)
				continue;
			err_msg("this kernel has no %s tracepoint", tp[i].name);
			return -1;
		}
		if (!cpus && instance_enable_event(inst, tp[i].system, tp[i].event))
			return -1;
		if (cpus && instance_enable_event_on(inst, tp[i].system, tp[i].event, cpus)) {
			err_msg("cannot trace %s on the measured cpus: %s", tp[i].name,
				strerror(errno));
			return -1;
		}
	}
	return 0;
}

void instance_enable_kvm_vcpu(struct tracefs_instance *inst, const struct cpu_mask *cpus)
{
	if (instance_enable_event_on(inst, "kvm", "kvm_entry", cpus) ||
	    instance_enable_event_on(inst, "kvm", "kvm_userspace_exit", cpus)) {
		warn_msg("vCPU threads not followed (kvm:kvm_entry or kvm_userspace_exit: %s)",
			 strerror(errno));
		tracefs_event_disable(inst, "kvm", "kvm_entry");
		tracefs_event_disable(inst, "kvm", "kvm_userspace_exit");
		return;
	}
	debug_msg("KVM host: kvm:kvm_entry and kvm_userspace_exit traced: vCPU threads followed");
}

void instance_vcpu_note(const struct rtl_params *p, bool followed)
{
	if (!p->vm_pid || followed)
		return;
	if (!formats_kvm_vcpu_decodable())
		warn_msg("--vm: this kernel has no x86 kvm:kvm_exit, kvm_entry and "
			 "kvm_userspace_exit events: vCPU threads are not followed");
	else
		warn_msg("--vm: the kernel tracer's engine follows vCPU threads with osnoise's "
			 "analysis only (--aa, not --kernel-hist); --engine user follows them in "
			 "every command");
}

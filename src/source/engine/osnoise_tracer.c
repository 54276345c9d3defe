// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_tracer - the kernel engine's osnoise (hwnoise too, its workload
 * with IRQs disabled): period and runtime, tracing_thresh and
 * OSNOISE_IRQ_DISABLE over what it shares with timerlat (tracer_family.h);
 * the samples the models need; the events its analysis explains them with
 * (the interference, NMIs by handler, an RT kernel's softirqs, a KVM
 * host's exits and vCPU threads); BPF's counts into the noise model.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include <event-parse.h>
#include <tracefs.h>

#include "base/log.h"
#include "decode/decode.h"
#include "source/engine/bpf_counts.h"
#include "source/engine/instance.h"
#include "source/engine/osnoise_tracer.h"
#include "source/engine/tracer_family.h"

/* ---- global configuration ---- */

/* period bounds runtime and back: write them in the order the kernel accepts */
static int set_period_runtime(const struct rtl_params *p, struct sys_state *st)
{
	/* runtime <= period: source_check() */
	if (p->period_us && p->period_us < sysstate_read_u64("osnoise/runtime_us")) {
		if (sysstate_write_u64(st, "osnoise/runtime_us", p->runtime_us ? p->runtime_us : p->period_us))
			return -1;
	}
	if (p->period_us && sysstate_write_u64(st, "osnoise/period_us", p->period_us))
		return -1;
	if (p->runtime_us && sysstate_write_u64(st, "osnoise/runtime_us", p->runtime_us))
		return -1;
	return 0;
}

/* hwnoise: the osnoise workload runs with IRQs disabled */
static int set_irq_disable_option(const struct rtl_params *p, struct sys_state *st)
{
	if (!p->desc->irqs_off)
		return 0;
	return sysstate_write_option(st, "OSNOISE_IRQ_DISABLE", true);
}

static int osnoise_globals(const struct rtl_params *p, struct sys_state *st)
{
	if (tracer_family_globals(p, st) || set_period_runtime(p, st) ||
	    (p->threshold_us && sysstate_write_u64(st, "tracing_thresh", p->threshold_us)) ||
	    set_irq_disable_option(p, st))
		return -1;
	return 0;
}

/* ---- what the analysis traces ---- */

/*
 * On a KVM host, the osnoise analysis also names vCPU threads and counts
 * exits by reason: kvm:kvm_exit tells both (the thread that exits runs a
 * vCPU). Not with --kernel-hist, which has no samples to explain.
 */
static bool kvm_traced(const struct rtl_params *p)
{
	return instance_kvm_wanted(p) && !kernel_counts(p);
}

/*
 * With KVM exits, the vCPU threads are followed too: kvm_entry and
 * kvm_userspace_exit, and the context switches, IRQs and softirqs of the
 * measured CPUs, with the analysis' events (analysis/vcpu_host.h)
 */
static bool vcpu_traced(const struct rtl_params *p)
{
	return kvm_traced(p) && instance_vcpu_wanted(p);
}

/*
 * The osnoise analysis names each NMI by its handler (perf, the watchdog, a
 * backtrace request): nmi:nmi_handler, x86's, where the kernel has it. The
 * vCPU analysis' events hold it already.
 */
static bool nmi_named(const struct rtl_params *p)
{
	return params_trace_analysis(p) && !kernel_counts(p) && !vcpu_traced(p);
}

/*
 * On PREEMPT_RT softirqs run in threads (ksoftirqd, ktimers, or any that
 * enables bottom halves again) and osnoise reports no softirq noise: the
 * analysis traces irq:softirq_{entry,exit} to take them out of those
 * threads' noise and name them. An RT kernel says so in its version
 * ("PREEMPT_RT", mainline's) or, with the older RT patch, in
 * /sys/kernel/realtime.
 */
static bool rt_softirqs(const struct rtl_params *p)
{
	struct utsname u;
	char c = 0;
	FILE *f;

	if (!nmi_named(p))	/* the same runs: an analysis of its own events */
		return false;
	if (!uname(&u) && strstr(u.version, "PREEMPT_RT"))
		return true;
	f = fopen("/sys/kernel/realtime", "re");
	if (f) {
		c = (char)fgetc(f);
		fclose(f);
	}
	return c == '1';
}

static unsigned int osnoise_sets(const struct rtl_params *p)
{
	return DECODE_OSNOISE | (params_trace_analysis(p) ? DECODE_NOISE_EVENTS : 0) |
	       (kvm_traced(p) ? DECODE_KVM : 0) |
	       (vcpu_traced(p) ? DECODE_KVM_VCPU | DECODE_STD_EVENTS : 0) |
	       (nmi_named(p) ? DECODE_NMI_NAMES : 0) |
	       (rt_softirqs(p) ? DECODE_RT_SOFTIRQS : 0);
}

/*
 * kvm:kvm_exit on the measured CPUs only (a filter on CPU), on the osnoise
 * tracer's clock (trace_clock_local), as its samples.
 */
static void kvm_events(const struct rtl_params *p, struct tep_handle *src_tep,
		       struct tracefs_instance *inst)
{
	if (!kvm_traced(p))
		return;
	if (sysstate_instance_write(inst, "trace_clock", "local") < 0) {
		warn_msg("KVM exits not traced (trace clock local: %s): vCPU threads are "
			 "not named", strerror(errno));
		return;
	}
	instance_enable_kvm_exit(inst, &p->cpus);
	if (!vcpu_traced(p))
		return;
	if (instance_enable_std_events(inst, src_tep, &p->cpus)) {
		warn_msg("vCPU threads not followed: the context switches and IRQs of the "
			 "measured cpus are not traced");
		return;
	}
	instance_enable_kvm_vcpu(inst, &p->cpus);
}

/* ---- the instances' events ---- */

/*
 * The samples the models need: every one for a histogram or --tail's
 * series; in top, where the analysis has an instance of its own, only
 * those at -s or over (the stop's, which no period summary holds), so
 * that a flood of samples never reaches the summaries' buffer.
 */
static int osnoise_sample_events(const struct tracer_view *v, struct tracefs_instance *inst)
{
	const struct rtl_params *p = v->params;
	bool every = p->desc->per_sample[p->mode] || p->tail;
	char filter[64];

	if (kernel_counts(p) || v->bpf || !params_trace_samples(p))
		return 0;
	if (!every && v->aa_feed != AA_FEED_INLINE) {
		if (!p->stop_us)
			return 0;
		snprintf(filter, sizeof(filter), "duration >= %llu",
			 (unsigned long long)p->stop_us * 1000);
		if (tracefs_event_file_write(inst, "osnoise", "sample_threshold", "filter",
					     filter) < 0) {
			err_msg("cannot set the filter '%s' on osnoise:sample_threshold: %s",
				filter, strerror(errno));
			return -1;
		}
	}
	return instance_enable_event(inst, "osnoise", "sample_threshold");
}

/*
 * the samples the analysis explains (BPF sends them where it counts), the
 * events it explains them with
 */
static int osnoise_analysis_events(const struct tracer_view *v, struct tracefs_instance *inst)
{
	const struct rtl_params *p = v->params;

	if (kernel_counts(p) || !params_trace_analysis(p))
		return 0;
	if (!v->bpf && instance_enable_event(inst, "osnoise", "sample_threshold"))
		return -1;
	if (tracer_family_noise_events(p, inst))
		return -1;
	/* optional: without it the NMIs are one source, "nmi" */
	if (nmi_named(p) && tep_find_event_by_name(v->tep, "nmi", "nmi_handler") &&
	    instance_enable_event_on(inst, "nmi", "nmi_handler", &p->cpus))
		warn_msg("the NMIs are not named by their handler (nmi:nmi_handler: %s)",
			 strerror(errno));
	if (rt_softirqs(p) && (instance_enable_event_on(inst, "irq", "softirq_entry", &p->cpus) ||
			       instance_enable_event_on(inst, "irq", "softirq_exit", &p->cpus)))
		warn_msg("the softirqs are not told apart from the threads that ran them "
			 "(irq:softirq_entry/exit: %s)", strerror(errno));
	kvm_events(p, v->tep, inst);
	return 0;
}

static void osnoise_period(uint64_t *period_us, uint64_t *runtime_us)
{
	*period_us = sysstate_read_u64("osnoise/period_us");
	*runtime_us = sysstate_read_u64("osnoise/runtime_us");
}

/* @model: the noise model */
static void osnoise_bpf_load(const struct bpf_counts *b, void *model)
{
	bpf_counts_load_noise(b, model);
}

const struct tracer_desc osnoise_tracer = {
	.apply_globals		= osnoise_globals,
	.decode_sets		= osnoise_sets,
	.sample_events		= osnoise_sample_events,
	.analysis_events	= osnoise_analysis_events,
	.effective_period	= osnoise_period,
	.bpf_event		= "sample_threshold",
	.bpf_load		= osnoise_bpf_load,
	.summaries		= true,
	.aa_feed		= AA_FEED_STREAM,
};

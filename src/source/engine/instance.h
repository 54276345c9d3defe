/* SPDX-License-Identifier: GPL-2.0 */
/*
 * instance - rtlens's private tracefs instances, what both engines share:
 * creation (recorded in sysstate first), events, the -e events, the KVM
 * host's events (instance_vcpu.c), bounded
 * reading of the buffers, lost events, the saved trace; struct instances
 * holds what an engine reads through, from loading to freeing
 */
#ifndef RTLENS_INSTANCE_H
#define RTLENS_INSTANCE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/params.h"
#include "source/engine/page_reader.h"
#include "source/system/system.h"

struct tep_event;
struct tep_handle;
struct tep_record;
struct tracefs_instance;

bool list_has(char **list, const char *word);

/* Every -e event exists; -1 with a message naming the first that does not. */
int instance_check_events(const struct rtl_params *p);

/* "rtlens-<pid><suffix>", recorded in @st before it is created, tracing off. */
struct tracefs_instance *instance_make(struct sys_state *st, const char *suffix,
				       uint64_t buffer_kb);
/* @ev NULL: every event of @sys. -1 with a message. */
int instance_enable_event(struct tracefs_instance *inst, const char *sys, const char *ev);
/* @sys:@ev on the CPUs of @cpus only (a filter on CPU; NULL: all); -1, errno set */
int instance_enable_event_on(struct tracefs_instance *inst, const char *sys, const char *ev,
			     const struct cpu_mask *cpus);
/* The -e events, with their filters and triggers. */
int instance_enable_user_events(const struct rtl_params *p, struct tracefs_instance *inst);

/*
 * On a KVM host (kvm:kvm_exit exists), the osnoise analysis traces
 * kvm:kvm_exit: it names vCPU threads and counts exits by reason.
 */
bool instance_kvm_wanted(const struct rtl_params *p);
/*
 * kvm:kvm_exit in @inst, filtered to @cpus when not NULL. Not fatal: the
 * analysis goes on blind to KVM, with a warning.
 */
void instance_enable_kvm_exit(struct tracefs_instance *inst, const struct cpu_mask *cpus);
/*
 * A KVM host's vCPU threads are followed (analysis/vcpu_host.h) where the
 * osnoise analysis traces KVM exits, or with --vm, on a kernel with
 * kvm:kvm_entry and kvm:kvm_userspace_exit (instance_vcpu.c).
 */
bool instance_vcpu_wanted(const struct rtl_params *p);
/* --vm where the engine does not follow them (@followed false): a warning */
void instance_vcpu_note(const struct rtl_params *p, bool followed);
/* kvm:kvm_entry and kvm_userspace_exit in @inst; not fatal, as kvm_exit */
void instance_enable_kvm_vcpu(struct tracefs_instance *inst, const struct cpu_mask *cpus);
/*
 * The tracepoints DECODE_STD_EVENTS decodes that @tep has, in @inst (on
 * @cpus only, when not NULL); -1 with a message when a required one is
 * missing or cannot be enabled.
 */
int instance_enable_std_events(struct tracefs_instance *inst, struct tep_handle *tep,
			       const struct cpu_mask *cpus);

typedef page_record_fn raw_event_fn;

/*
 * Read what the buffers hold, for POLL_BUDGET at most: when the kernel
 * writes faster than rtlens decodes, the buffers never run empty, and the
 * session must still look at its clock, its keys and its signals.
 */
struct instance_reader {
	struct tep_handle	*tep;
	struct tracefs_instance	*inst;
	raw_event_fn		fn;
	void			*ctx;
	bool			budget_hit;	/* the last read left events behind */
	struct page_reader	*pages;		/* opened at the first read */
	page_tee_fn		tee;		/* where its pages are kept too, or NULL */
	void			*tee_ctx;
};

/*
 * What both engines read through: the instance rtlens reads, the copy of
 * the trace that is saved, the event formats and their decoder
 */
struct instances {
	struct tracefs_instance	*inst;		/* read by rtlens */
	struct tracefs_instance	*trace_inst;	/* the trace saved, or NULL */
	/*
	 * the analysis' events, or NULL: a flight recorder read at a stop
	 * (timerlat), or read as they come (aa_streamed: osnoise)
	 */
	struct tracefs_instance	*aa_inst;
	bool			aa_streamed;
	struct tep_handle	*tep;
	struct decoder		*decoder;
	struct instance_reader	reader;
	struct instance_reader	aa_reader;
};

/* Is a trace to be saved (-t, or the action trace on a threshold or at the end)? */
bool instances_trace_wanted(const struct rtl_params *p);
/*
 * The formats of @systems' events (kvm:kvm_exit's too for DECODE_KVM), a
 * decoder of @sets; kernel symbols are read when a record first needs one.
 */
int instances_load(struct instances *in, const char **systems, unsigned int sets);
/* Hand what in->inst holds to @fn, for a bounded time (struct instance_reader). */
int instances_read(struct instances *in, raw_event_fn fn, void *ctx);
/* Hand what in->aa_inst holds to @fn, for a bounded time; 0 without aa_inst. */
int instances_read_aa(struct instances *in, raw_event_fn fn, void *ctx);
/*
 * Hand everything in->aa_inst holds to @fn, however long it takes: the
 * window before a stop, read once the tracer stopped. 0 without aa_inst.
 */
int instances_read_window(struct instances *in, raw_event_fn fn, void *ctx);
/* The last read of in->inst (or of a streamed aa_inst) left events behind. */
bool instances_have_more(const struct instances *in);
/* When to read in->inst (and a streamed aa_inst) next (page_reader_next_read_ms()). */
int instances_next_read_ms(const struct instances *in, int longest_ms);
/* Tracing on or off in every instance. */
void instances_set_tracing(struct instances *in, bool on);
/* Free the memory; the instances themselves go at sysstate_restore(). */
void instances_free(struct instances *in);

/* Events the ring buffers dropped (overrun), summed over @nr_cpus. */
uint64_t instance_lost_events(struct tracefs_instance *inst, int nr_cpus);
/* The same, of @cpu's buffer alone. */
uint64_t instance_cpu_lost_events(struct tracefs_instance *inst, int cpu);
/* The instance's "trace" text, to be freed; NULL (errno set) without an instance. */
char *instance_trace_text(struct tracefs_instance *inst);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * std_events - the tracepoints every kernel has, for the user engine on
 * kernels without the osnoise tracer: IRQ and softirq entry/exit, context
 * switches and, on x86, NMI handlers and the system vectors (irq_vectors),
 * decoded into RECORD_CTX edges for the ctx_tracker
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "decode/decode.h"
#include "decode/softirq.h"

static void edge_init(struct rtl_record *out, enum ctx_edge_kind kind)
{
	out->kind = RECORD_CTX;
	out->edge.kind = kind;
}

/* ---- irq:irq_handler_entry, irq:irq_handler_exit ---- */

enum { IF_IRQ, IF_NAME };

static void decode_irq_entry(const struct event_decoder *ed, struct tep_record *rec,
			     struct rtl_record *out)
{
	edge_init(out, CTX_IRQ_ENTRY);
	out->edge.vector = (int)decode_u64(ed, IF_IRQ, rec);
	decode_str(ed, IF_NAME, rec, out->edge.name, sizeof(out->edge.name));
}

enum { IX_IRQ, IX_RET };

static void decode_irq_exit(const struct event_decoder *ed, struct tep_record *rec,
			    struct rtl_record *out)
{
	edge_init(out, CTX_IRQ_EXIT);
	out->edge.vector = (int)decode_u64(ed, IX_IRQ, rec);
	out->edge.ret = (int)decode_u64(ed, IX_RET, rec);
}

/* ---- irq:softirq_entry, irq:softirq_exit ---- */

enum { SF_VEC };

static void decode_softirq(const struct event_decoder *ed, struct tep_record *rec,
			   struct rtl_record *out, enum ctx_edge_kind kind)
{
	int vec = (int)decode_u64(ed, SF_VEC, rec);

	edge_init(out, kind);
	out->edge.vector = vec;
	softirq_format(vec, out->edge.name, sizeof(out->edge.name));
}

static void decode_softirq_entry(const struct event_decoder *ed, struct tep_record *rec,
				 struct rtl_record *out)
{
	decode_softirq(ed, rec, out, CTX_SOFTIRQ_ENTRY);
}

static void decode_softirq_exit(const struct event_decoder *ed, struct tep_record *rec,
				struct rtl_record *out)
{
	decode_softirq(ed, rec, out, CTX_SOFTIRQ_EXIT);
}

/* the same, for the osnoise analysis on PREEMPT_RT (DECODE_RT_SOFTIRQS) */
static void decode_rt_softirq_entry(const struct event_decoder *ed, struct tep_record *rec,
				    struct rtl_record *out)
{
	decode_softirq(ed, rec, out, CTX_SOFTIRQ_ENTRY);
	out->edge.rt_split = true;
}

static void decode_rt_softirq_exit(const struct event_decoder *ed, struct tep_record *rec,
				   struct rtl_record *out)
{
	decode_softirq(ed, rec, out, CTX_SOFTIRQ_EXIT);
	out->edge.rt_split = true;
}

/* ---- sched:sched_switch ---- */

enum { WF_PREV_COMM, WF_PREV_PID, WF_PREV_STATE, WF_NEXT_COMM, WF_NEXT_PID };

/*
 * prev_state as sched_switch reports __TASK_STOPPED ("T") and __TASK_TRACED
 * ("t"), on every kernel so far; the event's print fmt says it, when it can
 * be read
 */
#define STOPPED_STATE	0x4ULL
#define TRACED_STATE	0x8ULL

/* The value of flag @name in a __print_flags() of @arg, 0 if there is none. */
static unsigned long long print_flag(const struct tep_print_arg *arg, const char *name)
{
	const struct tep_print_flag_sym *f;
	unsigned long long v = 0;

	for (; arg && !v; arg = arg->next) {
		if (arg->type == TEP_PRINT_OP) {
			v = print_flag(arg->op.left, name);
			if (!v)
				v = print_flag(arg->op.right, name);
			continue;
		}
		if (arg->type != TEP_PRINT_FLAGS)
			continue;
		for (f = arg->flags.flags; f && !v; f = f->next)
			if (f->str && f->value && !strcmp(f->str, name))
				v = strtoull(f->value, NULL, 0);
	}
	return v;
}

/* the prev_state bits of a task stopped by a signal or a tracer */
static void bind_switch(struct event_decoder *ed, struct tep_event *ev)
{
	unsigned long long stopped = print_flag(ev->print_fmt.args, "T");
	unsigned long long traced = print_flag(ev->print_fmt.args, "t");

	ed->aux = (stopped ? stopped : STOPPED_STATE) | (traced ? traced : TRACED_STATE);
}

static void decode_switch(const struct event_decoder *ed, struct tep_record *rec,
			  struct rtl_record *out)
{
	struct ctx_edge *e = &out->edge;

	edge_init(out, CTX_SWITCH);
	decode_str(ed, WF_PREV_COMM, rec, e->prev_comm, sizeof(e->prev_comm));
	e->prev_pid = (int)decode_u64(ed, WF_PREV_PID, rec);
	e->prev_state = (int64_t)decode_u64(ed, WF_PREV_STATE, rec);
	e->prev_stopped = ((uint64_t)e->prev_state & ed->aux) != 0;
	decode_str(ed, WF_NEXT_COMM, rec, e->next_comm, sizeof(e->next_comm));
	e->next_pid = (int)decode_u64(ed, WF_NEXT_PID, rec);
}

/* ---- sched:sched_wakeup: when a task was made to run on a CPU ---- */

enum { KF_PID, KF_TARGET };

static void decode_wakeup(const struct event_decoder *ed, struct tep_record *rec,
			  struct rtl_record *out)
{
	edge_init(out, CTX_WAKEUP);
	out->edge.next_pid = (int)decode_u64(ed, KF_PID, rec);
	out->edge.vector = (int)decode_u64(ed, KF_TARGET, rec);
}

/* ---- nmi:nmi_handler (x86): one record as each handler returns ---- */

enum { NF_HANDLER, NF_DELTA, NF_HANDLED };

static void decode_nmi(const struct event_decoder *ed, struct tep_record *rec,
		       struct rtl_record *out)
{
	uint64_t handler = decode_u64(ed, NF_HANDLER, rec);
	int64_t delta = (int64_t)decode_u64(ed, NF_DELTA, rec);
	const char *sym = decode_function_start(ed, handler);

	edge_init(out, CTX_NMI);
	out->edge.handler = handler;
	out->edge.delta_ns = delta > 0 ? (uint64_t)delta : 0;
	out->edge.ret = (int)decode_u64(ed, NF_HANDLED, rec);
	/* the function the handler is, else "nmi" */
	snprintf(out->edge.name, sizeof(out->edge.name), "%s", sym ? sym : "nmi");
}

/* ---- irq_vectors:<source>_entry, irq_vectors:<source>_exit (x86) ---- */

enum { VF_VECTOR };

/* the source is the event's name without the suffix: "call_function_single" */
static void decode_vector(const struct event_decoder *ed, struct tep_record *rec,
			  struct rtl_record *out, enum ctx_edge_kind kind, const char *suffix)
{
	size_t len = strlen(ed->name), cut = strlen(suffix);

	if (len >= cut && !strcmp(ed->name + len - cut, suffix))
		len -= cut;
	edge_init(out, kind);
	out->edge.vector = (int)decode_u64(ed, VF_VECTOR, rec);
	snprintf(out->edge.name, sizeof(out->edge.name), "%.*s", (int)len, ed->name);
}

static void decode_vector_entry(const struct event_decoder *ed, struct tep_record *rec,
				struct rtl_record *out)
{
	decode_vector(ed, rec, out, CTX_VECTOR_ENTRY, "_entry");
}

static void decode_vector_exit(const struct event_decoder *ed, struct tep_record *rec,
			       struct rtl_record *out)
{
	decode_vector(ed, rec, out, CTX_VECTOR_EXIT, "_exit");
}

/* ---- the set: one list for the decoders and the tracepoints to enable ---- */

#define TP_REQUIRED	false
#define TP_OPTIONAL	true

/*
 * The irq_vectors events of arch/x86/include/asm/trace/irq_vectors.h (class
 * x86_irq_vector, field "vector"); each depends on the arch and on config
 * options (CONFIG_X86_LOCAL_APIC, CONFIG_IRQ_WORK, CONFIG_SMP,
 * CONFIG_X86_MCE_THRESHOLD, CONFIG_X86_MCE_AMD, CONFIG_X86_THERMAL_VECTOR).
 */
#define IRQ_VECTOR(X, src) \
	X(TP_OPTIONAL, "irq_vectors", #src "_entry", decode_vector_entry, NULL, "vector") \
	X(TP_OPTIONAL, "irq_vectors", #src "_exit", decode_vector_exit, NULL, "vector")

/* irq:softirq_{entry,exit}; for RT's osnoise analysis a set of their own */
#define SOFTIRQS(X, entry, exit) \
	X(TP_REQUIRED, "irq", "softirq_entry", entry, NULL, "vec") \
	X(TP_REQUIRED, "irq", "softirq_exit", exit, NULL, "vec")

/* nmi:nmi_handler: also a set of its own (DECODE_NMI_NAMES) */
#define NMI_NAMES(X) \
	X(TP_OPTIONAL, "nmi", "nmi_handler", decode_nmi, NULL, "handler", "delta_ns", "handled")

#define STD_EVENTS(X) \
	X(TP_REQUIRED, "irq", "irq_handler_entry", decode_irq_entry, NULL, "irq", "name") \
	X(TP_REQUIRED, "irq", "irq_handler_exit", decode_irq_exit, NULL, "irq", "ret") \
	SOFTIRQS(X, decode_softirq_entry, decode_softirq_exit) \
	X(TP_REQUIRED, "sched", "sched_switch", decode_switch, bind_switch, \
	  "prev_comm", "prev_pid", "prev_state", "next_comm", "next_pid") \
	X(TP_OPTIONAL, "sched", "sched_wakeup", decode_wakeup, NULL, "pid", "target_cpu") \
	NMI_NAMES(X) \
	IRQ_VECTOR(X, local_timer) \
	IRQ_VECTOR(X, spurious_apic) \
	IRQ_VECTOR(X, error_apic) \
	IRQ_VECTOR(X, x86_platform_ipi) \
	IRQ_VECTOR(X, irq_work) \
	IRQ_VECTOR(X, reschedule) \
	IRQ_VECTOR(X, call_function) \
	IRQ_VECTOR(X, call_function_single) \
	IRQ_VECTOR(X, threshold_apic) \
	IRQ_VECTOR(X, deferred_error_apic) \
	IRQ_VECTOR(X, thermal_apic)

#define AS_DECODER(opt, sys, ev, fn, bindfn, ...) \
	{ .system = (sys), .name = (ev), .decode = (fn), .bind = (bindfn), .optional = (opt), \
	  .fields = { __VA_ARGS__ } },

#define AS_TRACEPOINT(opt, sys, ev, fn, bindfn, ...) \
	{ .name = sys ":" ev, .system = (sys), .event = (ev), .optional = (opt) },

const struct event_decoder std_decoders[] = {
	STD_EVENTS(AS_DECODER)
};
const int nr_std_decoders = sizeof(std_decoders) / sizeof(std_decoders[0]);

const struct event_decoder nmi_name_decoders[] = {
	NMI_NAMES(AS_DECODER)
};
const int nr_nmi_name_decoders = sizeof(nmi_name_decoders) / sizeof(nmi_name_decoders[0]);

const struct event_decoder rt_softirq_decoders[] = {
	SOFTIRQS(AS_DECODER, decode_rt_softirq_entry, decode_rt_softirq_exit)
};
const int nr_rt_softirq_decoders = sizeof(rt_softirq_decoders) / sizeof(rt_softirq_decoders[0]);

static const struct std_tracepoint std_tracepoints[] = {
	STD_EVENTS(AS_TRACEPOINT)
};

int std_events_tracepoints(const struct std_tracepoint **list)
{
	*list = std_tracepoints;
	return sizeof(std_tracepoints) / sizeof(std_tracepoints[0]);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * records - the typed records every source yields and the model consumes
 */
#ifndef RTLENS_RECORDS_H
#define RTLENS_RECORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/hwlat_record.h"

/* One osnoise period of one CPU (the tracer's ftrace:osnoise entry). */
struct osnoise_period {
	int		cpu;
	uint64_t	ts;		/* ns, trace clock */
	uint64_t	runtime_us;
	uint64_t	noise_us;
	uint64_t	max_sample_us;
	uint64_t	hw_count;
	uint64_t	nmi_count;
	uint64_t	irq_count;
	uint64_t	softirq_count;
	uint64_t	thread_count;
};

/* One noise sample over the threshold (osnoise:sample_threshold). */
struct noise_sample {
	int		cpu;
	uint64_t	ts;
	uint64_t	start_ns;
	uint64_t	duration_ns;
	uint64_t	interference;	/* interfering events seen in the sample */
	/* user engine: time of it rtlens's own measuring thread was stopped */
	uint64_t	self_ns;
};

enum timerlat_context {
	TIMERLAT_IRQ = 0,	/* latency of the timer IRQ */
	TIMERLAT_THREAD = 1,	/* latency of the timerlat thread */
	TIMERLAT_USER = 2,	/* return to user space (user threads) */
};

/* One timerlat activation (ftrace:timerlat). */
struct timerlat_sample {
	int			cpu;
	uint64_t		ts;		/* ns, trace clock */
	uint64_t		seqnum;		/* the IRQ and thread of one period share it */
	enum timerlat_context	context;
	uint64_t		latency_ns;
	/* user engine: time of it rtlens's own measuring thread was stopped */
	uint64_t		self_ns;
	/* the record's common_pid: in IRQ context, the task the IRQ interrupted; 0 unknown */
	int			pid;
};

enum noise_kind {
	NOISE_NMI,
	NOISE_IRQ,
	NOISE_SOFTIRQ,
	NOISE_THREAD,
	/*
	 * user engine: rtlens's own measuring thread of the CPU was stopped
	 * (SIGSTOP, SIGTSTP, a debugger): time rtlens caused, not the machine
	 */
	NOISE_SELF,
};

#define NOISE_NAME_LEN	32
#define NOISE_SELF_NAME	"rtlens stopped"	/* the name of a NOISE_SELF event */

/*
 * One interference (osnoise:nmi_noise, irq_noise, softirq_noise,
 * thread_noise): what ran, when it started, and its net duration (time
 * of nested interference already subtracted by the kernel).
 */
struct noise_event {
	int		cpu;
	uint64_t	ts;			/* when the event was recorded (its end) */
	enum noise_kind	kind;
	uint64_t	start_ns;
	uint64_t	duration_ns;
	int		vector;			/* IRQ and softirq */
	int		pid;			/* thread */
	char		name[NOISE_NAME_LEN];	/* IRQ desc, softirq name, thread comm */
};

#define STACK_MAX_DEPTH	32

/* A kernel stack saved at the timerlat IRQ (ftrace:kernel_stack). */
struct stack_trace {
	int		cpu;
	uint64_t	ts;
	int		depth;
	uint64_t	ip[STACK_MAX_DEPTH];
	const char	*sym[STACK_MAX_DEPTH];	/* function names, NULL if unknown */
};

enum ctx_edge_kind {
	CTX_IRQ_ENTRY,		/* irq:irq_handler_entry: a device IRQ's handler */
	CTX_IRQ_EXIT,		/* irq:irq_handler_exit */
	CTX_VECTOR_ENTRY,	/* irq_vectors:<source>_entry: an x86 system vector */
	CTX_VECTOR_EXIT,	/* irq_vectors:<source>_exit */
	CTX_SOFTIRQ_ENTRY,	/* irq:softirq_entry */
	CTX_SOFTIRQ_EXIT,	/* irq:softirq_exit */
	CTX_NMI,		/* nmi:nmi_handler: one record as a handler returns */
	CTX_SWITCH,		/* sched:sched_switch */
	CTX_WAKEUP,		/* sched:sched_wakeup: next_pid woken to run on CPU vector */
};

#define CTX_COMM_LEN	16	/* the kernel's TASK_COMM_LEN */

/*
 * One edge of a CPU's execution context, from the tracepoints every kernel
 * has (irq, sched; irq_vectors and nmi on x86), for the ctx_tracker to turn
 * into noise events. Only the members of the edge's kind are set.
 */
struct ctx_edge {
	int			cpu;
	uint64_t		ts;
	enum ctx_edge_kind	kind;
	int			vector;		/* IRQ, APIC vector or softirq number */
	int			ret;		/* irq_handler_exit: ret; NMI: handled */
	/*
	 * CTX_SOFTIRQ_*: decoded for the osnoise analysis on PREEMPT_RT
	 * (DECODE_RT_SOFTIRQS), where the tracer counts the softirq in the
	 * noise of the thread that ran it: the analysis takes it out
	 */
	bool			rt_split;
	uint64_t		delta_ns;	/* NMI: time in the handler */
	uint64_t		handler;	/* NMI: the handler's address */
	/* IRQ action, vector source ("local_timer"), softirq, NMI handler */
	char			name[NOISE_NAME_LEN];
	/* CTX_SWITCH */
	int			prev_pid;
	int			next_pid;
	int64_t			prev_state;
	bool			prev_stopped;	/* prev_state T or t: stopped, traced */
	char			prev_comm[CTX_COMM_LEN];
	char			next_comm[CTX_COMM_LEN];
};

/*
 * A sleeper's high-resolution timer (timer:hrtimer_start and
 * timer:hrtimer_expire_entry), for the user engine's timerlat: the timer's
 * expiry against its programmed time is the IRQ latency.
 */
struct hrtimer_edge {
	int		cpu;
	uint64_t	ts;
	bool		expire;		/* hrtimer_expire_entry; else hrtimer_start */
	uint64_t	hrtimer;	/* the timer's address: pairs start and expiry */
	int64_t		time_ns;	/* start: softexpires; expire: now */
	int		pid;		/* the task that ran the event */
};

#define KVM_REASON_LEN	40

enum kvm_edge_kind {
	KVM_EDGE_EXIT,		/* kvm:kvm_exit: the vCPU left guest mode */
	KVM_EDGE_ENTRY,		/* kvm:kvm_entry: it enters guest mode again */
	KVM_EDGE_USERSPACE,	/* kvm:kvm_userspace_exit: KVM_RUN returns to the VMM */
};

/*
 * A KVM vCPU thread's edge, on a KVM host: leaving guest mode (kvm:kvm_exit;
 * the thread that runs it is a vCPU thread, and the exit's reason is the
 * kernel's name for it: "io", "cpuid", "EXTERNAL_INTERRUPT"...), entering it
 * (kvm:kvm_entry), or returning to the VMM in user space to have the exit
 * handled there (kvm:kvm_userspace_exit: a heavy exit; its reason is the
 * uapi's, "KVM_EXIT_IO", or "restart" and "error" when KVM_RUN failed).
 * The members after reason came later: a record without them is an exit.
 */
struct kvm_edge {
	int			cpu;
	uint64_t		ts;
	int			pid;		/* the vCPU thread */
	int			vcpu_id;	/* -1: not in the event (userspace exit) */
	char			reason[KVM_REASON_LEN];	/* exit, userspace exit */
	enum kvm_edge_kind	kind;
	int			err;		/* userspace exit: KVM_RUN's -errno, or 0 */
	bool			immediate_exit;	/* entry: KVM forces an exit at once (not 6.1) */
};

/*
 * The measuring thread of a CPU (user engine) switched out stopped or traced
 * (ts = start_ns), or, resumed, running again since end_ns (from the
 * ctx_tracker, for own_merge).
 */
struct own_stop {
	int		cpu;
	uint64_t	ts;
	bool		resumed;
	uint64_t	start_ns;
	uint64_t	end_ns;		/* resumed */
	int		pid;
};

/*
 * Noise samples without interference (hardware noise, nothing for the
 * analysis to attribute) that BPF counted in the kernel instead of sending
 * them one by one (the osnoise analysis): how many since the CPU's previous
 * such record, their total, and the longest of the run.
 */
struct hw_samples {
	int		cpu;
	uint64_t	ts;
	uint64_t	count;
	uint64_t	total_ns;
	uint64_t	max_ns;
};

/*
 * RECORD_KINDS(X): every kind of record, one line each, from which the
 * enum, the union of struct rtl_record and their users (decode/decoder.c,
 * source/engine/own_merge.c) are made:
 *   X(KIND, struct, member of the union, SMALL, MERGED)
 * SMALL 1: a fixed size (0: the stack, cleared to its head only);
 * MERGED 1: the user engine's merge queues it (own_merge.c).
 * Every record starts with "int cpu; uint64_t ts;": the decoder fills
 * them through any member of the union.
 */
#define RECORD_KINDS(X)						\
	X(OSNOISE_PERIOD,	osnoise_period,		period,		1, 1)	\
	X(NOISE_SAMPLE,		noise_sample,		sample,		1, 1)	\
	X(TIMERLAT,		timerlat_sample,	timerlat,	1, 1)	\
	X(NOISE_EVENT,		noise_event,		noise,		1, 1)	\
	X(STACK,		stack_trace,		stack,		0, 0)	\
	X(CTX,			ctx_edge,		edge,		1, 1)	\
	X(HRTIMER,		hrtimer_edge,		hrtimer,	1, 0)	\
	X(KVM,			kvm_edge,		kvm,		1, 1)	\
	X(OWN_STOP,		own_stop,		stop,		1, 1)	\
	X(HW_SAMPLES,		hw_samples,		hw,		1, 0)	\
	X(HWLAT,		hwlat_sample,		hwlat,		1, 0)

/* RECORD_IF(flag, text): @text when the flag of RECORD_KINDS is 1 */
#define RECORD_IF(flag, text)	RECORD_IF_##flag(text)
#define RECORD_IF_0(text)
#define RECORD_IF_1(text)	text

#define RECORD_KIND_ENUM(kind, type, member, small, merged)	RECORD_##kind,
#define RECORD_KIND_MEMBER(kind, type, member, small, merged)	struct type member;

enum record_kind {
	RECORD_NONE,		/* not an event rtlens decodes */
	RECORD_KINDS(RECORD_KIND_ENUM)
};

struct rtl_record {
	enum record_kind	kind;
	union {
		RECORD_KINDS(RECORD_KIND_MEMBER)
	};
};

#endif

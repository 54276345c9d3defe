/* SPDX-License-Identifier: GPL-2.0 */
/*
 * decode - raw ring-buffer records to typed records, with libtraceevent.
 * Events and fields are looked up once, at setup.
 */
#ifndef RTLENS_DECODE_H
#define RTLENS_DECODE_H

#include <stdbool.h>

#include "base/records.h"
#include "base/tool_units.h"

struct tep_handle;
struct tep_event;
struct tep_record;
struct decoder;
struct decode_symbols;

/* the set of each tool that is a unit: its bit after those of decode_set */
enum decode_unit_bit {
#define DECODE_UNIT_BIT(name, NAME)	DECODE_##NAME##_BIT,
	RTL_TOOL_UNITS(DECODE_UNIT_BIT)
};

/* Groups of events a tool asks for. */
enum decode_set {
	DECODE_OSNOISE		= 1 << 0,	/* ftrace:osnoise, osnoise:sample_threshold */
	DECODE_TIMERLAT		= 1 << 1,	/* ftrace:timerlat */
	DECODE_NOISE_EVENTS	= 1 << 2,	/* osnoise:{nmi,irq,softirq,thread}_noise */
	DECODE_STACK		= 1 << 3,	/* ftrace:kernel_stack */
	/*
	 * irq:{irq_handler,softirq}_{entry,exit}, sched:sched_switch and, where
	 * the kernel has them (x86), nmi:nmi_handler and irq_vectors:*_{entry,exit}:
	 * RECORD_CTX edges for the ctx_tracker (kernels without the osnoise tracer)
	 */
	DECODE_STD_EVENTS	= 1 << 4,
	DECODE_HRTIMER		= 1 << 5,	/* timer:hrtimer_start, hrtimer_expire_entry */
	DECODE_KVM		= 1 << 6,	/* kvm:kvm_exit (a KVM host) */
	/*
	 * kvm:kvm_entry, kvm:kvm_userspace_exit: with DECODE_KVM, a vCPU's
	 * whole way out of guest mode and back (kvm_vcpu_usable())
	 */
	DECODE_KVM_VCPU		= 1 << 7,
	/*
	 * nmi:nmi_handler alone (x86): the handler behind each NMI, which
	 * names the NMIs of the osnoise analysis (not with DECODE_STD_EVENTS,
	 * which has it)
	 */
	DECODE_NMI_NAMES	= 1 << 8,
	/*
	 * irq:softirq_{entry,exit} alone: on PREEMPT_RT, where softirqs run in
	 * threads and osnoise reports them as those threads' noise, the
	 * softirqs inside it (not with DECODE_STD_EVENTS, which has them)
	 */
	DECODE_RT_SOFTIRQS	= 1 << 9,
	/* the tools that are units (base/tool_units.h): DECODE_NAME, ftrace:NAME */
#define DECODE_UNIT_SET(name, NAME)	DECODE_##NAME = 1 << (10 + DECODE_##NAME##_BIT),
	RTL_TOOL_UNITS(DECODE_UNIT_SET)
};

/*
 * NULL with a message when the tep lacks an event of @sets; an optional
 * event (one the arch or config may lack) that is missing is skipped.
 */
struct decoder *decoder_new(struct tep_handle *tep, unsigned int sets);
void decoder_free(struct decoder *d);
/* The set that decodes the entries of the tracer @tracer (ftrace:<tracer>); 0: none. */
unsigned int decode_tracer_set(const char *tracer);
/*
 * @load puts kernel symbols into the decoder's tep, called once, when a
 * record first holds an address (a stack, an NMI handler): a run whose
 * records hold none never pays for them. @late (NULL: none) names an
 * address the tep does not know, a function of a module loaded since:
 * the live engines look in /proc/kallsyms again, a replay does not.
 */
void decoder_set_symbols(struct decoder *d, void (*load)(struct tep_handle *tep),
			 const char *(*late)(uint64_t addr));
/*
 * The event of a raw record: its first member is the event's type, in the
 * byte order of the trace (struct trace_entry). Records in a row are
 * mostly of one event: the last one is kept.
 */
struct event_lookup {
	struct tep_handle	*tep;
	struct tep_event	*last;
	bool			swap;	/* the trace's byte order is not this host's */
};

void event_lookup_init(struct event_lookup *l, struct tep_handle *tep);
/* The event of the record at @data (@size bytes), NULL when unknown. */
struct tep_event *event_lookup(struct event_lookup *l, const void *data, int size);
/* Fill @out; out->kind is RECORD_NONE for events it does not know. */
void decoder_decode(const struct decoder *d, struct tep_event *event,
		    struct tep_record *record, int cpu, struct rtl_record *out);

/* ---- for the event modules ---- */

#define DECODE_MAX_FIELDS	10

struct event_decoder {
	const char		*system;
	const char		*name;
	const char		*fields[DECODE_MAX_FIELDS];	/* NULL-terminated */
	void			(*decode)(const struct event_decoder *ed,
					  struct tep_record *rec, struct rtl_record *out);
	bool			optional;	/* missing on some kernels: skipped */
	/* optional: called once the event is found, to fill aux */
	void			(*bind)(struct event_decoder *ed, struct tep_event *ev);
	/* filled by decoder_new() */
	int			id;
	struct tep_format_field	*f[DECODE_MAX_FIELDS];
	struct tep_format_field	*pid_field;	/* common_pid, or NULL */
	struct tep_handle	*tep;
	bool			swap;		/* the trace's byte order is not this host's */
	struct decode_symbols	*syms;		/* the decoder's, for decode_function() */
	uint64_t		aux;		/* the module's, set by bind */
};

/* a template entry: EVENT_DECODER("osnoise", "irq_noise", fn, "start", ...) */
#define EVENT_DECODER(sys, ev, fn, ...) \
	{ .system = (sys), .name = (ev), .decode = (fn), .fields = { __VA_ARGS__ } }
/* the same for an event some kernels lack (another arch, a config option off) */
#define OPT_EVENT_DECODER(sys, ev, fn, ...) \
	{ .system = (sys), .name = (ev), .decode = (fn), .optional = true, \
	  .fields = { __VA_ARGS__ } }

/*
 * The readers of a record's fields (fields.c) never read past the record: a
 * field (or string) that does not fit in it reads as 0 (or "").
 */
uint64_t decode_u64(const struct event_decoder *ed, int field, struct tep_record *rec);
/* The pid of the task that wrote @rec (its common_pid). */
int decode_pid(const struct event_decoder *ed, struct tep_record *rec);
/* The kernel function at @addr, NULL when unknown; see decoder_set_symbols(). */
const char *decode_function(const struct event_decoder *ed, uint64_t addr);
/*
 * The kernel function that starts at @addr (a function pointer: a handler),
 * NULL when unknown. Symbols read before a module was loaded hold the
 * symbol below its functions, not them: only a function's start is taken
 * from them; any other address is asked of the late lookup.
 */
const char *decode_function_start(const struct event_decoder *ed, uint64_t addr);
/* Copy a string field (fixed array or __data_loc) into @buf. */
void decode_str(const struct event_decoder *ed, int field, struct tep_record *rec,
		char *buf, size_t len);
/* Bytes from the field's offset to the record's end; -1 if that is not inside. */
int decode_room(const struct event_decoder *ed, int field, const struct tep_record *rec);
/*
 * Every field of the event, and every string a __data_loc points to, lies
 * inside @rec: libtraceevent may print it (tep_print_event() trusts it to).
 */
bool decode_record_fits(const struct event_decoder *ed, struct tep_record *rec);
/* @tep holds the event of @ed (a template) with every field it reads. */
bool decode_event_usable(struct tep_handle *tep, const struct event_decoder *ed);

/* Templates of the events each module knows, for decoder_new() to copy. */
extern const struct event_decoder osnoise_decoders[];
extern const int nr_osnoise_decoders;
extern const struct event_decoder noise_decoders[];
extern const int nr_noise_decoders;
#define DECODE_UNIT_TEMPLATES(name, NAME)				\
	extern const struct event_decoder name##_decoders[];		\
	extern const int nr_##name##_decoders;
RTL_TOOL_UNITS(DECODE_UNIT_TEMPLATES)
extern const struct event_decoder timerlat_decoders[];
extern const int nr_timerlat_decoders;
extern const struct event_decoder stack_decoders[];
extern const int nr_stack_decoders;
extern const struct event_decoder hrtimer_decoders[];
extern const int nr_hrtimer_decoders;
extern const struct event_decoder kvm_decoders[];
extern const int nr_kvm_decoders;
extern const struct event_decoder kvm_vcpu_decoders[];
extern const int nr_kvm_vcpu_decoders;
/* @tep holds kvm:kvm_exit with every field DECODE_KVM reads (x86's). */
bool kvm_exit_usable(struct tep_handle *tep);
/* ... and kvm:kvm_entry and kvm:kvm_userspace_exit with DECODE_KVM_VCPU's. */
bool kvm_vcpu_usable(struct tep_handle *tep);
extern const struct event_decoder std_decoders[];
extern const int nr_std_decoders;
extern const struct event_decoder nmi_name_decoders[];
extern const int nr_nmi_name_decoders;
extern const struct event_decoder rt_softirq_decoders[];
extern const int nr_rt_softirq_decoders;

/* A tracepoint DECODE_STD_EVENTS decodes, for the source to enable. */
struct std_tracepoint {
	const char	*name;		/* "system:event", e.g. "irq:softirq_entry" */
	const char	*system;	/* "irq" */
	const char	*event;		/* "softirq_entry" */
	bool		optional;	/* may be missing (arch, config): then skip it */
};

/* Sets *list to the tracepoints DECODE_STD_EVENTS needs; returns how many. */
int std_events_tracepoints(const struct std_tracepoint **list);

#endif

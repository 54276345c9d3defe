// SPDX-License-Identifier: GPL-2.0
/*
 * decoder - find each wanted event and its fields once, then dispatch every
 * raw record to the module that knows its event
 */
#include <byteswap.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "decode/decode.h"
#include "decode/decode_parts.h"
#include "base/log.h"

#define MAX_DECODERS	64

struct decoder {
	struct event_decoder	ev[MAX_DECODERS];
	int			nr;
	struct decode_symbols	syms;
};

/* an event of the osnoise and timerlat tracers, rather than a standard one */
static bool is_tracer_event(const struct event_decoder *ed)
{
	return !strcmp(ed->system, "osnoise") || !strcmp(ed->system, "ftrace");
}

/* 0 bound, 1 an optional event this kernel lacks, -1 an error */
static int bind_event(struct tep_handle *tep, struct event_decoder *ed)
{
	struct tep_event *ev = tep_find_event_by_name(tep, ed->system, ed->name);
	int i;

	if (!ev && ed->optional) {
		debug_msg("optional event %s:%s not in tracefs: skipped", ed->system, ed->name);
		return 1;
	}
	if (!ev) {
		err_msg("event %s:%s not found in tracefs: %s", ed->system, ed->name,
			is_tracer_event(ed) ? "is the tracer built into this kernel?" :
			"is this kernel built with CONFIG_EVENT_TRACING?");
		return -1;
	}
	for (i = 0; i < DECODE_MAX_FIELDS && ed->fields[i]; i++) {
		ed->f[i] = tep_find_field(ev, ed->fields[i]);
		if (!ed->f[i]) {
			err_msg("event %s:%s has no field '%s': this kernel's tracer is not supported",
				ed->system, ed->name, ed->fields[i]);
			return -1;
		}
	}
	ed->pid_field = tep_find_common_field(ev, "common_pid");
	ed->id = ev->id;
	ed->tep = tep;
	ed->swap = tep_is_file_bigendian(tep) != tep_is_local_bigendian(tep);
	if (ed->bind)
		ed->bind(ed, ev);
	return 0;
}

static int add_set(struct decoder *d, struct tep_handle *tep,
		   const struct event_decoder *tmpl, int n)
{
	int i, ret;

	for (i = 0; i < n; i++) {
		if (d->nr == MAX_DECODERS) {
			err_msg("too many events to decode (at most %d): raise MAX_DECODERS",
				MAX_DECODERS);
			return -1;
		}
		d->ev[d->nr] = tmpl[i];
		d->ev[d->nr].syms = &d->syms;
		ret = bind_event(tep, &d->ev[d->nr]);
		if (ret < 0)
			return -1;
		if (!ret)
			d->nr++;
	}
	return 0;
}

/*
 * The templates of each set, in the order decoder_new() adds them; an
 * event in two sets is decoded by the first: RT's softirqs before the
 * standard events (a KVM host's vCPU threads), which decode them too.
 */
static const struct decode_group {
	unsigned int			set;
	const struct event_decoder	*tmpl;
	const int			*nr;
} groups[] = {
	{ DECODE_OSNOISE, osnoise_decoders, &nr_osnoise_decoders },
	{ DECODE_TIMERLAT, timerlat_decoders, &nr_timerlat_decoders },
#define DECODE_UNIT_GROUP(name, NAME)	{ DECODE_##NAME, name##_decoders, &nr_##name##_decoders },
	RTL_TOOL_UNITS(DECODE_UNIT_GROUP)
	{ DECODE_NOISE_EVENTS, noise_decoders, &nr_noise_decoders },
	{ DECODE_STACK, stack_decoders, &nr_stack_decoders },
	{ DECODE_RT_SOFTIRQS, rt_softirq_decoders, &nr_rt_softirq_decoders },
	{ DECODE_STD_EVENTS, std_decoders, &nr_std_decoders },
	{ DECODE_HRTIMER, hrtimer_decoders, &nr_hrtimer_decoders },
	{ DECODE_KVM, kvm_decoders, &nr_kvm_decoders },
	{ DECODE_KVM_VCPU, kvm_vcpu_decoders, &nr_kvm_vcpu_decoders },
	{ DECODE_NMI_NAMES, nmi_name_decoders, &nr_nmi_name_decoders },
};

struct decoder *decoder_new(struct tep_handle *tep, unsigned int sets)
{
	struct decoder *d = calloc(1, sizeof(*d));
	size_t i;

	if (!d)
		return NULL;
	for (i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		if ((sets & groups[i].set) && add_set(d, tep, groups[i].tmpl, *groups[i].nr)) {
			free(d);
			return NULL;
		}
	}
	return d;
}

unsigned int decode_tracer_set(const char *tracer)
{
	size_t i;
	int j;

	for (i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		for (j = 0; j < *groups[i].nr; j++) {
			if (!strcmp(groups[i].tmpl[j].system, "ftrace") &&
			    !strcmp(groups[i].tmpl[j].name, tracer))
				return groups[i].set;
		}
	}
	return 0;
}

void decoder_free(struct decoder *d)
{
	free(d);
}

void decoder_set_symbols(struct decoder *d, void (*load)(struct tep_handle *tep),
			 const char *(*late)(uint64_t addr))
{
	d->syms.load = load;
	d->syms.late = late;
}

/*
 * What decoder_decode() clears of a record: every kind but the stack, and
 * the stack's head; its arrays are filled up to the depth its decoder sets,
 * and nothing reads past it.
 */
#define RECORD_SMALL_MEMBER(kind, type, member, small, merged) \
	RECORD_IF(small, struct type member;)
union record_but_stack {
	RECORD_KINDS(RECORD_SMALL_MEMBER)
};

#define RECORD_CLEAR_LEN	(offsetof(struct rtl_record, period) + \
				 (sizeof(union record_but_stack) > offsetof(struct stack_trace, ip) ? \
				  sizeof(union record_but_stack) : offsetof(struct stack_trace, ip)))
_Static_assert(RECORD_CLEAR_LEN <= sizeof(struct rtl_record), "the clear overruns a record");

void event_lookup_init(struct event_lookup *l, struct tep_handle *tep)
{
	l->tep = tep;
	l->last = NULL;
	l->swap = tep_is_file_bigendian(tep) != tep_is_local_bigendian(tep);
}

struct tep_event *event_lookup(struct event_lookup *l, const void *data, int size)
{
	unsigned short type;

	if (size < (int)sizeof(type))
		return NULL;
	memcpy(&type, data, sizeof(type));
	if (l->swap)		/* a trace.dat of another machine */
		type = bswap_16(type);
	if (!l->last || l->last->id != type)
		l->last = tep_find_event(l->tep, type);
	return l->last;
}

void decoder_decode(const struct decoder *d, struct tep_event *event,
		    struct tep_record *record, int cpu, struct rtl_record *out)
{
	int i;

	memset(out, 0, RECORD_CLEAR_LEN);
	for (i = 0; i < d->nr; i++) {
		if (d->ev[i].id != event->id)
			continue;
		d->ev[i].decode(&d->ev[i], record, out);
		/* every record kind starts with the cpu and the timestamp */
		out->period.cpu = cpu;
		out->period.ts = record->ts;
		return;
	}
}

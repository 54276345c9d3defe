/* SPDX-License-Identifier: GPL-2.0 */
/*
 * decode - raw ring-buffer records to typed records, with libtraceevent.
 * Events and fields are looked up once, at setup.
 */
#ifndef RTLENS_DECODE_H
#define RTLENS_DECODE_H

#include "records.h"

struct tep_handle;
struct tep_event;
struct tep_record;
struct decoder;

/* Groups of events a tool asks for. */
enum decode_set {
	DECODE_OSNOISE		= 1 << 0,	/* ftrace:osnoise, osnoise:sample_threshold */
	DECODE_TIMERLAT		= 1 << 1,	/* ftrace:timerlat */
	DECODE_NOISE_EVENTS	= 1 << 2,	/* osnoise:{nmi,irq,softirq,thread}_noise */
	DECODE_STACK		= 1 << 3,	/* ftrace:kernel_stack */
};

/* NULL with a message when the tep lacks an event of @sets. */
struct decoder *decoder_new(struct tep_handle *tep, unsigned int sets);
void decoder_free(struct decoder *d);
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
	/* filled by decoder_new() */
	int			id;
	struct tep_format_field	*f[DECODE_MAX_FIELDS];
	struct tep_handle	*tep;
};

/* a template entry: EVENT_DECODER("osnoise", "irq_noise", fn, "start", ...) */
#define EVENT_DECODER(sys, ev, fn, ...) \
	{ .system = (sys), .name = (ev), .decode = (fn), .fields = { __VA_ARGS__ } }

uint64_t decode_u64(const struct event_decoder *ed, int field, struct tep_record *rec);
/* Copy a string field (fixed array or __data_loc) into @buf. */
void decode_str(const struct event_decoder *ed, int field, struct tep_record *rec,
		char *buf, size_t len);

/* Templates of the events each module knows, for decoder_new() to copy. */
extern const struct event_decoder osnoise_decoders[];
extern const int nr_osnoise_decoders;
extern const struct event_decoder noise_decoders[];
extern const int nr_noise_decoders;
extern const struct event_decoder timerlat_decoders[];
extern const int nr_timerlat_decoders;
extern const struct event_decoder stack_decoders[];
extern const int nr_stack_decoders;

#endif

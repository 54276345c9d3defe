// SPDX-License-Identifier: GPL-2.0
/*
 * decoder - find each wanted event and its fields once, then dispatch every
 * raw record to the module that knows its event
 */
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "decode.h"
#include "log.h"

#define MAX_DECODERS	64

struct decoder {
	struct event_decoder	ev[MAX_DECODERS];
	int			nr;
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
	ed->id = ev->id;
	ed->tep = tep;
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
		ret = bind_event(tep, &d->ev[d->nr]);
		if (ret < 0)
			return -1;
		if (!ret)
			d->nr++;
	}
	return 0;
}

struct decoder *decoder_new(struct tep_handle *tep, unsigned int sets)
{
	struct decoder *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	if (((sets & DECODE_OSNOISE) && add_set(d, tep, osnoise_decoders, nr_osnoise_decoders)) ||
	    ((sets & DECODE_TIMERLAT) && add_set(d, tep, timerlat_decoders, nr_timerlat_decoders)) ||
	    ((sets & DECODE_NOISE_EVENTS) && add_set(d, tep, noise_decoders, nr_noise_decoders)) ||
	    ((sets & DECODE_STACK) && add_set(d, tep, stack_decoders, nr_stack_decoders)) ||
	    ((sets & DECODE_STD_EVENTS) && add_set(d, tep, std_decoders, nr_std_decoders)) ||
	    ((sets & DECODE_HRTIMER) && add_set(d, tep, hrtimer_decoders, nr_hrtimer_decoders)) ||
	    ((sets & DECODE_KVM) && add_set(d, tep, kvm_decoders, nr_kvm_decoders))) {
		free(d);
		return NULL;
	}
	return d;
}

void decoder_free(struct decoder *d)
{
	free(d);
}

uint64_t decode_u64(const struct event_decoder *ed, int field, struct tep_record *rec)
{
	unsigned long long val = 0;

	tep_read_number_field(ed->f[field], rec->data, &val);
	return val;
}

void decode_str(const struct event_decoder *ed, int field, struct tep_record *rec,
		char *buf, size_t len)
{
	struct tep_format_field *f = ed->f[field];
	const char *src = (const char *)rec->data + f->offset;
	size_t n = f->size;

	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		unsigned long long loc = 0;

		tep_read_number_field(f, rec->data, &loc);
		src = (const char *)rec->data + (loc & 0xffff);
		n = loc >> 16;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			src += f->offset + f->size;
	}
	if ((int)((src - (const char *)rec->data) + n) > rec->size)
		n = 0;
	if (n >= len)
		n = len - 1;
	memcpy(buf, src, n);
	buf[n] = '\0';
	buf[strnlen(buf, n)] = '\0';
}

void decoder_decode(const struct decoder *d, struct tep_event *event,
		    struct tep_record *record, int cpu, struct rtl_record *out)
{
	int i;

	memset(out, 0, sizeof(*out));
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

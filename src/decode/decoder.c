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

#define MAX_DECODERS	16

struct decoder {
	struct event_decoder	ev[MAX_DECODERS];
	int			nr;
};

static int bind_event(struct tep_handle *tep, struct event_decoder *ed)
{
	struct tep_event *ev = tep_find_event_by_name(tep, ed->system, ed->name);
	int i;

	if (!ev) {
		err_msg("event %s:%s not found in tracefs: is the tracer built into this kernel?",
			ed->system, ed->name);
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
	return 0;
}

static int add_set(struct decoder *d, struct tep_handle *tep,
		   const struct event_decoder *tmpl, int n)
{
	int i;

	for (i = 0; i < n && d->nr < MAX_DECODERS; i++) {
		d->ev[d->nr] = tmpl[i];
		if (bind_event(tep, &d->ev[d->nr]))
			return -1;
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
	    ((sets & DECODE_STACK) && add_set(d, tep, stack_decoders, nr_stack_decoders))) {
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

// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_decode - the osnoise tracer's records: ftrace:osnoise (one per
 * period and CPU) and osnoise:sample_threshold (one per noise sample)
 */
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "decode.h"
#include "log.h"

enum period_field {
	PF_RUNTIME, PF_NOISE, PF_MAX_SAMPLE, PF_HW, PF_NMI, PF_IRQ, PF_SOFTIRQ,
	PF_THREAD, NR_PERIOD_FIELDS
};

static const char *const period_field_names[NR_PERIOD_FIELDS] = {
	"runtime", "noise", "max_sample", "hw_count", "nmi_count", "irq_count",
	"softirq_count", "thread_count",
};

enum sample_field {
	SF_START, SF_DURATION, SF_INTERFERENCE, NR_SAMPLE_FIELDS
};

static const char *const sample_field_names[NR_SAMPLE_FIELDS] = {
	"start", "duration", "interference",
};

struct decoder {
	int				period_id;
	int				sample_id;
	struct tep_format_field		*period[NR_PERIOD_FIELDS];
	struct tep_format_field		*sample[NR_SAMPLE_FIELDS];
};

static int lookup_fields(struct tep_event *ev, const char *const *names, int n,
			 struct tep_format_field **out)
{
	int i;

	for (i = 0; i < n; i++) {
		out[i] = tep_find_field(ev, names[i]);
		if (!out[i]) {
			err_msg("event %s:%s has no field '%s': this kernel's osnoise tracer is not supported",
				ev->system, ev->name, names[i]);
			return -1;
		}
	}
	return 0;
}

static struct tep_event *find_event(struct tep_handle *tep, const char *sys, const char *name)
{
	struct tep_event *ev = tep_find_event_by_name(tep, sys, name);

	if (!ev)
		err_msg("event %s:%s not found in tracefs: is the osnoise tracer built in?", sys, name);
	return ev;
}

struct decoder *decoder_new(struct tep_handle *tep)
{
	struct decoder *d = calloc(1, sizeof(*d));
	struct tep_event *period, *sample;

	if (!d)
		return NULL;
	period = find_event(tep, "ftrace", "osnoise");
	sample = find_event(tep, "osnoise", "sample_threshold");
	if (!period || !sample ||
	    lookup_fields(period, period_field_names, NR_PERIOD_FIELDS, d->period) ||
	    lookup_fields(sample, sample_field_names, NR_SAMPLE_FIELDS, d->sample)) {
		free(d);
		return NULL;
	}
	d->period_id = period->id;
	d->sample_id = sample->id;
	return d;
}

void decoder_free(struct decoder *d)
{
	free(d);
}

static uint64_t field_u64(struct tep_format_field *f, struct tep_record *rec)
{
	unsigned long long val = 0;

	tep_read_number_field(f, rec->data, &val);
	return val;
}

static void decode_period(const struct decoder *d, struct tep_record *rec,
			  struct osnoise_period *p)
{
	p->runtime_us = field_u64(d->period[PF_RUNTIME], rec);
	p->noise_us = field_u64(d->period[PF_NOISE], rec);
	p->max_sample_us = field_u64(d->period[PF_MAX_SAMPLE], rec);
	p->hw_count = field_u64(d->period[PF_HW], rec);
	p->nmi_count = field_u64(d->period[PF_NMI], rec);
	p->irq_count = field_u64(d->period[PF_IRQ], rec);
	p->softirq_count = field_u64(d->period[PF_SOFTIRQ], rec);
	p->thread_count = field_u64(d->period[PF_THREAD], rec);
}

static void decode_sample(const struct decoder *d, struct tep_record *rec,
			  struct noise_sample *s)
{
	s->start_ns = field_u64(d->sample[SF_START], rec);
	s->duration_ns = field_u64(d->sample[SF_DURATION], rec);
	s->interference = field_u64(d->sample[SF_INTERFERENCE], rec);
}

void decoder_decode(const struct decoder *d, struct tep_event *event,
		    struct tep_record *record, int cpu, struct rtl_record *out)
{
	memset(out, 0, sizeof(*out));
	if (event->id == d->period_id) {
		out->kind = RECORD_OSNOISE_PERIOD;
		out->period.cpu = cpu;
		out->period.ts = record->ts;
		decode_period(d, record, &out->period);
	} else if (event->id == d->sample_id) {
		out->kind = RECORD_NOISE_SAMPLE;
		out->sample.cpu = cpu;
		out->sample.ts = record->ts;
		decode_sample(d, record, &out->sample);
	}
}

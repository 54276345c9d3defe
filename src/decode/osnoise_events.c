// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_events - the osnoise tracer's own records: ftrace:osnoise (one per
 * period and CPU), osnoise:sample_threshold (one per noise sample), and the
 * interference events osnoise:{nmi,irq,softirq,thread}_noise
 */
#include <stdio.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/softirq.h"

enum { PF_RUNTIME, PF_NOISE, PF_MAX_SAMPLE, PF_HW, PF_NMI, PF_IRQ, PF_SOFTIRQ, PF_THREAD };

static void decode_period(const struct event_decoder *ed, struct tep_record *rec,
			  struct rtl_record *out)
{
	struct osnoise_period *p = &out->period;

	out->kind = RECORD_OSNOISE_PERIOD;
	p->runtime_us = decode_u64(ed, PF_RUNTIME, rec);
	p->noise_us = decode_u64(ed, PF_NOISE, rec);
	p->max_sample_us = decode_u64(ed, PF_MAX_SAMPLE, rec);
	p->hw_count = decode_u64(ed, PF_HW, rec);
	p->nmi_count = decode_u64(ed, PF_NMI, rec);
	p->irq_count = decode_u64(ed, PF_IRQ, rec);
	p->softirq_count = decode_u64(ed, PF_SOFTIRQ, rec);
	p->thread_count = decode_u64(ed, PF_THREAD, rec);
}

enum { SF_START, SF_DURATION, SF_INTERFERENCE };

static void decode_sample(const struct event_decoder *ed, struct tep_record *rec,
			  struct rtl_record *out)
{
	out->kind = RECORD_NOISE_SAMPLE;
	out->sample.start_ns = decode_u64(ed, SF_START, rec);
	out->sample.duration_ns = decode_u64(ed, SF_DURATION, rec);
	out->sample.interference = decode_u64(ed, SF_INTERFERENCE, rec);
}

const struct event_decoder osnoise_decoders[] = {
	EVENT_DECODER("ftrace", "osnoise", decode_period,
		      "runtime", "noise", "max_sample", "hw_count", "nmi_count",
		      "irq_count", "softirq_count", "thread_count"),
	/* optional: a replay of osnoise top without it (the live engine enables it) */
	OPT_EVENT_DECODER("osnoise", "sample_threshold", decode_sample,
		      "start", "duration", "interference"),
};
const int nr_osnoise_decoders = sizeof(osnoise_decoders) / sizeof(osnoise_decoders[0]);

/* ---- interference ---- */

enum { NF_START, NF_DURATION, NF_X, NF_Y };

static void noise_common(const struct event_decoder *ed, struct tep_record *rec,
			 struct rtl_record *out, enum noise_kind kind)
{
	out->kind = RECORD_NOISE_EVENT;
	out->noise.kind = kind;
	out->noise.start_ns = decode_u64(ed, NF_START, rec);
	out->noise.duration_ns = decode_u64(ed, NF_DURATION, rec);
}

static void decode_nmi(const struct event_decoder *ed, struct tep_record *rec,
		       struct rtl_record *out)
{
	noise_common(ed, rec, out, NOISE_NMI);
	snprintf(out->noise.name, sizeof(out->noise.name), "nmi");
}

static void decode_irq(const struct event_decoder *ed, struct tep_record *rec,
		       struct rtl_record *out)
{
	noise_common(ed, rec, out, NOISE_IRQ);
	out->noise.vector = decode_u64(ed, NF_X, rec);
	decode_str(ed, NF_Y, rec, out->noise.name, sizeof(out->noise.name));
}

static void decode_softirq(const struct event_decoder *ed, struct tep_record *rec,
			   struct rtl_record *out)
{
	int vec;

	noise_common(ed, rec, out, NOISE_SOFTIRQ);
	vec = decode_u64(ed, NF_X, rec);
	out->noise.vector = vec;
	softirq_format(vec, out->noise.name, sizeof(out->noise.name));
}

static void decode_thread(const struct event_decoder *ed, struct tep_record *rec,
			  struct rtl_record *out)
{
	noise_common(ed, rec, out, NOISE_THREAD);
	out->noise.pid = decode_u64(ed, NF_X, rec);
	decode_str(ed, NF_Y, rec, out->noise.name, sizeof(out->noise.name));
}

const struct event_decoder noise_decoders[] = {
	EVENT_DECODER("osnoise", "nmi_noise", decode_nmi,
		      "start", "duration"),
	EVENT_DECODER("osnoise", "irq_noise", decode_irq,
		      "start", "duration", "vector", "desc"),
	EVENT_DECODER("osnoise", "softirq_noise", decode_softirq,
		      "start", "duration", "vector"),
	EVENT_DECODER("osnoise", "thread_noise", decode_thread,
		      "start", "duration", "pid", "comm"),
};
const int nr_noise_decoders = sizeof(noise_decoders) / sizeof(noise_decoders[0]);

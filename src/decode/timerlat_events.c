// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_events - the timerlat tracer's records: ftrace:timerlat (one per
 * IRQ and one per thread activation) and ftrace:kernel_stack (with -s)
 */
#include <event-parse.h>

#include "decode.h"

enum { TF_SEQNUM, TF_CONTEXT, TF_LATENCY };

static void decode_timerlat(const struct event_decoder *ed, struct tep_record *rec,
			    struct rtl_record *out)
{
	out->kind = RECORD_TIMERLAT;
	out->timerlat.seqnum = decode_u64(ed, TF_SEQNUM, rec);
	out->timerlat.context = decode_u64(ed, TF_CONTEXT, rec);
	out->timerlat.latency_ns = decode_u64(ed, TF_LATENCY, rec);
}

const struct event_decoder timerlat_decoders[] = {
	EVENT_DECODER("ftrace", "timerlat", decode_timerlat,
		      "seqnum", "context", "timer_latency"),
};
const int nr_timerlat_decoders = sizeof(timerlat_decoders) / sizeof(timerlat_decoders[0]);

enum { KF_SIZE, KF_CALLER };

static void decode_stack(const struct event_decoder *ed, struct tep_record *rec,
			 struct rtl_record *out)
{
	struct tep_format_field *f = ed->f[KF_CALLER];
	struct stack_trace *st = &out->stack;
	int word = tep_get_long_size(ed->tep), max, i;
	const unsigned char *p = (const unsigned char *)rec->data + f->offset;

	out->kind = RECORD_STACK;
	max = (rec->size - f->offset) / word;
	st->depth = decode_u64(ed, KF_SIZE, rec);
	if (st->depth > max)
		st->depth = max;
	if (st->depth > STACK_MAX_DEPTH)
		st->depth = STACK_MAX_DEPTH;
	for (i = 0; i < st->depth; i++) {
		st->ip[i] = tep_read_number(ed->tep, p + i * word, word);
		st->sym[i] = tep_find_function(ed->tep, st->ip[i]);
	}
}

const struct event_decoder stack_decoders[] = {
	EVENT_DECODER("ftrace", "kernel_stack", decode_stack,
		      "size", "caller"),
};
const int nr_stack_decoders = sizeof(stack_decoders) / sizeof(stack_decoders[0]);

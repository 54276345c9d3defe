// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_events - the timerlat tracer's records: ftrace:timerlat (one per
 * IRQ and one per thread activation) and ftrace:kernel_stack (with -s)
 */
#include <event-parse.h>

#include "decode/decode.h"

enum { TF_SEQNUM, TF_CONTEXT, TF_LATENCY };

static void decode_timerlat(const struct event_decoder *ed, struct tep_record *rec,
			    struct rtl_record *out)
{
	out->kind = RECORD_TIMERLAT;
	out->timerlat.seqnum = decode_u64(ed, TF_SEQNUM, rec);
	out->timerlat.context = decode_u64(ed, TF_CONTEXT, rec);
	out->timerlat.latency_ns = decode_u64(ed, TF_LATENCY, rec);
	out->timerlat.pid = decode_pid(ed, rec);
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
	struct stack_trace *st = &out->stack;
	int word = tep_get_long_size(ed->tep), room = decode_room(ed, KF_CALLER, rec);
	uint64_t depth = decode_u64(ed, KF_SIZE, rec);
	const unsigned char *p;
	int i;

	out->kind = RECORD_STACK;
	st->depth = 0;
	if (room < 0 || word <= 0)
		return;
	/* as many words as the record holds after the field, at most */
	if (depth > (uint64_t)(room / word))
		depth = room / word;
	st->depth = depth > STACK_MAX_DEPTH ? STACK_MAX_DEPTH : (int)depth;
	p = (const unsigned char *)rec->data + ed->f[KF_CALLER]->offset;
	for (i = 0; i < st->depth; i++) {
		st->ip[i] = tep_read_number(ed->tep, p + i * word, word);
		st->sym[i] = decode_function(ed, st->ip[i]);
	}
}

const struct event_decoder stack_decoders[] = {
	EVENT_DECODER("ftrace", "kernel_stack", decode_stack,
		      "size", "caller"),
};
const int nr_stack_decoders = sizeof(stack_decoders) / sizeof(stack_decoders[0]);

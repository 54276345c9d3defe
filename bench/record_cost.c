// SPDX-License-Identifier: GPL-2.0
/*
 * record_cost - what rtlens's tracefs path does per timerlat sample in
 * userspace, counted in instructions by callgrind (bench/record-cost.sh):
 * N ftrace:timerlat records, laid out as the kernel writes them, each
 * through the decoder and into the run's models, as the session does on
 * the tracefs path. Instructions are repeatable where seconds on this
 * shared machine are not.
 *
 *   record_cost N        (N records, N = 0 for the fixed cost)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "analysis/run_models.h"
#include "base/params.h"
#include "decode/decode.h"

/* the 6.1 kernel's format of ftrace:timerlat */
static const char timerlat_format[] =
	"name: timerlat\n"
	"ID: 16\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
	"\tfield:unsigned int seqnum;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:int context;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:u64 timer_latency;\toffset:16;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"%u %d %llu\", REC->seqnum, REC->context, REC->timer_latency\n";

struct raw_timerlat {
	unsigned short		type;
	unsigned char		flags;
	unsigned char		preempt_count;
	int			pid;
	unsigned int		seqnum;
	int			context;
	unsigned long long	timer_latency;
};

static void add(const struct rtl_record *rec, void *ctx)
{
	run_models_add_models(ctx, rec);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	struct tep_handle *tep = tep_alloc();
	struct raw_timerlat raw = { .type = 16 };
	struct tep_record rec = { .data = &raw, .size = sizeof(raw) };
	struct rtl_params p;
	struct run_models models;
	struct decoder *d;
	struct rtl_record out;
	struct tep_event *ev;

	params_init(&p, TOOL_TIMERLAT, MODE_HIST, "timerlat hist", 4);
	if (!tep || tep_parse_event(tep, timerlat_format, sizeof(timerlat_format) - 1, "ftrace") ||
	    !(d = decoder_new(tep, DECODE_TIMERLAT)) || run_models_init(&models, &p, NULL)) {
		fprintf(stderr, "record_cost: setup failed\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		raw.seqnum = i / 2;
		raw.context = i & 1;
		raw.timer_latency = 1000 + (i * 7919) % 50000;
		rec.ts = i * 500000ULL;
		rec.cpu = i % 4;
		ev = tep_find_event(tep, tep_data_type(tep, &rec));
		decoder_decode(d, ev, &rec, rec.cpu, &out);
		if (out.kind != RECORD_NONE)
			add(&out, &models);
	}
	printf("%llu records in the models\n", (unsigned long long)run_models_records(&models));
	run_models_free(&models);
	decoder_free(d);
	params_free(&p);
	tep_free(tep);
	return 0;
}

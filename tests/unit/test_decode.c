// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the decoder: event formats like the kernel's (6.1) parsed
 * by libtraceevent, raw records built by hand, typed records checked
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <event-parse.h>

#include "decode/decode.h"

#define COMMON \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

static const char fmt_osnoise[] = "name: osnoise\nID: 10\nformat:\n" COMMON
	"\tfield:u64 runtime;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 noise;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 max_sample;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned int hw_count;\toffset:32;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int nmi_count;\toffset:36;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int irq_count;\toffset:40;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int softirq_count;\toffset:44;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int thread_count;\toffset:48;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"%llu\", REC->runtime\n";

static const char fmt_sample[] = "name: sample_threshold\nID: 11\nformat:\n" COMMON
	"\tfield:u64 start;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 interference;\toffset:24;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"%llu\", REC->start\n";

static const char fmt_irq[] = "name: irq_noise\nID: 12\nformat:\n" COMMON
	"\tfield:u64 start;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:__data_loc char[] desc;\toffset:24;\tsize:4;\tsigned:0;\n"
	"\tfield:int vector;\toffset:28;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%s\", __get_str(desc)\n";

static const char fmt_thread[] = "name: thread_noise\nID: 13\nformat:\n" COMMON
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:u64 start;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:40;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%s\", REC->comm\n";

static const char fmt_softirq[] = "name: softirq_noise\nID: 14\nformat:\n" COMMON
	"\tfield:u64 start;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:int vector;\toffset:24;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%d\", REC->vector\n";

static const char fmt_nmi[] = "name: nmi_noise\nID: 15\nformat:\n" COMMON
	"\tfield:u64 start;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:16;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"%llu\", REC->start\n";

static const char fmt_timerlat[] = "name: timerlat\nID: 16\nformat:\n" COMMON
	"\tfield:unsigned int seqnum;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:int context;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:u64 timer_latency;\toffset:16;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"%llu\", REC->timer_latency\n";

static const char fmt_stack[] = "name: kernel_stack\nID: 4\nformat:\n" COMMON
	"\tfield:int size;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long caller[8];\toffset:16;\tsize:64;\tsigned:0;\n\n"
	"print fmt: \"\\t=> %ps\\n\", (void *)REC->caller[0]\n";

/* thread_noise with comm at offset -8 (4294967288 read into an int): a broken format */
static const char fmt_thread_before[] = "name: thread_noise\nID: 13\nformat:\n" COMMON
	"\tfield:char comm[16];\toffset:4294967288;\tsize:16;\tsigned:0;\n"
	"\tfield:u64 start;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 duration;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:40;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%llu\", REC->start\n";

static const char fmt_nmi_handler[] = "name: nmi_handler\nID: 5\nformat:\n" COMMON
	"\tfield:void * handler;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:s64 delta_ns;\toffset:16;\tsize:8;\tsigned:1;\n"
	"\tfield:int handled;\toffset:24;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%ps\", REC->handler\n";

static struct tep_handle *make_tep(void)
{
	struct { const char *fmt, *sys; } evs[] = {
		{ fmt_osnoise, "ftrace" }, { fmt_sample, "osnoise" }, { fmt_irq, "osnoise" },
		{ fmt_thread, "osnoise" }, { fmt_softirq, "osnoise" }, { fmt_nmi, "osnoise" },
		{ fmt_timerlat, "ftrace" },
	};
	struct tep_handle *tep = tep_alloc();
	size_t i;

	assert_non_null(tep);
	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	for (i = 0; i < sizeof(evs) / sizeof(evs[0]); i++)
		assert_int_equal(tep_parse_event(tep, evs[i].fmt, strlen(evs[i].fmt), evs[i].sys), 0);
	return tep;
}

static void decode(struct tep_handle *tep, struct decoder *d, void *data, int size, int id,
		   struct rtl_record *out)
{
	struct tep_record rec = { .ts = 777, .size = size, .data = data };

	memcpy(data, &(uint16_t){ id }, 2);
	decoder_decode(d, tep_find_event(tep, id), &rec, 3, out);
}

static void test_osnoise_period_and_sample(void **state)
{
	struct tep_handle *tep = make_tep();
	struct decoder *d = decoder_new(tep, DECODE_OSNOISE);
	unsigned char buf[64] = { 0 };
	struct rtl_record r;
	uint64_t v64;
	uint32_t v32;

	(void)state;
	assert_non_null(d);
	v64 = 1000000; memcpy(buf + 8, &v64, 8);
	v64 = 250; memcpy(buf + 16, &v64, 8);
	v64 = 40; memcpy(buf + 24, &v64, 8);
	v32 = 1; memcpy(buf + 32, &v32, 4);
	v32 = 2; memcpy(buf + 36, &v32, 4);
	v32 = 3; memcpy(buf + 40, &v32, 4);
	v32 = 4; memcpy(buf + 44, &v32, 4);
	v32 = 5; memcpy(buf + 48, &v32, 4);
	decode(tep, d, buf, 52, 10, &r);
	assert_int_equal(r.kind, RECORD_OSNOISE_PERIOD);
	assert_int_equal(r.period.cpu, 3);
	assert_int_equal(r.period.ts, 777);
	assert_int_equal(r.period.runtime_us, 1000000);
	assert_int_equal(r.period.noise_us, 250);
	assert_int_equal(r.period.max_sample_us, 40);
	assert_int_equal(r.period.hw_count, 1);
	assert_int_equal(r.period.nmi_count, 2);
	assert_int_equal(r.period.irq_count, 3);
	assert_int_equal(r.period.softirq_count, 4);
	assert_int_equal(r.period.thread_count, 5);

	memset(buf, 0, sizeof(buf));
	v64 = 123456789; memcpy(buf + 8, &v64, 8);
	v64 = 5000; memcpy(buf + 16, &v64, 8);
	v64 = 2; memcpy(buf + 24, &v64, 8);
	decode(tep, d, buf, 32, 11, &r);
	assert_int_equal(r.kind, RECORD_NOISE_SAMPLE);
	assert_int_equal(r.sample.start_ns, 123456789);
	assert_int_equal(r.sample.duration_ns, 5000);
	assert_int_equal(r.sample.interference, 2);

	decode(tep, d, buf, 32, 16, &r);	/* timerlat: not asked for */
	assert_int_equal(r.kind, RECORD_NONE);
	decoder_free(d);
	tep_free(tep);
}

static void test_noise_events(void **state)
{
	struct tep_handle *tep = make_tep();
	struct decoder *d = decoder_new(tep, DECODE_NOISE_EVENTS | DECODE_TIMERLAT);
	unsigned char buf[96] = { 0 };
	struct rtl_record r;
	uint64_t v64;
	uint32_t loc;
	int32_t v32;

	(void)state;
	assert_non_null(d);
	/* irq_noise with its __data_loc name after the fixed fields */
	v64 = 100; memcpy(buf + 8, &v64, 8);
	v64 = 2500; memcpy(buf + 16, &v64, 8);
	loc = (12u << 16) | 32; memcpy(buf + 24, &loc, 4);
	v32 = 236; memcpy(buf + 28, &v32, 4);
	memcpy(buf + 32, "local_timer", 12);
	decode(tep, d, buf, 44, 12, &r);
	assert_int_equal(r.kind, RECORD_NOISE_EVENT);
	assert_int_equal(r.noise.kind, NOISE_IRQ);
	assert_string_equal(r.noise.name, "local_timer");
	assert_int_equal(r.noise.vector, 236);
	assert_int_equal(r.noise.start_ns, 100);
	assert_int_equal(r.noise.duration_ns, 2500);

	memset(buf, 0, sizeof(buf));
	memcpy(buf + 8, "rtl_spinner", 12);
	v64 = 5; memcpy(buf + 24, &v64, 8);
	v64 = 9; memcpy(buf + 32, &v64, 8);
	v32 = 412; memcpy(buf + 40, &v32, 4);
	decode(tep, d, buf, 44, 13, &r);
	assert_int_equal(r.noise.kind, NOISE_THREAD);
	assert_string_equal(r.noise.name, "rtl_spinner");
	assert_int_equal(r.noise.pid, 412);
	assert_int_equal(r.noise.duration_ns, 9);

	memset(buf, 0, sizeof(buf));
	v32 = 1; memcpy(buf + 24, &v32, 4);
	decode(tep, d, buf, 28, 14, &r);
	assert_int_equal(r.noise.kind, NOISE_SOFTIRQ);
	assert_string_equal(r.noise.name, "TIMER");
	v32 = 42; memcpy(buf + 24, &v32, 4);
	decode(tep, d, buf, 28, 14, &r);
	assert_string_equal(r.noise.name, "softirq-42");

	decode(tep, d, buf, 24, 15, &r);
	assert_int_equal(r.noise.kind, NOISE_NMI);

	memset(buf, 0, sizeof(buf));
	loc = 7; memcpy(buf + 8, &loc, 4);
	v32 = 1; memcpy(buf + 12, &v32, 4);
	v64 = 12345; memcpy(buf + 16, &v64, 8);
	decode(tep, d, buf, 24, 16, &r);
	assert_int_equal(r.kind, RECORD_TIMERLAT);
	assert_int_equal(r.timerlat.seqnum, 7);
	assert_int_equal(r.timerlat.context, TIMERLAT_THREAD);
	assert_int_equal(r.timerlat.latency_ns, 12345);
	decoder_free(d);
	tep_free(tep);
}

static void test_missing_event(void **state)
{
	struct tep_handle *tep = tep_alloc();
	struct decoder *d;

	(void)state;
	/* no ftrace:osnoise, the tracer's own event: refused with a message */
	assert_null(decoder_new(tep, DECODE_OSNOISE));
	assert_int_equal(tep_parse_event(tep, fmt_osnoise, strlen(fmt_osnoise), "ftrace"), 0);
	/* no osnoise:sample_threshold: optional (a replay of osnoise top without it) */
	d = decoder_new(tep, DECODE_OSNOISE);
	assert_non_null(d);
	decoder_free(d);
	tep_free(tep);
}

/*
 * A record in a buffer whose bytes around it are 0xaa: what a decoder reads
 * outside the record shows in its output.
 */
#define GUARD		16
#define GUARD_BYTE	0xaa

static void *guarded(unsigned char *buf, size_t buf_len, const void *rec, int size)
{
	memset(buf, GUARD_BYTE, buf_len);
	memcpy(buf + GUARD, rec, size);
	return buf + GUARD;
}

static void test_record_shorter_than_format(void **state)
{
	struct tep_handle *tep = make_tep();
	struct decoder *d = decoder_new(tep, DECODE_OSNOISE);
	unsigned char rec[20] = { 0 }, buf[GUARD + 64 + GUARD];
	uint64_t runtime = 1000;
	struct rtl_record r;

	(void)state;
	assert_non_null(d);
	memcpy(rec + 8, &runtime, 8);
	/* 20 bytes: runtime fits, noise (16..24) and the rest do not */
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 10, &r);
	assert_int_equal(r.kind, RECORD_OSNOISE_PERIOD);
	assert_int_equal(r.period.runtime_us, 1000);
	assert_int_equal(r.period.noise_us, 0);
	assert_int_equal(r.period.max_sample_us, 0);
	assert_int_equal(r.period.thread_count, 0);
	decoder_free(d);
	tep_free(tep);
}

static void test_strings_outside_record(void **state)
{
	const char *fmts[] = { fmt_irq, fmt_thread_before, fmt_softirq, fmt_nmi };
	struct tep_handle *tep = tep_alloc();
	unsigned char rec[44] = { 0 }, buf[GUARD + 64 + GUARD];
	struct decoder *d;
	struct rtl_record r;
	uint32_t loc;
	size_t i;

	(void)state;
	tep_set_long_size(tep, 8);
	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++)
		assert_int_equal(tep_parse_event(tep, fmts[i], strlen(fmts[i]), "osnoise"), 0);
	d = decoder_new(tep, DECODE_NOISE_EVENTS);
	assert_non_null(d);
	/* comm before the record: not read */
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 13, &r);
	assert_int_equal(r.kind, RECORD_NOISE_EVENT);
	assert_string_equal(r.noise.name, "");
	/* irq_noise's desc: 12 bytes at 40, past the record's 44 */
	loc = (12u << 16) | 40;
	memcpy(rec + 24, &loc, 4);
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 12, &r);
	assert_string_equal(r.noise.name, "");
	/* the __data_loc word itself past a record of 26 bytes */
	decode(tep, d, guarded(buf, sizeof(buf), rec, 26), 26, 12, &r);
	assert_string_equal(r.noise.name, "");
	decoder_free(d);
	tep_free(tep);
}

static void test_stack_depth(void **state)
{
	struct tep_handle *tep = tep_alloc();
	unsigned char rec[16 + 3 * 8] = { 0 }, buf[GUARD + 96 + GUARD];
	struct decoder *d;
	struct rtl_record r;
	uint64_t ip;
	int32_t depth = 20;
	int i;

	(void)state;
	tep_set_long_size(tep, 8);
	assert_int_equal(tep_parse_event(tep, fmt_stack, strlen(fmt_stack), "ftrace"), 0);
	d = decoder_new(tep, DECODE_STACK);
	assert_non_null(d);
	for (i = 0; i < 3; i++) {
		ip = 0xffffffff81000000ULL + i;
		memcpy(rec + 16 + 8 * i, &ip, 8);
	}
	/* the kernel writes as many words as it found: fewer than caller[8] */
	memcpy(rec + 8, &depth, 4);
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 4, &r);
	assert_int_equal(r.kind, RECORD_STACK);
	assert_int_equal(r.stack.depth, 3);
	assert_int_equal(r.stack.ip[2], 0xffffffff81000002ULL);
	/* a negative size, a record that ends before the words */
	depth = -1;
	memcpy(rec + 8, &depth, 4);
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 4, &r);
	assert_in_range(r.stack.depth, 0, 3);
	decode(tep, d, guarded(buf, sizeof(buf), rec, 12), 12, 4, &r);
	assert_int_equal(r.stack.depth, 0);
	decoder_free(d);
	tep_free(tep);
}

static int symbol_loads;

static void load_symbols(struct tep_handle *tep)
{
	char kallsyms[] = "ffffffff81000000 T timerlat_irq\nffffffff81000100 T do_idle\n"
			  "ffffffff81000200 T _etext\n";

	symbol_loads++;
	assert_int_equal(tep_parse_kallsyms(tep, kallsyms), 0);
}

/* kernel symbols are read at the first record that holds an address, once */
static int late_lookups;

/* a function of a module loaded after the symbols were */
static const char *late_symbol(uint64_t addr)
{
	late_lookups++;
	if (addr == 0xffffffff81000150ULL)	/* between two the tep knows */
		return "rtl_zoo_nmi";
	return addr == 0x1000 ? "late_module_fn" : NULL;
}

static void test_symbols_on_demand(void **state)
{
	struct tep_handle *tep = make_tep();
	unsigned char rec[16 + 2 * 8] = { 0 }, buf[GUARD + 96 + GUARD];
	unsigned char tl[64] = { 0 };
	struct decoder *d;
	struct rtl_record r;
	uint64_t ip[2] = { 0xffffffff81000004ULL, 0xffffffff81000180ULL };
	int32_t depth = 2;

	(void)state;
	assert_int_equal(tep_parse_event(tep, fmt_stack, strlen(fmt_stack), "ftrace"), 0);
	d = decoder_new(tep, DECODE_TIMERLAT | DECODE_STACK);
	assert_non_null(d);
	decoder_set_symbols(d, load_symbols, late_symbol);
	symbol_loads = 0;
	decode(tep, d, tl, sizeof(tl), 16, &r);
	assert_int_equal(r.kind, RECORD_TIMERLAT);
	assert_int_equal(symbol_loads, 0);
	memcpy(rec + 8, &depth, 4);
	memcpy(rec + 16, ip, sizeof(ip));
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 4, &r);
	assert_int_equal(symbol_loads, 1);
	assert_int_equal(r.stack.depth, 2);
	assert_string_equal(r.stack.sym[0], "timerlat_irq");
	assert_string_equal(r.stack.sym[1], "do_idle");
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 4, &r);
	assert_int_equal(symbol_loads, 1);
	assert_int_equal(late_lookups, 0);	/* the tep knew both */

	/* an address the symbols loaded do not know: asked of the late lookup */
	ip[1] = 0x1000;
	memcpy(rec + 16, ip, sizeof(ip));
	decode(tep, d, guarded(buf, sizeof(buf), rec, sizeof(rec)), sizeof(rec), 4, &r);
	assert_int_equal(symbol_loads, 1);
	assert_int_equal(late_lookups, 1);
	assert_string_equal(r.stack.sym[0], "timerlat_irq");
	assert_string_equal(r.stack.sym[1], "late_module_fn");
	decoder_free(d);
	tep_free(tep);
}

/*
 * An NMI handler is named by the function it starts: a module's handler,
 * loaded after the symbols were read, lies between two known symbols and
 * is not the lower one's (asked of the late lookup); a known start is not.
 */
static void test_nmi_handler_named_by_start(void **state)
{
	struct tep_handle *tep = make_tep();
	unsigned char rec[32] = { 0 };
	struct decoder *d;
	struct rtl_record r;
	uint64_t handler = 0xffffffff81000150ULL;
	int32_t handled = 1;

	(void)state;
	assert_int_equal(tep_parse_event(tep, fmt_nmi_handler, strlen(fmt_nmi_handler), "nmi"), 0);
	d = decoder_new(tep, DECODE_NMI_NAMES);
	assert_non_null(d);
	decoder_set_symbols(d, load_symbols, late_symbol);
	late_lookups = 0;
	memcpy(rec + 8, &handler, 8);
	memcpy(rec + 24, &handled, 4);
	decode(tep, d, rec, sizeof(rec), 5, &r);
	assert_int_equal(r.edge.kind, CTX_NMI);
	assert_int_equal(r.edge.ret, 1);
	assert_int_equal(late_lookups, 1);
	assert_string_equal(r.edge.name, "rtl_zoo_nmi");
	handler = 0xffffffff81000100ULL;	/* do_idle's start: the tep's answer */
	memcpy(rec + 8, &handler, 8);
	decode(tep, d, rec, sizeof(rec), 5, &r);
	assert_int_equal(late_lookups, 1);
	assert_string_equal(r.edge.name, "do_idle");
	handler = 0xffffffff81000180ULL;	/* known to neither */
	memcpy(rec + 8, &handler, 8);
	decode(tep, d, rec, sizeof(rec), 5, &r);
	assert_int_equal(late_lookups, 2);
	assert_string_equal(r.edge.name, "nmi");
	decoder_free(d);
	tep_free(tep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_osnoise_period_and_sample),
		cmocka_unit_test(test_noise_events),
		cmocka_unit_test(test_missing_event),
		cmocka_unit_test(test_record_shorter_than_format),
		cmocka_unit_test(test_strings_outside_record),
		cmocka_unit_test(test_stack_depth),
		cmocka_unit_test(test_symbols_on_demand),
		cmocka_unit_test(test_nmi_handler_named_by_start),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

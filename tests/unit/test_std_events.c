// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the standard-tracepoint decoders (DECODE_STD_EVENTS): the
 * event formats of a 6.18 x86_64 kernel parsed by libtraceevent, raw records
 * built by hand, RECORD_CTX edges checked; optional events may be missing
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

enum {
	ID_IRQ_ENTRY = 225, ID_IRQ_EXIT = 224, ID_SOFTIRQ_ENTRY = 223, ID_SOFTIRQ_EXIT = 222,
	ID_SWITCH = 372, ID_NMI = 170, ID_VECTOR_BASE = 100,
};

static const char fmt_irq_entry[] = "name: irq_handler_entry\nID: 225\nformat:\n" COMMON
	"\tfield:int irq;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:__data_loc char[] name;\toffset:12;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"irq=%d name=%s\", REC->irq, __get_str(name)\n";

static const char fmt_irq_exit[] = "name: irq_handler_exit\nID: 224\nformat:\n" COMMON
	"\tfield:int irq;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int ret;\toffset:12;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"irq=%d ret=%s\", REC->irq, REC->ret ? \"handled\" : \"unhandled\"\n";

#define SOFTIRQ_PRINT \
	"print fmt: \"vec=%u [action=%s]\", REC->vec, __print_symbolic(REC->vec, " \
	"{ 0, \"HI\" }, { 1, \"TIMER\" }, { 2, \"NET_TX\" }, { 3, \"NET_RX\" }, " \
	"{ 4, \"BLOCK\" }, { 5, \"IRQ_POLL\" }, { 6, \"TASKLET\" }, { 7, \"SCHED\" }, " \
	"{ 8, \"HRTIMER\" }, { 9, \"RCU\" })\n"

static const char fmt_softirq_entry[] = "name: softirq_entry\nID: 223\nformat:\n" COMMON
	"\tfield:unsigned int vec;\toffset:8;\tsize:4;\tsigned:0;\n\n" SOFTIRQ_PRINT;

static const char fmt_softirq_exit[] = "name: softirq_exit\nID: 222\nformat:\n" COMMON
	"\tfield:unsigned int vec;\toffset:8;\tsize:4;\tsigned:0;\n\n" SOFTIRQ_PRINT;

#define TASK_STATES \
	"((((0x00000000 | 0x00000001 | 0x00000002 | 0x00000004 | 0x00000008 | " \
	"0x00000010 | 0x00000020 | 0x00000040) + 1) << 1) - 1)"

#define SWITCH_FIELDS "name: sched_switch\nID: 372\nformat:\n" COMMON \
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n" \
	"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n" \
	"\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n" \
	"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n" \
	"\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n" \
	"\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n" \
	"\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n\n"

static const char fmt_switch[] = SWITCH_FIELDS
	"print fmt: \"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> "
	"next_comm=%s next_pid=%d next_prio=%d\", REC->prev_comm, REC->prev_pid, "
	"REC->prev_prio, (REC->prev_state & " TASK_STATES ") ? "
	"__print_flags(REC->prev_state & " TASK_STATES ", \"|\", { 0x00000001, \"S\" }, "
	"{ 0x00000002, \"D\" }, { 0x00000004, \"T\" }, { 0x00000008, \"t\" }, "
	"{ 0x00000010, \"X\" }, { 0x00000020, \"Z\" }, { 0x00000040, \"P\" }, "
	"{ 0x00000080, \"I\" }) : \"R\", REC->prev_state & (((0x00000000 | 0x00000001 | "
	"0x00000002 | 0x00000004 | 0x00000008 | 0x00000010 | 0x00000020 | 0x00000040) "
	"+ 1) << 1) ? \"+\" : \"\", REC->next_comm, REC->next_pid, REC->next_prio\n";

/* a kernel that would number the states otherwise: T is 0x40, t 0x80 */
static const char fmt_switch_renumbered[] = SWITCH_FIELDS
	"print fmt: \"prev_state=%s\", REC->prev_state ? __print_flags(REC->prev_state, "
	"\"|\", { 0x01, \"S\" }, { 0x40, \"T\" }, { 0x80, \"t\" }) : \"R\"\n";

/* a print fmt that names no state */
static const char fmt_switch_bare[] = SWITCH_FIELDS
	"print fmt: \"prev_pid=%d\", REC->prev_pid\n";

static const char fmt_nmi[] = "name: nmi_handler\nID: 170\nformat:\n" COMMON
	"\tfield:void * handler;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:s64 delta_ns;\toffset:16;\tsize:8;\tsigned:1;\n"
	"\tfield:int handled;\toffset:24;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%ps() delta_ns: %lld handled: %d\", REC->handler, REC->delta_ns, "
	"REC->handled\n";

/* every irq_vectors:*_{entry,exit} event is of the class x86_irq_vector */
#define FMT_VECTOR "name: %s\nID: %d\nformat:\n" COMMON \
	"\tfield:int vector;\toffset:8;\tsize:4;\tsigned:1;\n\n" \
	"print fmt: \"vector=%%d\", REC->vector\n"

static const char *const vector_sources[] = {
	"local_timer", "spurious_apic", "error_apic", "x86_platform_ipi", "irq_work",
	"reschedule", "call_function", "call_function_single", "threshold_apic",
	"deferred_error_apic", "thermal_apic",
};
#define NR_VECTOR_SOURCES	(int)(sizeof(vector_sources) / sizeof(vector_sources[0]))

/* ID of irq_vectors:<vector_sources[i]>_entry; its _exit is the next one */
static int vector_id(int i, bool exit)
{
	return ID_VECTOR_BASE + 2 * i + exit;
}

static void parse(struct tep_handle *tep, const char *fmt, const char *sys)
{
	assert_int_equal(tep_parse_event(tep, fmt, strlen(fmt), sys), 0);
}

static void parse_vectors(struct tep_handle *tep)
{
	char name[64], fmt[1024];
	int i, exit;

	for (i = 0; i < NR_VECTOR_SOURCES; i++) {
		for (exit = 0; exit < 2; exit++) {
			snprintf(name, sizeof(name), "%s_%s", vector_sources[i],
				 exit ? "exit" : "entry");
			snprintf(fmt, sizeof(fmt), FMT_VECTOR, name, vector_id(i, exit));
			parse(tep, fmt, "irq_vectors");
		}
	}
}

/* x86: every event; else no nmi and no irq_vectors (arm64, say) */
static struct tep_handle *make_tep_switch(bool x86, const char *switch_fmt)
{
	struct tep_handle *tep = tep_alloc();

	assert_non_null(tep);
	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	parse(tep, fmt_irq_entry, "irq");
	parse(tep, fmt_irq_exit, "irq");
	parse(tep, fmt_softirq_entry, "irq");
	parse(tep, fmt_softirq_exit, "irq");
	parse(tep, switch_fmt, "sched");
	if (x86) {
		parse(tep, fmt_nmi, "nmi");
		parse_vectors(tep);
	}
	return tep;
}

static struct tep_handle *make_tep(bool x86)
{
	return make_tep_switch(x86, fmt_switch);
}

static void decode(struct tep_handle *tep, struct decoder *d, void *data, int size, int id,
		   struct rtl_record *out)
{
	struct tep_record rec = { .ts = 5555, .size = size, .data = data };

	memcpy(data, &(uint16_t){ id }, 2);
	decoder_decode(d, tep_find_event(tep, id), &rec, 2, out);
}

static void put32(unsigned char *buf, int off, int32_t v)
{
	memcpy(buf + off, &v, 4);
}

static void put64(unsigned char *buf, int off, int64_t v)
{
	memcpy(buf + off, &v, 8);
}

static void test_irq_handler(void **state)
{
	struct tep_handle *tep = make_tep(true);
	struct decoder *d = decoder_new(tep, DECODE_STD_EVENTS);
	unsigned char buf[64] = { 0 };
	struct rtl_record r;

	(void)state;
	assert_non_null(d);
	put32(buf, 8, 42);
	put32(buf, 12, (10 << 16) | 16);	/* __data_loc: 10 bytes at 16 */
	memcpy(buf + 16, "nvme0q12", 9);
	decode(tep, d, buf, 26, ID_IRQ_ENTRY, &r);
	assert_int_equal(r.kind, RECORD_CTX);
	assert_int_equal(r.edge.kind, CTX_IRQ_ENTRY);
	assert_int_equal(r.edge.cpu, 2);
	assert_int_equal(r.edge.ts, 5555);
	assert_int_equal(r.edge.vector, 42);
	assert_string_equal(r.edge.name, "nvme0q12");

	memset(buf, 0, sizeof(buf));
	put32(buf, 8, 42);
	put32(buf, 12, 1);
	decode(tep, d, buf, 16, ID_IRQ_EXIT, &r);
	assert_int_equal(r.kind, RECORD_CTX);
	assert_int_equal(r.edge.kind, CTX_IRQ_EXIT);
	assert_int_equal(r.edge.vector, 42);
	assert_int_equal(r.edge.ret, 1);
	assert_string_equal(r.edge.name, "");
	decoder_free(d);
	tep_free(tep);
}

static void test_softirq(void **state)
{
	struct tep_handle *tep = make_tep(true);
	struct decoder *d = decoder_new(tep, DECODE_STD_EVENTS);
	unsigned char buf[16] = { 0 };
	struct rtl_record r;

	(void)state;
	assert_non_null(d);
	put32(buf, 8, 3);
	decode(tep, d, buf, 12, ID_SOFTIRQ_ENTRY, &r);
	assert_int_equal(r.edge.kind, CTX_SOFTIRQ_ENTRY);
	assert_int_equal(r.edge.vector, 3);
	assert_string_equal(r.edge.name, "NET_RX");

	put32(buf, 8, 9);
	decode(tep, d, buf, 12, ID_SOFTIRQ_EXIT, &r);
	assert_int_equal(r.edge.kind, CTX_SOFTIRQ_EXIT);
	assert_int_equal(r.edge.vector, 9);
	assert_string_equal(r.edge.name, "RCU");

	put32(buf, 8, 12);	/* a vector this table does not name */
	decode(tep, d, buf, 12, ID_SOFTIRQ_EXIT, &r);
	assert_int_equal(r.edge.vector, 12);
	assert_string_equal(r.edge.name, "softirq-12");
	assert_false(r.edge.rt_split);
	decoder_free(d);
	tep_free(tep);
}

/*
 * RT's softirqs for the osnoise analysis are marked to be split out of
 * their threads, also where the standard events decode them too (a KVM
 * host's vCPU threads); the standard events' alone are not
 */
static void test_rt_softirq_marked(void **state)
{
	const unsigned int sets[] = { DECODE_RT_SOFTIRQS, DECODE_RT_SOFTIRQS | DECODE_STD_EVENTS,
				      DECODE_STD_EVENTS };
	struct tep_handle *tep = make_tep(true);
	unsigned char buf[16] = { 0 };
	struct rtl_record r;
	size_t i;

	(void)state;
	put32(buf, 8, 6);
	for (i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		struct decoder *d = decoder_new(tep, sets[i]);

		assert_non_null(d);
		decode(tep, d, buf, 12, ID_SOFTIRQ_ENTRY, &r);
		assert_int_equal(r.edge.kind, CTX_SOFTIRQ_ENTRY);
		assert_string_equal(r.edge.name, "TASKLET");
		assert_int_equal(r.edge.rt_split, sets[i] & DECODE_RT_SOFTIRQS ? 1 : 0);
		decode(tep, d, buf, 12, ID_SOFTIRQ_EXIT, &r);
		assert_int_equal(r.edge.kind, CTX_SOFTIRQ_EXIT);
		assert_int_equal(r.edge.rt_split, sets[i] & DECODE_RT_SOFTIRQS ? 1 : 0);
		decoder_free(d);
	}
	tep_free(tep);
}

static void test_sched_switch(void **state)
{
	struct tep_handle *tep = make_tep(true);
	struct decoder *d = decoder_new(tep, DECODE_STD_EVENTS);
	unsigned char buf[64] = { 0 };
	struct rtl_record r;

	(void)state;
	assert_non_null(d);
	memcpy(buf + 8, "rtl_spinner", 12);
	put32(buf, 24, 412);
	put32(buf, 28, 120);
	put64(buf, 32, 1);				/* S */
	memcpy(buf + 40, "kworker/3:1H-kb", 16);	/* 15 chars and the NUL */
	put32(buf, 56, 97);
	put32(buf, 60, 100);
	decode(tep, d, buf, 64, ID_SWITCH, &r);
	assert_int_equal(r.kind, RECORD_CTX);
	assert_int_equal(r.edge.kind, CTX_SWITCH);
	assert_int_equal(r.edge.cpu, 2);
	assert_int_equal(r.edge.ts, 5555);
	assert_string_equal(r.edge.prev_comm, "rtl_spinner");
	assert_int_equal(r.edge.prev_pid, 412);
	assert_int_equal(r.edge.prev_state, 1);
	assert_string_equal(r.edge.next_comm, "kworker/3:1H-kb");
	assert_int_equal(r.edge.next_pid, 97);

	memset(buf, 0, sizeof(buf));
	memcpy(buf + 8, "swapper/2", 10);
	put64(buf, 32, 0);				/* R: preempted */
	memcpy(buf + 40, "irq/35-eth0", 12);
	put32(buf, 56, 311);
	decode(tep, d, buf, 64, ID_SWITCH, &r);
	assert_string_equal(r.edge.prev_comm, "swapper/2");
	assert_int_equal(r.edge.prev_pid, 0);
	assert_int_equal(r.edge.prev_state, 0);
	assert_string_equal(r.edge.next_comm, "irq/35-eth0");
	assert_int_equal(r.edge.next_pid, 311);
	decoder_free(d);
	tep_free(tep);
}

/* prev_state @state of a sched_switch parsed from @fmt: prev_stopped? */
static bool stopped_by(const char *fmt, int64_t state)
{
	struct tep_handle *tep = make_tep_switch(false, fmt);
	unsigned char buf[64] = { 0 };
	struct decoder *d;
	struct rtl_record r;

	d = decoder_new(tep, DECODE_STD_EVENTS);
	assert_non_null(d);
	put32(buf, 24, 500);
	put64(buf, 32, state);
	decode(tep, d, buf, 64, ID_SWITCH, &r);
	assert_int_equal(r.edge.kind, CTX_SWITCH);
	assert_int_equal(r.edge.prev_state, state);
	decoder_free(d);
	tep_free(tep);
	return r.edge.prev_stopped;
}

/*
 * A task switched out stopped (T: SIGSTOP, SIGTSTP) or traced (t: a
 * debugger), by the values the event's print fmt gives those letters, else
 * by the kernel's (0x4, 0x8)
 */
static void test_sched_switch_stopped(void **state)
{
	(void)state;
	assert_true(stopped_by(fmt_switch, 0x4));
	assert_true(stopped_by(fmt_switch, 0x8));
	assert_false(stopped_by(fmt_switch, 0x1));		/* S */
	assert_false(stopped_by(fmt_switch, 0x0));		/* R */
	assert_false(stopped_by(fmt_switch, 0x100));		/* R+: preempted */
	assert_false(stopped_by(fmt_switch, 0x80));		/* I */

	assert_true(stopped_by(fmt_switch_renumbered, 0x40));
	assert_true(stopped_by(fmt_switch_renumbered, 0x80));
	assert_false(stopped_by(fmt_switch_renumbered, 0x4));

	assert_true(stopped_by(fmt_switch_bare, 0x4));
	assert_true(stopped_by(fmt_switch_bare, 0x8));
	assert_false(stopped_by(fmt_switch_bare, 0x2));
}

static void nmi_record(unsigned char *buf, uint64_t handler, int64_t delta, int handled)
{
	memset(buf, 0, 32);
	put64(buf, 8, (int64_t)handler);
	put64(buf, 16, delta);
	put32(buf, 24, handled);
}

static void test_nmi_handler(void **state)
{
	struct tep_handle *tep = make_tep(true);
	struct decoder *d = decoder_new(tep, DECODE_STD_EVENTS);
	unsigned char buf[32];
	struct rtl_record r;

	(void)state;
	assert_non_null(d);
	/* no kallsyms: the handler is unknown */
	nmi_record(buf, 0xffffffff81012340ull, 4321, 1);
	decode(tep, d, buf, 28, ID_NMI, &r);
	assert_int_equal(r.kind, RECORD_CTX);
	assert_int_equal(r.edge.kind, CTX_NMI);
	assert_int_equal(r.edge.cpu, 2);
	assert_int_equal(r.edge.ts, 5555);
	assert_int_equal(r.edge.delta_ns, 4321);
	assert_int_equal(r.edge.ret, 1);
	assert_string_equal(r.edge.name, "nmi");
	decoder_free(d);
	tep_free(tep);
}

/* kallsyms loaded before the first lookup (libtraceevent maps them once) */
static void test_nmi_handler_symbols(void **state)
{
	static char kallsyms[] = "ffffffff81012340 t perf_event_nmi_handler\n"
				 "ffffffff81056780 t nmi_cpu_backtrace_handler\n";
	struct tep_handle *tep = make_tep(true);
	struct decoder *d;
	unsigned char buf[32];
	struct rtl_record r;

	(void)state;
	assert_int_equal(tep_parse_kallsyms(tep, kallsyms), 0);
	d = decoder_new(tep, DECODE_STD_EVENTS);
	assert_non_null(d);
	nmi_record(buf, 0xffffffff81012340ull, 4321, 1);
	decode(tep, d, buf, 28, ID_NMI, &r);
	assert_string_equal(r.edge.name, "perf_event_nmi_handler");
	assert_int_equal(r.edge.delta_ns, 4321);

	nmi_record(buf, 0xffffffff81056780ull, -5, 0);	/* a negative delta counts as 0 */
	decode(tep, d, buf, 28, ID_NMI, &r);
	assert_string_equal(r.edge.name, "nmi_cpu_backtrace_handler");
	assert_int_equal(r.edge.delta_ns, 0);
	assert_int_equal(r.edge.ret, 0);
	decoder_free(d);
	tep_free(tep);
}

static void test_irq_vectors(void **state)
{
	struct tep_handle *tep = make_tep(true);
	struct decoder *d = decoder_new(tep, DECODE_STD_EVENTS);
	unsigned char buf[16] = { 0 };
	struct rtl_record r;
	int i;

	(void)state;
	assert_non_null(d);
	put32(buf, 8, 236);
	decode(tep, d, buf, 12, vector_id(0, false), &r);
	assert_int_equal(r.kind, RECORD_CTX);
	assert_int_equal(r.edge.kind, CTX_VECTOR_ENTRY);
	assert_int_equal(r.edge.vector, 236);
	assert_string_equal(r.edge.name, "local_timer");

	put32(buf, 8, 251);
	decode(tep, d, buf, 12, vector_id(7, true), &r);
	assert_int_equal(r.edge.kind, CTX_VECTOR_EXIT);
	assert_int_equal(r.edge.vector, 251);
	assert_string_equal(r.edge.name, "call_function_single");

	/* every source, entry and exit: all bound (the decoder holds them all) */
	for (i = 0; i < NR_VECTOR_SOURCES; i++) {
		put32(buf, 8, 200 + i);
		decode(tep, d, buf, 12, vector_id(i, false), &r);
		assert_int_equal(r.edge.kind, CTX_VECTOR_ENTRY);
		assert_int_equal(r.edge.vector, 200 + i);
		assert_string_equal(r.edge.name, vector_sources[i]);
		decode(tep, d, buf, 12, vector_id(i, true), &r);
		assert_int_equal(r.edge.kind, CTX_VECTOR_EXIT);
		assert_string_equal(r.edge.name, vector_sources[i]);
	}
	decoder_free(d);
	tep_free(tep);
}

/* arm64 and others: no nmi:nmi_handler, no irq_vectors; still decodes the rest */
static void test_optional_missing(void **state)
{
	struct tep_handle *tep = make_tep(false);
	struct decoder *d = decoder_new(tep, DECODE_STD_EVENTS);
	unsigned char buf[16] = { 0 };
	struct rtl_record r;

	(void)state;
	assert_non_null(d);
	put32(buf, 8, 1);
	decode(tep, d, buf, 12, ID_SOFTIRQ_ENTRY, &r);
	assert_int_equal(r.edge.kind, CTX_SOFTIRQ_ENTRY);
	assert_string_equal(r.edge.name, "TIMER");
	decoder_free(d);
	tep_free(tep);
}

/* a required event missing is refused */
static void test_required_missing(void **state)
{
	struct tep_handle *tep = tep_alloc();

	(void)state;
	parse(tep, fmt_irq_entry, "irq");
	parse(tep, fmt_irq_exit, "irq");
	parse(tep, fmt_softirq_entry, "irq");
	parse(tep, fmt_switch, "sched");
	parse(tep, fmt_nmi, "nmi");
	assert_null(decoder_new(tep, DECODE_STD_EVENTS));	/* no irq:softirq_exit */
	tep_free(tep);
}

static bool listed(const struct std_tracepoint *tp, int n, const char *name, bool optional)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(tp[i].name, name))
			return tp[i].optional == optional;
	return false;
}

static void test_tracepoint_list(void **state)
{
	const struct std_tracepoint *tp = NULL;
	int n = std_events_tracepoints(&tp), i;
	char name[96];

	(void)state;
	assert_non_null(tp);
	assert_int_equal(n, 7 + 2 * NR_VECTOR_SOURCES);
	assert_int_equal(n, nr_std_decoders);
	for (i = 0; i < n; i++) {
		/* the same events, in the same order, as the decoders */
		snprintf(name, sizeof(name), "%s:%s", std_decoders[i].system, std_decoders[i].name);
		assert_string_equal(tp[i].name, name);
		assert_string_equal(tp[i].system, std_decoders[i].system);
		assert_string_equal(tp[i].event, std_decoders[i].name);
		assert_int_equal(tp[i].optional, std_decoders[i].optional);
	}
	assert_true(listed(tp, n, "irq:irq_handler_entry", false));
	assert_true(listed(tp, n, "irq:irq_handler_exit", false));
	assert_true(listed(tp, n, "irq:softirq_entry", false));
	assert_true(listed(tp, n, "irq:softirq_exit", false));
	assert_true(listed(tp, n, "sched:sched_switch", false));
	assert_true(listed(tp, n, "sched:sched_wakeup", true));
	assert_true(listed(tp, n, "nmi:nmi_handler", true));
	for (i = 0; i < NR_VECTOR_SOURCES; i++) {
		snprintf(name, sizeof(name), "irq_vectors:%s_entry", vector_sources[i]);
		assert_true(listed(tp, n, name, true));
		snprintf(name, sizeof(name), "irq_vectors:%s_exit", vector_sources[i]);
		assert_true(listed(tp, n, name, true));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_irq_handler),
		cmocka_unit_test(test_softirq),
		cmocka_unit_test(test_rt_softirq_marked),
		cmocka_unit_test(test_sched_switch),
		cmocka_unit_test(test_sched_switch_stopped),
		cmocka_unit_test(test_nmi_handler),
		cmocka_unit_test(test_nmi_handler_symbols),
		cmocka_unit_test(test_irq_vectors),
		cmocka_unit_test(test_optional_missing),
		cmocka_unit_test(test_required_missing),
		cmocka_unit_test(test_tracepoint_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

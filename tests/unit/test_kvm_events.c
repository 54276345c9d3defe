// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the kvm event decoder: kvm:kvm_exit in the 6.1 format
 * (print fmt shortened to a few reasons of each ISA), raw records built by
 * hand; the reason is named by the event's own table
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

static const char fmt_exit[] = "name: kvm_exit\nID: 41\nformat:\n" COMMON
	"\tfield:unsigned int exit_reason;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned long guest_rip;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u32 isa;\toffset:24;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int vcpu_id;\toffset:28;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"vcpu %u reason %s%s%s rip 0x%lx\", REC->vcpu_id, (REC->isa == 1) ? "
	"__print_symbolic(REC->exit_reason & 0xffff, { 1, \"EXTERNAL_INTERRUPT\" }, "
	"{ 10, \"CPUID\" }, { 30, \"IO_INSTRUCTION\" }) : __print_symbolic(REC->exit_reason, "
	"{ 0x060, \"interrupt\" }, { 0x072, \"cpuid\" }, { 0x07b, \"io\" }), "
	"(REC->isa == 1 && REC->exit_reason & ~0xffff) ? \" \" : \"\", (REC->isa == 1) ? "
	"__print_flags(REC->exit_reason & ~0xffff, \" \", { 0x80000000, \"FAILED_VMENTRY\" }) "
	": \"\", REC->guest_rip\n";

static struct tep_handle *make_tep(void)
{
	struct tep_handle *tep = tep_alloc();

	assert_non_null(tep);
	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	assert_int_equal(tep_parse_event(tep, fmt_exit, strlen(fmt_exit), "kvm"), 0);
	return tep;
}

static void decode(struct tep_handle *tep, struct decoder *d, unsigned char *data, int id,
		   int pid, struct rtl_record *out)
{
	struct tep_record rec = { .ts = 555, .size = 32, .data = data };

	memcpy(data, &(uint16_t){ id }, 2);
	memcpy(data + 4, &pid, 4);
	decoder_decode(d, tep_find_event(tep, id), &rec, 2, out);
}

static void exit_record(unsigned char *buf, uint32_t reason, uint32_t isa, uint32_t vcpu)
{
	memset(buf, 0, 32);
	memcpy(buf + 8, &reason, 4);
	memcpy(buf + 24, &isa, 4);
	memcpy(buf + 28, &vcpu, 4);
}

/* SVM (isa 2) and VMX (isa 1) reasons, each named by the event's table */
static void test_exit_reasons(void **state)
{
	static const struct { uint32_t reason, isa; const char *name; } cases[] = {
		{ 0x07b, 2, "io" }, { 0x072, 2, "cpuid" }, { 0x060, 2, "interrupt" },
		{ 30, 1, "IO_INSTRUCTION" }, { 1, 1, "EXTERNAL_INTERRUPT" },
		{ 0x80000001, 1, "EXTERNAL_INTERRUPT FAILED_VMENTRY" },
		{ 0x07b, 2, "io" },	/* again: from the cache */
		{ 999, 2, "0x3e7" },	/* not in the table: libtraceevent's number */
	};
	struct tep_handle *tep = make_tep();
	struct decoder *d = decoder_new(tep, DECODE_KVM);
	unsigned char buf[32];
	struct rtl_record r;
	size_t i;

	(void)state;
	assert_non_null(d);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		exit_record(buf, cases[i].reason, cases[i].isa, 1);
		decode(tep, d, buf, 41, 99, &r);
		assert_int_equal(r.kind, RECORD_KVM);
		assert_int_equal(r.kvm.cpu, 2);
		assert_int_equal(r.kvm.ts, 555);
		assert_int_equal(r.kvm.pid, 99);
		assert_int_equal(r.kvm.vcpu_id, 1);
		assert_string_equal(r.kvm.reason, cases[i].name);
	}
	decoder_free(d);
	tep_free(tep);
}

/*
 * A record shorter than its format: nothing past it is read, not by the
 * decoder and not by libtraceevent printing the reason (bytes 0xaa after it).
 */
static void test_short_record(void **state)
{
	struct tep_handle *tep = make_tep();
	struct decoder *d = decoder_new(tep, DECODE_KVM);
	unsigned char buf[64];
	struct tep_record rec = { .ts = 1, .data = buf };
	uint16_t id = 41;
	struct rtl_record r;
	int32_t pid = 99;

	(void)state;
	assert_non_null(d);
	memset(buf, 0xaa, sizeof(buf));
	memcpy(buf, &id, 2);
	memcpy(buf + 4, &pid, 4);
	memset(buf + 8, 0, 8);
	rec.size = 16;		/* isa (24) and vcpu_id (28) are past the end */
	decoder_decode(d, tep_find_event(tep, id), &rec, 0, &r);
	assert_int_equal(r.kind, RECORD_KVM);
	assert_int_equal(r.kvm.pid, 99);
	assert_int_equal(r.kvm.vcpu_id, 0);
	assert_string_equal(r.kvm.reason, "unknown");
	rec.size = 6;		/* not even common_pid */
	decoder_decode(d, tep_find_event(tep, id), &rec, 0, &r);
	assert_int_equal(r.kvm.pid, 0);
	decoder_free(d);
	tep_free(tep);
}

/* a kernel without kvm loaded has no kvm events: DECODE_KVM fails loudly */
static void test_missing(void **state)
{
	struct tep_handle *tep = tep_alloc();

	(void)state;
	assert_non_null(tep);
	assert_null(decoder_new(tep, DECODE_KVM));
	tep_free(tep);
}

/* arm64's kvm_exit (6.1): other fields, not decoded */
static const char fmt_exit_arm64[] = "name: kvm_exit\nID: 42\nformat:\n" COMMON
	"\tfield:int ret;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned int esr_ec;\toffset:12;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned long vcpu_pc;\toffset:16;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"%s: HSR_EC: 0x%04x, PC: 0x%016lx\", \"exit\", REC->esr_ec, "
	"REC->vcpu_pc\n";

/* only x86's kvm_exit is usable: with its fields, not arm64's, not none */
static void test_usable(void **state)
{
	struct tep_handle *x86 = make_tep(), *arm64 = tep_alloc(), *none = tep_alloc();

	(void)state;
	assert_non_null(arm64);
	assert_non_null(none);
	assert_int_equal(tep_parse_event(arm64, fmt_exit_arm64, strlen(fmt_exit_arm64), "kvm"), 0);
	assert_true(kvm_exit_usable(x86));
	assert_false(kvm_exit_usable(arm64));
	assert_false(kvm_exit_usable(none));
	tep_free(x86);
	tep_free(arm64);
	tep_free(none);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_reasons),
		cmocka_unit_test(test_short_record),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_usable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the kvm event decoders: kvm:kvm_exit in the 6.1 format
 * (print fmt shortened to a few reasons of each ISA), raw records built by
 * hand, the reason named by the event's own table; kvm:kvm_entry of 6.1 and
 * 6.18, kvm:kvm_userspace_exit
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

/* a record of @size bytes at @data, its type and pid set */
static void decode(struct tep_handle *tep, struct decoder *d, unsigned char *data, int size,
		   int id, int pid, struct rtl_record *out)
{
	struct tep_record rec = { .ts = 555, .size = size, .data = data };

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
		decode(tep, d, buf, 32, 41, 99, &r);
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

/* kvm_entry of 6.1: vcpu_id and rip */
static const char fmt_entry_61[] = "name: kvm_entry\nID: 43\nformat:\n" COMMON
	"\tfield:unsigned int vcpu_id;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned long rip;\toffset:16;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"vcpu %u, rip 0x%lx\", REC->vcpu_id, REC->rip\n";

/* kvm_entry of 6.18: immediate_exit (6.9), intr_info and error_code too */
static const char fmt_entry_618[] = "name: kvm_entry\nID: 43\nformat:\n" COMMON
	"\tfield:unsigned int vcpu_id;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned long rip;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:bool immediate_exit;\toffset:24;\tsize:1;\tsigned:0;\n"
	"\tfield:u32 intr_info;\toffset:28;\tsize:4;\tsigned:0;\n"
	"\tfield:u32 error_code;\toffset:32;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"vcpu %u, rip 0x%lx intr_info 0x%08x error_code 0x%08x%s\", "
	"REC->vcpu_id, REC->rip, REC->intr_info, REC->error_code, "
	"REC->immediate_exit ? \"[immediate exit]\" : \"\"\n";

/* arm64's (6.1): no vcpu_id */
static const char fmt_entry_arm64[] = "name: kvm_entry\nID: 43\nformat:\n" COMMON
	"\tfield:unsigned long vcpu_pc;\toffset:8;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"PC: 0x%016lx\", REC->vcpu_pc\n";

/* the same on 6.1 and 6.18 (print fmt shortened to one reason) */
static const char fmt_userspace[] = "name: kvm_userspace_exit\nID: 44\nformat:\n" COMMON
	"\tfield:__u32 reason;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:int errno;\toffset:12;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"reason %s (%d)\", REC->errno < 0 ? (REC->errno == -4 ? \"restart\" : "
	"\"error\") : __print_symbolic(REC->reason, { 2, \"KVM_EXIT_\" \"IO\" }), "
	"REC->errno < 0 ? -REC->errno : REC->reason\n";

static struct tep_handle *vcpu_tep(const char *entry, bool userspace)
{
	struct tep_handle *tep = make_tep();

	assert_int_equal(tep_parse_event(tep, entry, strlen(entry), "kvm"), 0);
	if (userspace)
		assert_int_equal(tep_parse_event(tep, fmt_userspace, strlen(fmt_userspace),
						 "kvm"), 0);
	return tep;
}

/* kvm_entry: the vCPU, and immediate_exit where the kernel has it */
static void test_entry(void **state)
{
	static const struct { const char *fmt; int size; bool immediate; } kernels[] = {
		{ fmt_entry_61, 24, false }, { fmt_entry_618, 40, true },
	};
	unsigned char buf[40];
	struct rtl_record r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
		struct tep_handle *tep = vcpu_tep(kernels[i].fmt, true);
		struct decoder *d = decoder_new(tep, DECODE_KVM | DECODE_KVM_VCPU);

		assert_non_null(d);
		memset(buf, 0, sizeof(buf));
		memcpy(buf + 8, &(uint32_t){ 3 }, 4);
		buf[24] = 1;	/* 6.1: not a field (padding) */
		decode(tep, d, buf, kernels[i].size, 43, 4242, &r);
		assert_int_equal(r.kind, RECORD_KVM);
		assert_int_equal(r.kvm.kind, KVM_EDGE_ENTRY);
		assert_int_equal(r.kvm.cpu, 2);
		assert_int_equal(r.kvm.ts, 555);
		assert_int_equal(r.kvm.pid, 4242);
		assert_int_equal(r.kvm.vcpu_id, 3);
		assert_int_equal(r.kvm.immediate_exit, kernels[i].immediate);
		/* kvm_exit, decoded beside it, is still an exit */
		exit_record(buf, 0x072, 2, 3);
		decode(tep, d, buf, 32, 41, 4242, &r);
		assert_int_equal(r.kvm.kind, KVM_EDGE_EXIT);
		assert_string_equal(r.kvm.reason, "cpuid");
		decoder_free(d);
		tep_free(tep);
	}
}

/* kvm_userspace_exit: the uapi's reason, or KVM_RUN's failure */
static void test_userspace(void **state)
{
	static const struct { uint32_t reason; int32_t err; const char *name; } cases[] = {
		{ 2, 0, "KVM_EXIT_IO" }, { 6, 0, "KVM_EXIT_MMIO" }, { 5, 0, "KVM_EXIT_HLT" },
		{ 40, 0, "KVM_EXIT_TDX" }, { 99, 0, "KVM_EXIT_99" },
		{ 10, -4, "restart" }, { 0, -14, "error" },
	};
	struct tep_handle *tep = vcpu_tep(fmt_entry_61, true);
	struct decoder *d = decoder_new(tep, DECODE_KVM | DECODE_KVM_VCPU);
	unsigned char buf[16];
	struct rtl_record r;
	size_t i;

	(void)state;
	assert_non_null(d);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(buf, 0, sizeof(buf));
		memcpy(buf + 8, &cases[i].reason, 4);
		memcpy(buf + 12, &cases[i].err, 4);
		decode(tep, d, buf, 16, 44, 4242, &r);
		assert_int_equal(r.kind, RECORD_KVM);
		assert_int_equal(r.kvm.kind, KVM_EDGE_USERSPACE);
		assert_int_equal(r.kvm.pid, 4242);
		assert_int_equal(r.kvm.vcpu_id, -1);
		assert_int_equal(r.kvm.err, cases[i].err);
		assert_string_equal(r.kvm.reason, cases[i].name);
	}
	decoder_free(d);
	tep_free(tep);
}

/* the three events, x86's: then DECODE_KVM_VCPU is usable */
static void test_vcpu_usable(void **state)
{
	struct tep_handle *x86 = vcpu_tep(fmt_entry_618, true);
	struct tep_handle *no_userspace = vcpu_tep(fmt_entry_61, false);
	struct tep_handle *arm64 = vcpu_tep(fmt_entry_arm64, true);

	(void)state;
	assert_true(kvm_vcpu_usable(x86));
	assert_false(kvm_vcpu_usable(no_userspace));
	assert_false(kvm_vcpu_usable(arm64));
	assert_null(decoder_new(no_userspace, DECODE_KVM_VCPU));
	assert_null(decoder_new(arm64, DECODE_KVM_VCPU));
	tep_free(x86);
	tep_free(no_userspace);
	tep_free(arm64);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_reasons),
		cmocka_unit_test(test_short_record),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_usable),
		cmocka_unit_test(test_entry),
		cmocka_unit_test(test_userspace),
		cmocka_unit_test(test_vcpu_usable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * kvm_vcpu_events - the rest of a vCPU's way out of guest mode and back, on a
 * KVM host: kvm:kvm_entry (the thread enters guest mode) and
 * kvm:kvm_userspace_exit (KVM_RUN returns to the VMM, which handles the exit
 * in user space: a heavy exit)
 *
 * kvm_entry has vcpu_id and rip on every x86 kernel; immediate_exit came
 * later (6.1's has not, 6.18's has, with intr_info and error_code), so it
 * is looked up apart and reads as false where it is missing.
 * kvm_userspace_exit (include/trace/events/kvm.h) has reason and errno on
 * every architecture; the reason is a KVM_EXIT_* of the uapi, whose
 * numbers never change.
 */
#include <errno.h>
#include <stdio.h>

#include <event-parse.h>

#include "decode/decode.h"

/* include/uapi/linux/kvm.h, as the kernel prints them */
static const char *const exit_names[] = {
	"UNKNOWN", "EXCEPTION", "IO", "HYPERCALL", "DEBUG", "HLT", "MMIO",
	"IRQ_WINDOW_OPEN", "SHUTDOWN", "FAIL_ENTRY", "INTR", "SET_TPR", "TPR_ACCESS",
	"S390_SIEIC", "S390_RESET", "DCR", "NMI", "INTERNAL_ERROR", "OSI", "PAPR_HCALL",
	"S390_UCONTROL", "WATCHDOG", "S390_TSCH", "EPR", "SYSTEM_EVENT", "S390_STSI",
	"IOAPIC_EOI", "HYPERV", "ARM_NISV", "X86_RDMSR", "X86_WRMSR", "DIRTY_RING_FULL",
	"AP_RESET_HOLD", "X86_BUS_LOCK", "XEN", "RISCV_SBI", "RISCV_CSR", "NOTIFY",
	"LOONGARCH_IOCSR", "MEMORY_FAULT", "TDX",
};

/* what the event prints: KVM_RUN failed ("restart": a signal), or the exit */
static void userspace_reason(uint32_t reason, int err, char *buf, size_t len)
{
	if (err < 0)
		snprintf(buf, len, "%s", err == -EINTR ? "restart" : "error");
	else if (reason < sizeof(exit_names) / sizeof(exit_names[0]))
		snprintf(buf, len, "KVM_EXIT_%s", exit_names[reason]);
	else
		snprintf(buf, len, "KVM_EXIT_%u", reason);
}

enum { KE_VCPU, KE_IMMEDIATE };

static void bind_entry(struct event_decoder *ed, struct tep_event *ev)
{
	ed->f[KE_IMMEDIATE] = tep_find_field(ev, "immediate_exit");	/* NULL: reads 0 */
}

static void decode_entry(const struct event_decoder *ed, struct tep_record *rec,
			 struct rtl_record *out)
{
	out->kind = RECORD_KVM;
	out->kvm.kind = KVM_EDGE_ENTRY;
	out->kvm.pid = decode_pid(ed, rec);
	out->kvm.vcpu_id = (int)decode_u64(ed, KE_VCPU, rec);
	out->kvm.immediate_exit = decode_u64(ed, KE_IMMEDIATE, rec) != 0;
}

enum { KU_REASON, KU_ERRNO };

static void decode_userspace(const struct event_decoder *ed, struct tep_record *rec,
			     struct rtl_record *out)
{
	uint32_t reason = (uint32_t)decode_u64(ed, KU_REASON, rec);

	out->kind = RECORD_KVM;
	out->kvm.kind = KVM_EDGE_USERSPACE;
	out->kvm.pid = decode_pid(ed, rec);
	out->kvm.vcpu_id = -1;
	out->kvm.err = (int32_t)(uint32_t)decode_u64(ed, KU_ERRNO, rec);
	userspace_reason(reason, out->kvm.err, out->kvm.reason, sizeof(out->kvm.reason));
}

const struct event_decoder kvm_vcpu_decoders[] = {
	{ .system = "kvm", .name = "kvm_entry", .decode = decode_entry, .bind = bind_entry,
	  .fields = { "vcpu_id" } },
	EVENT_DECODER("kvm", "kvm_userspace_exit", decode_userspace, "reason", "errno"),
};
const int nr_kvm_vcpu_decoders = sizeof(kvm_vcpu_decoders) / sizeof(kvm_vcpu_decoders[0]);

/* arm64's kvm_entry has vcpu_pc and no vcpu_id: only x86's is decoded */
bool kvm_vcpu_usable(struct tep_handle *tep)
{
	int i;

	for (i = 0; i < nr_kvm_vcpu_decoders; i++)
		if (!decode_event_usable(tep, &kvm_vcpu_decoders[i]))
			return false;
	return kvm_exit_usable(tep);
}

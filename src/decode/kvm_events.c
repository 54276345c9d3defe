// SPDX-License-Identifier: GPL-2.0
/*
 * kvm_events - kvm:kvm_exit on a KVM host: which thread runs which vCPU, and
 * why the vCPU left guest mode
 *
 * An exit's reason is a number whose name depends on the ISA (VMX or SVM);
 * the event's print format maps it (__print_symbolic). libtraceevent prints
 * the event once per (isa, reason) pair and the name after "reason " is
 * kept: the kernel's own table, whatever its version.
 */
#include <stdio.h>
#include <string.h>

#include <event-parse.h>
#include <trace-seq.h>

#include "decode/decode.h"

#define REASON_CACHE	64

struct reason_name {
	bool		used;
	uint32_t	isa;
	uint32_t	code;
	char		name[KVM_REASON_LEN];
};

static struct reason_name reason_cache[REASON_CACHE];

/* the word(s) after "reason " up to " rip", from the event as printed */
static void reason_from_info(const char *info, char *buf, size_t len)
{
	const char *p = strstr(info, "reason ");
	const char *end;

	if (!p) {
		snprintf(buf, len, "unknown");
		return;
	}
	p += strlen("reason ");
	end = strstr(p, " rip");
	if (!end)
		end = p + strcspn(p, " ");
	snprintf(buf, len, "%.*s", (int)(end - p), p);
}

static void print_reason(const struct event_decoder *ed, struct tep_record *rec,
			 char *buf, size_t len)
{
	struct trace_seq s;

	trace_seq_init(&s);
	tep_print_event(ed->tep, &s, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&s);
	reason_from_info(s.buffer ? s.buffer : "", buf, len);
	trace_seq_destroy(&s);
}

static void reason_name(const struct event_decoder *ed, struct tep_record *rec,
			uint32_t isa, uint32_t code, char *buf, size_t len)
{
	struct reason_name *r;
	int i;

	for (i = 0; i < REASON_CACHE; i++) {
		r = &reason_cache[i];
		if (!r->used)
			break;
		if (r->isa == isa && r->code == code) {
			snprintf(buf, len, "%s", r->name);
			return;
		}
	}
	/* libtraceevent prints what the format says: only a record that holds it */
	if (!decode_record_fits(ed, rec)) {
		snprintf(buf, len, "unknown");
		return;
	}
	print_reason(ed, rec, buf, len);
	if (i == REASON_CACHE)
		return;
	r->used = true;
	r->isa = isa;
	r->code = code;
	snprintf(r->name, sizeof(r->name), "%s", buf);
}

enum { KX_VCPU, KX_REASON, KX_ISA };

static void decode_exit(const struct event_decoder *ed, struct tep_record *rec,
			struct rtl_record *out)
{
	out->kind = RECORD_KVM;
	out->kvm.kind = KVM_EDGE_EXIT;
	out->kvm.pid = decode_pid(ed, rec);
	out->kvm.vcpu_id = (int)decode_u64(ed, KX_VCPU, rec);
	reason_name(ed, rec, (uint32_t)decode_u64(ed, KX_ISA, rec),
		    (uint32_t)decode_u64(ed, KX_REASON, rec),
		    out->kvm.reason, sizeof(out->kvm.reason));
}

const struct event_decoder kvm_decoders[] = {
	EVENT_DECODER("kvm", "kvm_exit", decode_exit, "vcpu_id", "exit_reason", "isa"),
};
const int nr_kvm_decoders = sizeof(kvm_decoders) / sizeof(kvm_decoders[0]);

/*
 * x86's kvm_exit has the fields read above; other architectures name theirs
 * otherwise (arm64: ret, esr_ec, vcpu_pc), and are not decoded.
 */
bool kvm_exit_usable(struct tep_handle *tep)
{
	return decode_event_usable(tep, &kvm_decoders[0]);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_action.bpf.c - an example --bpf-action program: rtlens's BPF
 * counting program (src/source/bpf/counts.bpf.c) tail-calls it, in the
 * kernel, at the osnoise:timerlat_sample that crosses a stop threshold
 * (-i, -T), before the tracer even stops. It counts its runs and writes
 * one line to the trace (the top instance's trace_pipe). Built by `make`
 * into build/sample/timerlat_action.bpf.o when clang is there:
 *
 *   rtlens timerlat top -T 100 --bpf-action build/sample/timerlat_action.bpf.o
 *   cat /sys/kernel/tracing/trace_pipe
 *
 * Its program must be in section "tp/timerlat_action" and take the
 * tracepoint's record; what it can do is what a tracepoint program can:
 * maps, helpers, another tail call.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* the record of osnoise:timerlat_sample, relocated against the kernel's BTF */
struct trace_event_raw_timerlat_sample {
	__u64		timer_latency;
	unsigned int	seqnum;
	int		context;
} __attribute__((preserve_access_index));

/* how many times the action ran: bpftool map dump name timerlat_.bss */
__u64 runs;

SEC("tp/timerlat_action")
int timerlat_action(struct trace_event_raw_timerlat_sample *s)
{
	runs++;
	bpf_printk("timerlat_action: cpu %d context %d latency %llu ns",
		   bpf_get_smp_processor_id(), s->context, s->timer_latency);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";

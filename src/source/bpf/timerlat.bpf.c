// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat.bpf.c - timerlat samples counted where they happen: a BPF program
 * on the osnoise:timerlat_sample tracepoint keeps, per CPU and context (IRQ,
 * thread, return to user), the statistics and the histogram that
 * model/latency_model.c keeps from the ring buffer, so that rtlens reads
 * totals instead of every sample. Built by `make` with clang into a
 * skeleton (bpftool gen skeleton); loaded by source/bpf_counts.c.
 *
 * The layout of the maps is shared with userspace through bpf_counts.h's
 * struct bpf_lat_stats; the tracepoint's record is relocated against the
 * running kernel's BTF (CO-RE), so one object serves every kernel that has
 * the event.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "../bpf_layout.h"

/* the tracepoint's record; field offsets come from the kernel's BTF */
struct trace_event_raw_timerlat_sample {
	__u64		timer_latency;
	unsigned int	seqnum;
	int		context;
} __attribute__((preserve_access_index));

/* set by userspace before the load */
const volatile __u32 nr_cpus = 1;
const volatile __u64 divisor = 1000;		/* ns per output unit */
const volatile __u64 bucket_size = 1;		/* in output units */
const volatile __u64 entries = 256;		/* buckets; [entries] counts "over" */
const volatile __u64 stop_irq_us;		/* the tracer's stop_tracing_us */
const volatile __u64 stop_thread_us;		/* the tracer's stop_tracing_total_us */

/*
 * written here, read (and cleared on a restart) by userspace: the sample
 * that stopped the counting. Stopped until userspace starts it, when the
 * tracer records into its ring buffers too.
 */
__u32 stopped = 1;
__s32 stop_cpu = -1;
__s32 stop_context;
__u32 stop_seqnum;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, struct bpf_lat_stats);
	__uint(max_entries, 1);			/* nr_cpus x BPF_LAT_CONTEXTS */
} stats SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 1);			/* stats' entries x (entries + 1) */
} hist SEC(".maps");

/* --bpf-action: the user's program, tail-called at the sample that stops */
struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 1);
} action SEC(".maps");

/* the tracer stops on the same comparison (kernel/trace/trace_osnoise.c) */
static __always_inline int over_stop(int context, __u64 latency_ns)
{
	__u64 limit = context == BPF_LAT_IRQ ? stop_irq_us : stop_thread_us;

	return limit && latency_ns / 1000 >= limit;
}

static __always_inline void count_bucket(__u32 key, __u64 value)
{
	__u64 idx = value / bucket_size;
	__u64 *slot;
	__u32 hkey;

	if (idx > entries)
		idx = entries;
	hkey = key * (entries + 1) + idx;
	slot = bpf_map_lookup_elem(&hist, &hkey);
	if (slot)
		*slot += 1;
}

static __always_inline int count_sample(__u64 latency, unsigned int seqnum, int context)
{
	__u32 cpu = bpf_get_smp_processor_id();
	struct bpf_lat_stats *st;
	__u64 value;
	__u32 key;

	if (stopped || cpu >= nr_cpus || context < 0 || context >= BPF_LAT_CONTEXTS)
		return 0;
	key = cpu * BPF_LAT_CONTEXTS + context;
	st = bpf_map_lookup_elem(&stats, &key);
	if (!st)
		return 0;
	value = latency / divisor;
	if (!st->count || value < st->min)
		st->min = value;
	if (value > st->max)
		st->max = value;
	st->cur = value;
	st->sum += value;
	st->count++;
	count_bucket(key, value);
	if (!over_stop(context, latency))
		return 0;
	stop_cpu = cpu;
	stop_context = context;
	stop_seqnum = seqnum;
	stopped = 1;
	return 1;
}

/*
 * Older kernels have no such tracepoint, and their kernel/trace/ is built
 * without the function entries that fentry attaches to (seen on Debian's
 * 6.1: EBUSY); a kprobe would lengthen the timerlat IRQ it measures. At the
 * sample that stops, the --bpf-action program runs in its place, with the
 * same record (nothing happens when there is none).
 */
SEC("tp/osnoise/timerlat_sample")
int rtlens_timerlat_sample(struct trace_event_raw_timerlat_sample *s)
{
	if (count_sample(s->timer_latency, s->seqnum, s->context))
		bpf_tail_call(s, &action, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";

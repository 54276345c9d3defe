// SPDX-License-Identifier: GPL-2.0
/*
 * counts.bpf.c - the tracers' samples counted where they happen, so that
 * rtlens reads totals instead of every sample, however many there are:
 *
 *  - timerlat: a program on osnoise:timerlat_sample keeps, per CPU and
 *    context (IRQ, thread, return to user), the statistics and the
 *    histogram that model/latency_model.c keeps from the ring buffer;
 *  - osnoise: a program on osnoise:sample_threshold keeps, per CPU, the
 *    noise samples' statistics and histogram (model/noise_model.c), and
 *    when the analysis is on, hands each sample to it through a BPF ring
 *    buffer (the tracer's own ring buffer write of the sample costs more
 *    than the sample threshold under emulation, and the workload then
 *    measures its own tracing: a noise that feeds itself).
 *
 * Built by `make` with clang into a skeleton (bpftool gen skeleton);
 * loaded by source/bpf_counts.c, which loads the one program of the run's
 * tool. The map layouts are shared with userspace through bpf_layout.h;
 * the tracepoints' records are relocated against the running kernel's BTF
 * (CO-RE), so one object serves every kernel that has the events.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "../bpf_layout.h"

/* the tracepoints' records; field offsets come from the kernel's BTF */
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
const volatile __u64 stop_irq_us;		/* timerlat: stop_tracing_us; osnoise: -s */
const volatile __u64 stop_thread_us;		/* timerlat: stop_tracing_total_us */
const volatile __u32 send_samples;		/* osnoise: to the analysis, one by one */

/*
 * written here, read (and cleared on a restart) by userspace: the sample
 * that stopped the counting. Stopped until userspace starts it, when the
 * tracer records into its ring buffers too.
 */
__u32 stopped = 1;
__s32 stop_cpu = -1;
__s32 stop_context;
__u32 stop_seqnum;

/*
 * osnoise with the analysis: a sample without interference (nothing for
 * the analysis to attribute: hardware) is sent only from this long
 * (userspace moves it as the analysis' needs change); shorter, it is
 * counted in hw_sums. Under a flood of them (an emulated CPU that is
 * away most of the time), rtlens then reads counts instead of each.
 */
__u64 send_from = ~0ULL;

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

/* osnoise with the analysis: the samples, and per CPU those it had no room for */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);		/* sized by userspace */
} samples SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 1);			/* nr_cpus */
} samples_lost SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, struct bpf_hw_sum);
	__uint(max_entries, 1);			/* nr_cpus */
} hw_sums SEC(".maps");

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

/* into @cpu's statistics of @context; 0 when not counting */
static __always_inline int count_value(__u32 cpu, int context, __u64 value_ns)
{
	struct bpf_lat_stats *st;
	__u64 value;
	__u32 key;

	if (stopped || cpu >= nr_cpus || context < 0 || context >= BPF_LAT_CONTEXTS)
		return 0;
	key = cpu * BPF_LAT_CONTEXTS + context;
	st = bpf_map_lookup_elem(&stats, &key);
	if (!st)
		return 0;
	value = value_ns / divisor;
	if (!st->count || value < st->min)
		st->min = value;
	if (value > st->max)
		st->max = value;
	st->cur = value;
	st->sum += value;
	st->count++;
	count_bucket(key, value);
	return 1;
}

static __always_inline void stop_at(__u32 cpu, int context, __u32 seqnum)
{
	stop_cpu = cpu;
	stop_context = context;
	stop_seqnum = seqnum;
	stopped = 1;
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
	__u32 cpu = bpf_get_smp_processor_id();

	if (!count_value(cpu, s->context, s->timer_latency) ||
	    !over_stop(s->context, s->timer_latency))
		return 0;
	stop_at(cpu, s->context, s->seqnum);
	bpf_tail_call(s, &action, 0);
	return 0;
}

static __always_inline void send_sample(__u32 cpu, __u64 start, __u64 duration,
					__u64 interference)
{
	struct bpf_noise_sample out = {
		.cpu		= cpu,
		.start		= start,
		.duration	= duration,
		.interference	= interference,
	};
	__u64 *lost;

	if (!bpf_ringbuf_output(&samples, &out, sizeof(out), 0))
		return;
	lost = bpf_map_lookup_elem(&samples_lost, &cpu);
	if (lost)
		__sync_fetch_and_add(lost, 1);
}

static __always_inline void count_hw(__u32 cpu, __u64 duration)
{
	struct bpf_hw_sum *hw = bpf_map_lookup_elem(&hw_sums, &cpu);

	if (!hw)
		return;
	hw->count++;
	hw->total += duration;
	if (duration > hw->max)
		hw->max = duration;
}

/*
 * A raw tracepoint: its arguments as the tracer passes them (start,
 * duration, interference: TP_PROTO of sample_threshold), no record built.
 * Every cost here lengthens the workload's next sample, and under
 * emulation a costly hook is longer than the threshold: the workload then
 * measures its own tracing. The tracer stops when a sample is over -s:
 * noise > stop_in (trace_osnoise.c).
 */
SEC("raw_tp/sample_threshold")
int rtlens_sample_threshold(__u64 *ctx)
{
	__u32 cpu = bpf_get_smp_processor_id();
	__u64 duration = ctx[1];

	if (!count_value(cpu, 0, duration))
		return 0;
	if (send_samples && (ctx[2] || duration >= send_from))
		send_sample(cpu, ctx[0], duration, ctx[2]);
	else if (send_samples)
		count_hw(cpu, duration);
	if (stop_irq_us && duration > stop_irq_us * 1000)
		stop_at(cpu, 0, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";

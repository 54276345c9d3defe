// SPDX-License-Identifier: GPL-2.0
/*
 * host_file - the two files of a guest-host join (--host-input): the
 * host's trace.dat read for its vCPU threads (KVM's exits and entries,
 * sched_switch, IRQs and softirqs, every CPU's in one time order), and the
 * guest's recording read for the round trips of --host-sync (its
 * "rtlens-sync" trace markers)
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <event-parse.h>
#include <trace-cmd.h>

#include "base/log.h"
#include "decode/decode.h"
#include "source/engine/file_source.h"
#include "source/engine/source.h"

struct host_read {
	struct decoder	*decoder;
	struct event_lookup lookup;
	record_fn	fn;
	void		*ctx;
	uint64_t	records;
};

static int on_host_record(struct tracecmd_input *h, struct tep_record *r, int cpu, void *data)
{
	struct host_read *hr = data;
	struct tep_event *ev = event_lookup(&hr->lookup, r->data, r->size);
	struct rtl_record out;

	(void)h;
	if (!ev)
		return 0;
	decoder_decode(hr->decoder, ev, r, cpu, &out);
	if (out.kind == RECORD_KVM || out.kind == RECORD_CTX) {
		hr->records++;
		hr->fn(&out, hr->ctx);
	}
	return 0;
}

/* the clock the host's answers are read with (host_sync_serve()) */
static int check_clock(struct tracecmd_input *h, const char *path)
{
	const char *clock = tracecmd_get_trace_clock(h);

	if (clock && !strcmp(clock, SOURCE_HOST_CLOCK))
		return 0;
	err_msg("%s was recorded with the trace clock \"%s\", not \"%s\": the host's answers to "
		"--host-sync are CLOCK_MONOTONIC, so the join needs the host recorded with it "
		"(trace-cmd record -C mono)", path, clock ? clock : "unknown", SOURCE_HOST_CLOCK);
	return -1;
}

static unsigned int host_sets(struct tep_handle *tep)
{
	unsigned int sets = DECODE_STD_EVENTS;

	if (kvm_exit_usable(tep))
		sets |= DECODE_KVM;
	if (kvm_exit_usable(tep) && kvm_vcpu_usable(tep))
		sets |= DECODE_KVM_VCPU;
	return sets;
}

/* @h's records (the file's, or one of its buffers'), decoded, to hr->fn */
static int read_buffer(struct tracecmd_input *h, struct host_read *hr, const char *path)
{
	struct tep_handle *tep = tracecmd_get_tep(h);
	uint64_t before = hr->records;
	int ret = 0;

	hr->decoder = decoder_new(tep, host_sets(tep));
	if (!hr->decoder) {
		err_msg("%s lacks the events of a host's vCPU threads: record the host with "
			"trace-cmd record -C mono -e sched:sched_switch -e irq -e irq_vectors -e kvm",
			path);
		return -1;
	}
	event_lookup_init(&hr->lookup, tep);
	if (tracecmd_iterate_events(h, NULL, 0, on_host_record, hr) < 0) {
		err_msg("cannot read the events of %s: it may be damaged", path);
		ret = -1;
	}
	decoder_free(hr->decoder);
	hr->decoder = NULL;
	/* the clock of the buffer that has the records (the top one's may differ) */
	if (!ret && hr->records > before && check_clock(h, path))
		ret = -1;
	return ret;
}

/* the top buffer's records; where it has none, the first buffer's that has */
static int read_buffers(struct tracecmd_input *h, struct host_read *hr, const char *path)
{
	int i, n = tracecmd_buffer_instances(h);

	if (tracecmd_cpus(h) > 0 && (read_buffer(h, hr, path) || hr->records))
		return hr->records ? 0 : -1;
	for (i = 0; i < n && !hr->records; i++) {
		struct tracecmd_input *b = tracecmd_buffer_instance_handle(h, i);
		int ret;

		if (!b)
			continue;
		ret = read_buffer(b, hr, path);
		tracecmd_close(b);
		if (ret)
			return -1;
	}
	return 0;
}

int source_read_host(const char *path, int (*begin)(int nr_cpus, void *ctx), record_fn fn,
		     void *ctx)
{
	struct host_read hr = { .fn = fn, .ctx = ctx };
	struct file_input in;
	int ret = -1, cpus;

	if (file_input_open(&in, path))
		return -1;
	cpus = tracecmd_cpus(in.h);
	if (cpus <= 0)
		err_msg("%s records no CPU", path);
	if (cpus <= 0 || begin(cpus, ctx) || read_buffers(in.h, &hr, path))
		goto out;
	if (!hr.records)
		err_msg("%s holds no sched_switch, IRQ or KVM event of the host: record the host "
			"with trace-cmd record -C mono -e sched:sched_switch -e irq -e irq_vectors "
			"-e kvm while the guest runs", path);
	else
		ret = 0;
out:
	file_input_free(&in);
	return ret;
}

/* ---- the guest's round trips ---- */

#define MAX_OPEN_TRIPS	64

struct sync_read {
	struct tep_event	*print;
	struct tep_format_field	*buf;
	sync_trip_fn		fn;
	void			*ctx;
	struct {
		unsigned int	seq;
		uint64_t	send;
	} open[MAX_OPEN_TRIPS];
	int			nr_open;
	int			trips;
};

static void sync_send(struct sync_read *sr, unsigned int seq, uint64_t ts)
{
	int i = sr->nr_open < MAX_OPEN_TRIPS ? sr->nr_open++ : (int)(seq % MAX_OPEN_TRIPS);

	sr->open[i].seq = seq;
	sr->open[i].send = ts;
}

static void sync_recv(struct sync_read *sr, unsigned int seq, uint64_t ts, uint64_t host)
{
	int i;

	for (i = 0; i < sr->nr_open; i++) {
		if (sr->open[i].seq != seq)
			continue;
		sr->fn(sr->open[i].send, ts, host, sr->ctx);
		sr->trips++;
		sr->open[i] = sr->open[--sr->nr_open];
		return;
	}
}

static int on_sync_record(struct tracecmd_input *h, struct tep_record *r, int cpu, void *data)
{
	struct sync_read *sr = data;
	char text[96];
	unsigned int seq;
	uint64_t host;
	int len;

	(void)cpu;
	if (tep_data_type(tracecmd_get_tep(h), r) != sr->print->id || r->size <= sr->buf->offset)
		return 0;
	len = r->size - sr->buf->offset;
	if (len >= (int)sizeof(text))
		len = sizeof(text) - 1;
	memcpy(text, (const char *)r->data + sr->buf->offset, len);
	text[len] = '\0';
	if (sscanf(text, SOURCE_SYNC_TAG " %u recv %" SCNu64, &seq, &host) == 2)
		sync_recv(sr, seq, r->ts, host);
	else if (sscanf(text, SOURCE_SYNC_TAG " %u send", &seq) == 1)
		sync_send(sr, seq, r->ts);
	return 0;
}

/* the markers of every buffer: the top one, and the user engine's records' */
static int sync_buffers(struct tracecmd_input *h, struct sync_read *sr)
{
	int i, n = tracecmd_buffer_instances(h);

	if (tracecmd_cpus(h) > 0 && tracecmd_iterate_events(h, NULL, 0, on_sync_record, sr) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct tracecmd_input *b = tracecmd_buffer_instance_handle(h, i);
		int ret;

		if (!b)
			continue;
		sr->nr_open = 0;
		ret = tracecmd_iterate_events(b, NULL, 0, on_sync_record, sr);
		tracecmd_close(b);
		if (ret < 0)
			return -1;
	}
	return 0;
}

int source_read_sync(const char *path, sync_trip_fn fn, void *ctx)
{
	struct sync_read sr = { .fn = fn, .ctx = ctx };
	struct file_input in;
	struct tep_handle *tep;
	int ret = -1;

	if (file_input_open(&in, path))
		return -1;
	tep = tracecmd_get_tep(in.h);
	sr.print = tep_find_event_by_name(tep, "ftrace", "print");
	sr.buf = sr.print ? tep_find_field(sr.print, "buf") : NULL;
	if (sr.buf && sync_buffers(in.h, &sr))
		err_msg("cannot read the events of %s: it may be damaged", path);
	else
		ret = sr.trips;
	file_input_free(&in);
	return ret;
}

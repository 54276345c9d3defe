// SPDX-License-Identifier: GPL-2.0
/*
 * file_read - a recording of the kernel tracer replayed: each CPU's records
 * in their order, decoded as the kernel engine decodes them
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <event-parse.h>

#include "decode/decode.h"
#include "source/engine/file_parts.h"
#include "source/recording/recording.h"

void file_hand_out(struct engine *e, const struct rtl_record *rec)
{
	if (!file_stop_keeps(e, rec))
		return;
	e->samples += rec->kind == e->p->desc->sample_record;
	e->fn(rec, e->ctx);
}

/* a record of the file, decoded into @out; false: of no kind rtlens reads */
static bool decode(struct engine *e, struct tep_event *ev, struct tep_record *r, int cpu,
		   struct rtl_record *out)
{
	decoder_decode(e->decoder, ev, r, cpu, out);
	return out->kind != RECORD_NONE;
}

/* a record of the file, decoded and handed on */
static void on_event(struct tep_event *ev, struct tep_record *r, int cpu, void *ctx)
{
	struct engine *e = ctx;
	struct rtl_record out;

	if (decode(e, ev, r, cpu, &out))
		file_hand_out(e, &out);
}

/*
 * rtlens's own recordings (trace.dat v6, nothing compressed, timestamps as
 * recorded): each CPU's pages are read straight from the file, from the
 * page of its first record to that of its last, and walked as the live
 * reader walks them, without an allocation per record as libtracecmd's
 * reader makes (bench/replay.sh).
 */
bool file_pages_direct(struct engine *e, const struct file_input *in)
{
	e->fd = -1;
	if (!in->rec.run.by_rtlens || tracecmd_get_in_file_version(e->h) != TRACE_DAT_V6)
		return false;
	e->page_size = tracecmd_page_size(e->h);
	if (e->page_size <= 0 || page_walk_init(&e->walk, e->tep, tracecmd_long_size(e->h)))
		return false;
	e->page = malloc(e->page_size);
	e->fd = e->page ? open(in->name, O_RDONLY | O_CLOEXEC) : -1;
	return e->fd >= 0;
}

/* the file offsets of @cpu's first and last pages; false: no records */
static bool cpu_pages(struct engine *e, int cpu, off_t *first, off_t *last)
{
	struct tep_record *r = tracecmd_read_cpu_first(e->h, cpu);

	if (!r)
		return false;
	*first = (off_t)(r->offset & ~(unsigned long long)(e->page_size - 1));
	tracecmd_free_record(r);
	r = tracecmd_read_cpu_last(e->h, cpu);
	*last = r ? (off_t)(r->offset & ~(unsigned long long)(e->page_size - 1)) : *first;
	tracecmd_free_record(r);
	return true;
}

static int read_cpu_pages(struct engine *e, int cpu)
{
	off_t off, first, last;
	long n = 0;

	if (!cpu_pages(e, cpu, &first, &last))
		return 0;
	for (off = first; off <= last; off += e->page_size) {
		if (pread(e->fd, e->page, e->page_size, off) != e->page_size)
			break;
		n += page_walk(&e->walk, e->page, e->page_size, cpu, on_event, e);
	}
	return n;
}

int file_read_cpu(struct engine *e, int cpu)
{
	struct event_lookup events;
	struct tep_record *r;
	struct tep_event *ev;
	int n = 0;

	if (e->fd >= 0)
		return read_cpu_pages(e, cpu);
	event_lookup_init(&events, e->tep);
	for (r = tracecmd_read_cpu_first(e->h, cpu); r; r = tracecmd_read_data(e->h, cpu)) {
		ev = event_lookup(&events, r->data, r->size);
		if (ev) {
			on_event(ev, r, cpu, e);
			n++;
		}
		tracecmd_free_record(r);
	}
	return n;
}

void file_rewind(struct engine *e)
{
	file_cursor_rewind(&e->cursor);
	event_lookup_init(&e->events, e->tep);
}

/* a record of a measured CPU, an event rtlens reads: decoded into @out */
static bool event_record(struct engine *e, struct tep_record *r, int cpu, struct rtl_record *out)
{
	struct tep_event *ev = event_lookup(&e->events, r->data, r->size);

	return ev && decode(e, ev, r, cpu, out);
}

bool file_next(struct engine *e, struct rtl_record *out, uint64_t *ts)
{
	struct tep_record *r;
	bool found = false;
	int cpu;

	while (!found && (r = file_cursor_next(&e->cursor, &cpu))) {
		found = e->records ? file_own_record(e, r, out) : event_record(e, r, cpu, out);
		*ts = r->ts;
		tracecmd_free_record(r);
	}
	return found;
}

/*
 * A KVM host's vCPU threads move between CPUs: their events are read
 * merged across the CPUs in time order, as the live run's are put
 * (analysis/vcpu_threads.h); a user engine's records, in the order it
 * handed them out
 */
int file_read_in_time(struct engine *e)
{
	struct rtl_record out;
	uint64_t ts;
	int n = 0;

	file_rewind(e);
	while (file_next(e, &out, &ts)) {
		file_hand_out(e, &out);
		n++;
	}
	return n;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * page_reader - an instance's per-CPU ring buffers read in pages: each CPU's
 * trace_pipe_raw opened once and kept open, read without blocking a page at
 * a time, CPU after CPU, and the page's records handed out one by one with
 * one tep_record reused (no allocation per record). Records of one CPU come
 * in their order; records of different CPUs are not merged by time (nothing
 * downstream needs it: every model and analysis keeps its state per CPU).
 */
#ifndef RTLENS_PAGE_READER_H
#define RTLENS_PAGE_READER_H

#include <stdbool.h>

#include "decode/decode.h"

struct tep_event;
struct tep_handle;
struct tep_record;
struct tracefs_instance;

typedef void (*page_record_fn)(struct tep_event *event, struct tep_record *record, int cpu,
			       void *ctx);

struct page_reader;
struct kbuffer;

/*
 * The records of one ring-buffer page handed out one by one, one tep_record
 * reused (no allocation per record): the live reader's and a replay's.
 */
struct page_walk {
	struct kbuffer		*kbuf;
	struct event_lookup	events;
	struct tep_record	*rec;
};

/*
 * For the pages of @tep's trace: @long_size 4 or 8 and the byte order of a
 * trace.dat (@tep's file's); 0: this host's own ring buffers. -1 when out
 * of memory.
 */
int page_walk_init(struct page_walk *w, struct tep_handle *tep, int long_size);
/*
 * Every record of @page (@size bytes), in order, to @fn; their number. A
 * page whose data would run past @size (a damaged file) gives none.
 */
long page_walk(struct page_walk *w, void *page, int size, int cpu, page_record_fn fn,
	       void *ctx);
void page_walk_free(struct page_walk *w);

/* A page as read, before its records are handed out (--record keeps it). */
typedef void (*page_tee_fn)(void *ctx, int cpu, const void *page, int size);

/* The CPUs of the system; NULL with a message. */
struct page_reader *page_reader_open(struct tracefs_instance *inst, struct tep_handle *tep);
/*
 * Hand out what the buffers hold now, whole pages only, until they are empty
 * or @budget_ns has passed; *more: the budget ended the read. Returns the
 * number of records, or -1 with a message.
 */
long page_reader_read(struct page_reader *r, page_record_fn fn, void *ctx, long long budget_ns,
		      bool *more);
/*
 * When to read next, in ms: when the fastest-filling CPU buffer will be
 * half full at the rate it filled since the previous read, within
 * [PAGE_READER_SHORTEST_MS, @longest_ms]; @longest_ms before any rate is
 * known. A fixed interval overflows the buffers of a tracer that writes
 * faster than a buffer holds for that long (osnoise hist under TCG: ~8 MB/s
 * into 1.4 MB); reading at every record would pay a wake-up per record.
 */
#define PAGE_READER_SHORTEST_MS	10
int page_reader_next_read_ms(const struct page_reader *r, int longest_ms);
/* Every page read from now on also goes to @fn (NULL: none). */
void page_reader_tee(struct page_reader *r, page_tee_fn fn, void *ctx);
void page_reader_close(struct page_reader *r);

#endif

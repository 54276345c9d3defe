// SPDX-License-Identifier: GPL-2.0
/*
 * page_reader - per-CPU trace_pipe_raw kept open and read in pages
 * (libtracefs' tracefs_cpu_*), the records of a page walked with kbuffer
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event-parse.h>
#include <kbuffer.h>
#include <tracefs.h>

#include "base/log.h"
#include "decode/decode.h"
#include "source/engine/page_reader.h"

struct page_reader {
	struct tep_handle	*tep;
	struct page_walk	walk;
	struct tracefs_cpu	**tcpu;		/* per CPU; NULL: offline */
	int			nr_cpus;
	void			*page;
	int			page_size;
	int			*pages;		/* per CPU, in the current read */
	long			buffer_pages;	/* pages of the smallest CPU buffer */
	struct timespec		last_read;	/* start of the previous read, or 0 */
	double			fill_s;		/* the fastest CPU's pages per second */
	page_tee_fn		tee;
	void			*tee_ctx;
};

/* the pages of the smallest per-CPU buffer (its size in kB, as tracefs says) */
static void buffer_pages(struct page_reader *r, struct tracefs_instance *inst)
{
	ssize_t kb;
	long pages;
	int cpu;

	for (cpu = 0; r->page_size > 0 && cpu < r->nr_cpus; cpu++) {
		if (!r->tcpu[cpu])
			continue;
		kb = tracefs_instance_get_buffer_size(inst, cpu);
		pages = kb > 0 ? (long)(kb * 1024 / r->page_size) : 0;
		if (pages > 0 && (!r->buffer_pages || pages < r->buffer_pages))
			r->buffer_pages = pages;
	}
}

struct page_reader *page_reader_open(struct tracefs_instance *inst, struct tep_handle *tep)
{
	struct page_reader *r = calloc(1, sizeof(*r));
	int cpu, size;

	if (!r)
		goto nomem;
	r->tep = tep;
	r->nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	r->tcpu = calloc(r->nr_cpus > 0 ? r->nr_cpus : 1, sizeof(*r->tcpu));
	r->pages = calloc(r->nr_cpus > 0 ? r->nr_cpus : 1, sizeof(*r->pages));
	if (!r->tcpu || !r->pages || page_walk_init(&r->walk, tep, 0))
		goto nomem;
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		r->tcpu[cpu] = tracefs_cpu_open(inst, cpu, true);
		size = r->tcpu[cpu] ? tracefs_cpu_read_size(r->tcpu[cpu]) : 0;
		if (size > r->page_size)
			r->page_size = size;
	}
	buffer_pages(r, inst);
	if (r->page_size <= 0) {
		err_msg("cannot open the per-cpu trace buffers (trace_pipe_raw) of the instance: %s",
			strerror(errno));
		page_reader_close(r);
		return NULL;
	}
	r->page = malloc(r->page_size);
	if (!r->page)
		goto nomem;
	return r;
nomem:
	err_msg("out of memory");
	page_reader_close(r);
	return NULL;
}

int page_walk_init(struct page_walk *w, struct tep_handle *tep, int long_size)
{
	enum kbuffer_long_size lsize = long_size == 8 ? KBUFFER_LSIZE_8 : KBUFFER_LSIZE_4;
	enum kbuffer_endian endian = tep_is_file_bigendian(tep) ? KBUFFER_ENDIAN_BIG :
				     KBUFFER_ENDIAN_LITTLE;

	if (!long_size) {	/* this host's own buffers */
		lsize = KBUFFER_LSIZE_SAME_AS_HOST;
		endian = KBUFFER_ENDIAN_SAME_AS_HOST;
	}
	event_lookup_init(&w->events, tep);
	w->kbuf = kbuffer_alloc(lsize, endian);
	w->rec = calloc(1, sizeof(*w->rec));
	return w->kbuf && w->rec ? 0 : -1;
}

long page_walk(struct page_walk *w, void *page, int size, int cpu, page_record_fn fn,
	       void *ctx)
{
	struct tep_record *rec = w->rec;
	unsigned long long ts;
	struct tep_event *ev;
	long n = 0;
	void *data;

	if (kbuffer_load_subbuffer(w->kbuf, page) < 0)
		return 0;
	/* a damaged page (of a file) whose data would run past it: skipped */
	if (kbuffer_start_of_data(w->kbuf) + kbuffer_subbuffer_size(w->kbuf) > size)
		return 0;
	rec->cpu = cpu;
	for (data = kbuffer_read_event(w->kbuf, &ts); data;
	     data = kbuffer_next_event(w->kbuf, &ts)) {
		rec->ts = ts;
		rec->data = data;
		rec->size = kbuffer_event_size(w->kbuf);
		ev = event_lookup(&w->events, data, rec->size);
		if (ev) {
			fn(ev, rec, cpu, ctx);
			n++;
		}
	}
	return n;
}

void page_walk_free(struct page_walk *w)
{
	if (w->kbuf)
		kbuffer_free(w->kbuf);
	free(w->rec);
	memset(w, 0, sizeof(*w));
}

static long long ns_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000000000LL + (now.tv_nsec - t0->tv_nsec);
}

/* One page of each CPU that has one; how many CPUs had, -1 on an error. */
static int read_round(struct page_reader *r, page_record_fn fn, void *ctx, long *records)
{
	int cpu, got = 0, n;

	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		if (!r->tcpu[cpu])
			continue;
		n = tracefs_cpu_read(r->tcpu[cpu], r->page, true);
		if (n < 0 && errno != EAGAIN && errno != EINTR) {
			err_msg("cannot read the trace buffer of cpu %d: %s", cpu, strerror(errno));
			return -1;
		}
		if (n <= 0)
			continue;
		got++;
		r->pages[cpu]++;
		if (r->tee)	/* whole pages: a trace.dat holds them so */
			r->tee(r->tee_ctx, cpu, r->page, r->page_size);
		*records += page_walk(&r->walk, r->page, r->page_size, cpu, fn, ctx);
	}
	return got;
}

/* how fast the fastest CPU filled its buffer since the previous read */
static void measure_fill(struct page_reader *r, const struct timespec *t0)
{
	int cpu, most = 0;
	double s;

	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		if (r->pages[cpu] > most)
			most = r->pages[cpu];
		r->pages[cpu] = 0;
	}
	if (r->last_read.tv_sec || r->last_read.tv_nsec) {
		s = ns_since(&r->last_read) / 1e9;
		r->fill_s = s > 0 ? most / s : 0;
	}
	r->last_read = *t0;
}

long page_reader_read(struct page_reader *r, page_record_fn fn, void *ctx, long long budget_ns,
		      bool *more)
{
	struct timespec t0;
	long records = 0;
	int got;

	*more = false;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while ((got = read_round(r, fn, ctx, &records)) > 0) {
		if (ns_since(&t0) > budget_ns) {
			*more = true;	/* the rest stays in the buffers for the next read */
			break;
		}
	}
	measure_fill(r, &t0);
	return got < 0 ? -1 : records;
}

int page_reader_next_read_ms(const struct page_reader *r, int longest_ms)
{
	double ms;

	if (!r || r->fill_s <= 0 || !r->buffer_pages)
		return longest_ms;
	ms = 1000.0 * r->buffer_pages / 2 / r->fill_s;
	if (ms < PAGE_READER_SHORTEST_MS)
		return PAGE_READER_SHORTEST_MS;
	return ms < longest_ms ? (int)ms : longest_ms;
}

void page_reader_tee(struct page_reader *r, page_tee_fn fn, void *ctx)
{
	r->tee = fn;
	r->tee_ctx = ctx;
}

void page_reader_close(struct page_reader *r)
{
	int cpu;

	if (!r)
		return;
	for (cpu = 0; r->tcpu && cpu < r->nr_cpus; cpu++)
		tracefs_cpu_close(r->tcpu[cpu]);
	free(r->tcpu);
	free(r->pages);
	page_walk_free(&r->walk);
	free(r->page);
	free(r);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_counts - load bpf/timerlat.bpf.c (its skeleton, generated at build
 * time), size its maps for the run, map them into memory and copy their
 * counts into the latency model when asked
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/bpf_counts.h"

#ifdef RTLENS_NO_BPF

struct bpf_counts {
	int	unused;
};

bool bpf_counts_possible(const char **why)
{
	*why = "this rtlens was built without BPF (make found no clang or bpftool)";
	return false;
}

struct bpf_counts *bpf_counts_open(const struct rtl_params *p, const char **why)
{
	(void)p;
	bpf_counts_possible(why);
	return NULL;
}

const char *bpf_counts_hook(const struct bpf_counts *b)
{
	(void)b;
	return NULL;
}

void bpf_counts_load(const struct bpf_counts *b, struct latency_model *m)
{
	(void)b;
	(void)m;
}

void bpf_counts_clear(struct bpf_counts *b)
{
	(void)b;
}

bool bpf_counts_stopped(const struct bpf_counts *b)
{
	(void)b;
	return false;
}

bool bpf_counts_stop_sample(const struct bpf_counts *b, int *cpu, int *context,
			    unsigned int *seqnum)
{
	(void)b;
	(void)cpu;
	(void)context;
	(void)seqnum;
	return false;
}

void bpf_counts_restart(struct bpf_counts *b)
{
	(void)b;
}

void bpf_counts_pause(struct bpf_counts *b)
{
	(void)b;
}

void bpf_counts_close(struct bpf_counts *b)
{
	(void)b;
}

#else

#include <stdarg.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/libbpf.h>
#include <tracefs.h>

#include "base/log.h"
#include "source/bpf_action.h"
#include "source/bpf_layout.h"
#include "source/timerlat.skel.h"	/* generated: build/gen/ */

/* the histograms of all CPUs in one map: beyond this, the ring buffer path */
#define BPF_HIST_MAX_BYTES	(256UL << 20)

struct bpf_counts {
	struct timerlat_bpf	*skel;
	const char		*hook;		/* where the program counts */
	int			nr_cpus;
	unsigned int		entries;
	struct bpf_lat_stats	*stats;		/* nr_cpus x BPF_LAT_CONTEXTS */
	size_t			stats_len;
	uint64_t		*hist;		/* the same x (entries + 1) */
	size_t			hist_len;
	struct bpf_action	*action;	/* --bpf-action, or NULL */
};

/* libbpf speaks only with -D: a failed load falls back, it is no error */
__attribute__((format(printf, 2, 0)))
static int libbpf_say(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char line[512];

	if (level == LIBBPF_DEBUG || !log_debug_on())
		return 0;
	vsnprintf(line, sizeof(line), fmt, ap);
	line[strcspn(line, "\n")] = '\0';
	debug_msg("libbpf: %s", line);
	return 0;
}

static size_t page_round(size_t n)
{
	size_t page = sysconf(_SC_PAGESIZE);

	return (n + page - 1) / page * page;
}

static void *map_memory(struct bpf_map *map, size_t *len)
{
	void *mem;

	*len = page_round((size_t)bpf_map__value_size(map) * bpf_map__max_entries(map));
	mem = mmap(NULL, *len, PROT_READ | PROT_WRITE, MAP_SHARED, bpf_map__fd(map), 0);
	return mem == MAP_FAILED ? NULL : mem;
}

static int size_maps(struct bpf_counts *b, const struct rtl_params *p, const char **why)
{
	uint64_t slots = (uint64_t)b->nr_cpus * BPF_LAT_CONTEXTS;
	uint64_t buckets = slots * (b->entries + 1);

	if (buckets * sizeof(uint64_t) > BPF_HIST_MAX_BYTES) {
		*why = "the histograms (-E) are too large for a BPF map";
		return -1;
	}
	b->skel->rodata->nr_cpus = b->nr_cpus;
	b->skel->rodata->divisor = params_divisor(p);
	b->skel->rodata->bucket_size = p->bucket_size;
	b->skel->rodata->entries = b->entries;
	b->skel->rodata->stop_irq_us = p->stop_us;
	b->skel->rodata->stop_thread_us = p->stop_total_us;
	if (bpf_map__set_max_entries(b->skel->maps.stats, slots) ||
	    bpf_map__set_max_entries(b->skel->maps.hist, buckets)) {
		*why = "libbpf could not size the maps";
		return -1;
	}
	return 0;
}

static int load(struct bpf_counts *b, const struct rtl_params *p, const char **why)
{
	b->skel = timerlat_bpf__open();
	if (!b->skel) {
		*why = "libbpf could not open the BPF program";
		return -1;
	}
	if (size_maps(b, p, why))
		return -1;
	if (timerlat_bpf__load(b->skel)) {
		*why = "the kernel refused the BPF program (no BTF, or BPF not allowed: -D says more)";
		return -1;
	}
	b->stats = map_memory(b->skel->maps.stats, &b->stats_len);
	b->hist = map_memory(b->skel->maps.hist, &b->hist_len);
	if (!b->stats || !b->hist) {
		*why = "cannot map the BPF maps into memory (kernel older than 5.5?)";
		return -1;
	}
	if (p->bpf_action &&
	    !(b->action = bpf_action_load(p->bpf_action, bpf_map__fd(b->skel->maps.action)))) {
		*why = "the --bpf-action program could not be loaded";
		return -1;
	}
	if (timerlat_bpf__attach(b->skel)) {
		*why = "cannot attach the BPF program";
		return -1;
	}
	return 0;
}

bool bpf_counts_possible(const char **why)
{
	if (tracefs_event_file_exists(NULL, "osnoise", "timerlat_sample", "format"))
		return true;
	*why = "this kernel has no osnoise:timerlat_sample event (newer kernels have it)";
	return false;
}

struct bpf_counts *bpf_counts_open(const struct rtl_params *p, const char **why)
{
	struct bpf_counts *b;

	if (!bpf_counts_possible(why))
		return NULL;
	b = calloc(1, sizeof(*b));
	if (!b) {
		*why = "out of memory";
		return NULL;
	}
	b->hook = "osnoise:timerlat_sample";
	b->nr_cpus = p->nr_cpus;
	b->entries = p->entries;
	libbpf_set_print(libbpf_say);
	if (load(b, p, why)) {
		bpf_counts_close(b);
		return NULL;
	}
	debug_msg("BPF: counting timerlat samples in the kernel at %s (%d cpus, %u buckets)",
		  b->hook, b->nr_cpus, b->entries);
	return b;
}

const char *bpf_counts_hook(const struct bpf_counts *b)
{
	return b->hook;
}

static void load_context(const struct bpf_counts *b, int slot, struct latency_stats *s,
			 struct histogram *h)
{
	const struct bpf_lat_stats *k = &b->stats[slot];

	s->count = k->count;
	s->cur = k->cur;
	s->min = k->min;
	s->sum = k->sum;
	s->max = k->max;
	if (!h->buckets || h->entries != b->entries)
		return;
	memcpy(h->buckets, &b->hist[(size_t)slot * (b->entries + 1)],
	       (b->entries + 1) * sizeof(uint64_t));
	h->count = k->count;
	h->min = k->min;
	h->max = k->max;
	h->sum = k->sum;
}

void bpf_counts_load(const struct bpf_counts *b, struct latency_model *m)
{
	int cpu, ctx;

	for (cpu = 0; cpu < m->nr_cpus && cpu < b->nr_cpus; cpu++)
		for (ctx = 0; ctx < NR_TIMERLAT_CONTEXTS && ctx < BPF_LAT_CONTEXTS; ctx++)
			load_context(b, cpu * BPF_LAT_CONTEXTS + ctx, &m->cpu[cpu].stats[ctx],
				     &m->cpu[cpu].hist[ctx]);
}

void bpf_counts_clear(struct bpf_counts *b)
{
	memset(b->stats, 0, b->stats_len);
	memset(b->hist, 0, b->hist_len);
}

bool bpf_counts_stopped(const struct bpf_counts *b)
{
	return b->skel->data->stopped && b->skel->data->stop_cpu >= 0;
}

bool bpf_counts_stop_sample(const struct bpf_counts *b, int *cpu, int *context,
			    unsigned int *seqnum)
{
	if (!bpf_counts_stopped(b))
		return false;
	*cpu = b->skel->data->stop_cpu;
	*context = b->skel->bss->stop_context;
	*seqnum = b->skel->bss->stop_seqnum;
	return true;
}

void bpf_counts_restart(struct bpf_counts *b)
{
	b->skel->data->stop_cpu = -1;
	b->skel->data->stopped = 0;
}

void bpf_counts_pause(struct bpf_counts *b)
{
	b->skel->data->stopped = 1;
}

void bpf_counts_close(struct bpf_counts *b)
{
	if (!b)
		return;
	if (b->stats)
		munmap(b->stats, b->stats_len);
	if (b->hist)
		munmap(b->hist, b->hist_len);
	bpf_action_close(b->action);
	timerlat_bpf__destroy(b->skel);
	free(b);
}

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_counts - load the program of the run's tracepoint from
 * bpf/counts.bpf.c (its skeleton, generated at build time), size its maps
 * for the run, map them into memory, copy their counts into the latency or
 * the noise model when asked, and hand the osnoise samples it sends on
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/engine/bpf_counts.h"

#ifdef RTLENS_NO_BPF

struct bpf_counts {
	int	unused;
};

bool bpf_counts_possible(const char *event, const char **why)
{
	(void)event;
	*why = "this rtlens was built without BPF (make found no clang or bpftool)";
	return false;
}

struct bpf_counts *bpf_counts_open(const struct rtl_params *p, const char *event, bool samples,
				   const char **why)
{
	(void)p;
	(void)samples;
	bpf_counts_possible(event, why);
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

void bpf_counts_load_noise(const struct bpf_counts *b, struct noise_model *m)
{
	(void)b;
	(void)m;
}

int bpf_counts_read_samples(struct bpf_counts *b, bpf_sample_fn fn, void *ctx)
{
	(void)b;
	(void)fn;
	(void)ctx;
	return 0;
}

uint64_t bpf_counts_samples_lost(const struct bpf_counts *b, int cpu)
{
	(void)b;
	(void)cpu;
	return 0;
}

void bpf_counts_hw(const struct bpf_counts *b, int cpu, struct bpf_hw_sum *sum)
{
	(void)b;
	(void)cpu;
	memset(sum, 0, sizeof(*sum));
}

void bpf_counts_send_from(struct bpf_counts *b, uint64_t ns)
{
	(void)b;
	(void)ns;
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
#include "source/engine/bpf_action.h"
#include "source/engine/bpf_layout.h"
#include "source/engine/counts.skel.h"		/* generated: build/gen/ */

/* the histograms of all CPUs in one map: beyond this, the ring buffer path */
#define BPF_HIST_MAX_BYTES	(256UL << 20)
/* the osnoise samples on their way to the analysis: a ring buffer this large */
#define BPF_SAMPLES_BYTES	(8UL << 20)

struct bpf_counts {
	struct counts_bpf	*skel;
	const char		*hook;		/* where the program counts */
	int			nr_cpus;
	unsigned int		entries;
	struct bpf_lat_stats	*stats;		/* nr_cpus x BPF_LAT_CONTEXTS */
	size_t			stats_len;
	uint64_t		*hist;		/* the same x (entries + 1) */
	size_t			hist_len;
	uint64_t		*lost;		/* per CPU: samples the ring buffer had no room for */
	size_t			lost_len;
	struct bpf_hw_sum	*hw;		/* per CPU: samples counted, not sent */
	size_t			hw_len;
	struct ring_buffer	*samples;	/* osnoise with the analysis, or NULL */
	bpf_sample_fn		sample_fn;	/* where read_samples hands them */
	void			*sample_ctx;
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

static int size_maps(struct bpf_counts *b, const struct rtl_params *p, bool samples,
		     const char **why)
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
	b->skel->rodata->send_samples = samples;
	if (bpf_map__set_max_entries(b->skel->maps.stats, slots) ||
	    bpf_map__set_max_entries(b->skel->maps.hist, buckets) ||
	    bpf_map__set_max_entries(b->skel->maps.samples_lost, b->nr_cpus) ||
	    bpf_map__set_max_entries(b->skel->maps.hw_sums, b->nr_cpus) ||
	    (samples && bpf_map__set_max_entries(b->skel->maps.samples, BPF_SAMPLES_BYTES))) {
		*why = "libbpf could not size the maps";
		return -1;
	}
	return 0;
}

/* the one program of @event: the others are not loaded (their event may not exist) */
static int pick_program(struct bpf_counts *b, const char *event, const char **why)
{
	struct bpf_program *progs[] = { b->skel->progs.rtlens_timerlat_sample,
					b->skel->progs.rtlens_sample_threshold };
	const char *events[] = { "timerlat_sample", "sample_threshold" };
	size_t i;
	bool found = false;

	for (i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
		bool mine = !strcmp(event, events[i]);

		found |= mine;
		if (bpf_program__set_autoload(progs[i], mine)) {
			*why = "libbpf could not choose the BPF program";
			return -1;
		}
	}
	if (!found)
		*why = "no BPF program counts that event";
	return found ? 0 : -1;
}

static int handle_sample(void *ctx, void *data, size_t size)
{
	struct bpf_counts *b = ctx;

	if (size >= sizeof(struct bpf_noise_sample))
		b->sample_fn(data, b->sample_ctx);
	return 0;
}

static int map_all(struct bpf_counts *b, bool samples, const char **why)
{
	b->stats = map_memory(b->skel->maps.stats, &b->stats_len);
	b->hist = map_memory(b->skel->maps.hist, &b->hist_len);
	b->lost = map_memory(b->skel->maps.samples_lost, &b->lost_len);
	b->hw = map_memory(b->skel->maps.hw_sums, &b->hw_len);
	if (!b->stats || !b->hist || !b->lost || !b->hw) {
		*why = "cannot map the BPF maps into memory (kernel older than 5.5?)";
		return -1;
	}
	if (samples && !(b->samples = ring_buffer__new(bpf_map__fd(b->skel->maps.samples),
						       handle_sample, b, NULL))) {
		*why = "cannot read the BPF ring buffer (kernel older than 5.8?)";
		return -1;
	}
	return 0;
}

static int load(struct bpf_counts *b, const struct rtl_params *p, const char *event,
		bool samples, const char **why)
{
	b->skel = counts_bpf__open();
	if (!b->skel) {
		*why = "libbpf could not open the BPF program";
		return -1;
	}
	if (pick_program(b, event, why) || size_maps(b, p, samples, why))
		return -1;
	if (counts_bpf__load(b->skel)) {
		*why = "the kernel refused the BPF program (no BTF, or BPF not allowed: -D says more)";
		return -1;
	}
	if (map_all(b, samples, why))
		return -1;
	if (p->bpf_action &&
	    !(b->action = bpf_action_load(p->bpf_action, bpf_map__fd(b->skel->maps.action)))) {
		*why = "the --bpf-action program could not be loaded";
		return -1;
	}
	if (counts_bpf__attach(b->skel)) {
		*why = "cannot attach the BPF program";
		return -1;
	}
	return 0;
}

bool bpf_counts_possible(const char *event, const char **why)
{
	static char text[128];

	if (tracefs_event_file_exists(NULL, "osnoise", event, "format"))
		return true;
	snprintf(text, sizeof(text), "this kernel has no osnoise:%s event (newer kernels have it)",
		 event);
	*why = text;
	return false;
}

struct bpf_counts *bpf_counts_open(const struct rtl_params *p, const char *event, bool samples,
				   const char **why)
{
	static char hook[64];
	struct bpf_counts *b;

	if (!bpf_counts_possible(event, why))
		return NULL;
	b = calloc(1, sizeof(*b));
	if (!b) {
		*why = "out of memory";
		return NULL;
	}
	snprintf(hook, sizeof(hook), "osnoise:%s", event);
	b->hook = hook;
	b->nr_cpus = p->nr_cpus;
	b->entries = p->entries;
	libbpf_set_print(libbpf_say);
	if (load(b, p, event, samples, why)) {
		bpf_counts_close(b);
		return NULL;
	}
	debug_msg("BPF: counting samples in the kernel at %s (%d cpus, %u buckets%s)",
		  b->hook, b->nr_cpus, b->entries, samples ? ", samples sent to the analysis" : "");
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

/* the noise samples: histogram, count and longest; the periods are the tracer's */
void bpf_counts_load_noise(const struct bpf_counts *b, struct noise_model *m)
{
	int cpu;

	for (cpu = 0; cpu < m->nr_cpus && cpu < b->nr_cpus; cpu++) {
		struct cpu_noise *c = &m->cpu[cpu];
		struct latency_stats s;

		load_context(b, cpu * BPF_LAT_CONTEXTS, &s, &c->hist);
		if (s.count && s.max > c->max_single_us)
			c->max_single_us = s.max;
	}
}

int bpf_counts_read_samples(struct bpf_counts *b, bpf_sample_fn fn, void *ctx)
{
	if (!b->samples)
		return 0;
	b->sample_fn = fn;
	b->sample_ctx = ctx;
	return ring_buffer__consume(b->samples) < 0 ? -1 : 0;
}

uint64_t bpf_counts_samples_lost(const struct bpf_counts *b, int cpu)
{
	return cpu >= 0 && cpu < b->nr_cpus ? b->lost[cpu] : 0;
}

void bpf_counts_hw(const struct bpf_counts *b, int cpu, struct bpf_hw_sum *sum)
{
	static const struct bpf_hw_sum none;

	*sum = cpu >= 0 && cpu < b->nr_cpus ? b->hw[cpu] : none;
}

void bpf_counts_send_from(struct bpf_counts *b, uint64_t ns)
{
	b->skel->data->send_from = ns;
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
	if (b->lost)
		munmap(b->lost, b->lost_len);
	if (b->hw)
		munmap(b->hw, b->hw_len);
	ring_buffer__free(b->samples);
	bpf_action_close(b->action);
	counts_bpf__destroy(b->skel);
	free(b);
}

#endif

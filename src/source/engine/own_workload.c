// SPDX-License-Identifier: GPL-2.0
/*
 * own_workload - osnoise and timerlat measured by threads of rtlens itself,
 * for kernels without the tracers; the records reach the consumer through
 * per-CPU single-producer single-consumer lock-free rings
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "base/params.h"
#include "source/system/system.h"
#include "source/engine/own_workload.h"

#define NSEC_PER_USEC		1000ULL
#define STOP_CHECK_NS		1000000ULL	/* osnoise spin: look at the stop flag every ms */
#define SLEEP_SLICE_NS		100000000ULL	/* osnoise sleep: and every 100 ms */
#define DEFAULT_THRESHOLD_NS	5000ULL		/* the kernel's when tracing_thresh is 0 */
#define CACHE_LINE		64
#define NAME_LEN		16		/* with the NUL, the kernel's TASK_COMM_LEN */

/*
 * A record in a ring, without its CPU (the ring's) nor the fields that are
 * always 0 here: 48 bytes instead of the 500 of a struct rtl_record.
 *   RECORD_OSNOISE_PERIOD: runtime_us, noise_us, max_sample_us, hw_count
 *   RECORD_NOISE_SAMPLE:   start_ns, duration_ns
 *   RECORD_TIMERLAT:       seqnum, latency_ns
 */
struct own_workload_slot {
	uint64_t	ts;
	uint64_t	v[4];
	uint32_t	kind;		/* enum record_kind */
};

struct own_workload_ring {
	_Alignas(CACHE_LINE) _Atomic uint64_t	head;	/* next slot to write: the producer's */
	_Alignas(CACHE_LINE) _Atomic uint64_t	tail;	/* next slot to read: the consumer's */
	_Alignas(CACHE_LINE) _Atomic uint64_t	lost;
	uint64_t				mask;	/* capacity - 1 */
	struct own_workload_slot				*slots;
};

enum worker_state {
	WORKER_STARTING,
	WORKER_READY,
	WORKER_OPENED,		/* timerlat_fd: the file is open, the loop runs */
	WORKER_FAILED,		/* timerlat_fd: it could not be opened (open_errno) */
};

struct own_workload_worker {
	struct own_workload_ring		ring;
	struct own_workload	*uw;
	pthread_t		thread;
	int			cpu;
	int			tid;		/* under uw->lock until the start is done */
	enum worker_state	state;		/* under uw->lock */
	int			open_errno;	/* timerlat_fd, under uw->lock */
	/* osnoise loop cost, turns that were not noise, written after each period */
	_Atomic uint64_t	loops;
	_Atomic uint64_t	loop_ns;
	_Atomic uint64_t	min_ns;		/* UINT64_MAX: no turn yet */
};

struct own_workload {
	enum own_workload_kind		kind;
	uint64_t		period_ns;
	uint64_t		runtime_ns;
	uint64_t		threshold_ns;
	char			tracing_dir[256];	/* timerlat_fd: tracefs */
	atomic_bool		stop;
	pthread_mutex_t		lock;
	pthread_cond_t		cond;
	bool			go;		/* under lock: measure */
	bool			joined;
	int			nr_workers;
	int			nr_started;	/* threads created */
	struct own_workload_worker	*workers;
	int			nr_cpus;	/* length of cpu_worker */
	int			*cpu_worker;	/* index in workers per CPU, -1: not measured */
	int			*tids;		/* of the workers, sorted */
};

static inline uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);	/* the vDSO: no system call */
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void ns_to_timespec(uint64_t ns, struct timespec *ts)
{
	ts->tv_sec = (time_t)(ns / 1000000000ULL);
	ts->tv_nsec = (long)(ns % 1000000000ULL);
}

static bool stopping(struct own_workload *uw)
{
	return atomic_load_explicit(&uw->stop, memory_order_relaxed);
}

/* --- the ring --- */

static int ring_init(struct own_workload_ring *r, unsigned int records)
{
	uint64_t cap = 2;

	while (cap < records)
		cap <<= 1;
	atomic_init(&r->head, 0);
	atomic_init(&r->tail, 0);
	atomic_init(&r->lost, 0);
	r->mask = cap - 1;
	r->slots = calloc(cap, sizeof(*r->slots));	/* large: pages come on first use */
	return r->slots ? 0 : -1;
}

/* Producer side: the worker thread of the ring. */
static void ring_push(struct own_workload_ring *r, const struct own_workload_slot *s)
{
	uint64_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
	uint64_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);

	if (head - tail > r->mask) {
		atomic_fetch_add_explicit(&r->lost, 1, memory_order_relaxed);
		return;
	}
	r->slots[head & r->mask] = *s;
	atomic_store_explicit(&r->head, head + 1, memory_order_release);
}

static void slot_to_record(const struct own_workload_slot *s, int cpu, struct rtl_record *rec)
{
	rec->kind = (enum record_kind)s->kind;
	switch (rec->kind) {
	case RECORD_OSNOISE_PERIOD:
		rec->period = (struct osnoise_period){ .cpu = cpu, .ts = s->ts,
			.runtime_us = s->v[0], .noise_us = s->v[1],
			.max_sample_us = s->v[2], .hw_count = s->v[3] };
		break;
	case RECORD_NOISE_SAMPLE:
		rec->sample = (struct noise_sample){ .cpu = cpu, .ts = s->ts,
			.start_ns = s->v[0], .duration_ns = s->v[1] };
		break;
	default:
		rec->timerlat = (struct timerlat_sample){ .cpu = cpu, .ts = s->ts,
			.seqnum = s->v[0], .context = TIMERLAT_THREAD, .latency_ns = s->v[1] };
		break;
	}
}

/* Consumer side: the records of one CPU up to @until, in order. */
static int ring_drain(struct own_workload_ring *r, int cpu,
		      void (*fn)(const struct rtl_record *rec, void *ctx), void *ctx,
		      uint64_t until)
{
	uint64_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
	uint64_t head = atomic_load_explicit(&r->head, memory_order_acquire);
	struct rtl_record rec;
	int n = 0;

	for (; tail != head; tail++) {
		const struct own_workload_slot *s = &r->slots[tail & r->mask];

		if (s->ts > until)
			break;
		slot_to_record(s, cpu, &rec);
		/* the slot is copied: the producer may have it back */
		atomic_store_explicit(&r->tail, tail + 1, memory_order_release);
		fn(&rec, ctx);
		n++;
	}
	return n;
}

/* --- the measuring loops --- */

static void push(struct own_workload_worker *w, enum record_kind kind, uint64_t ts,
		 uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3)
{
	struct own_workload_slot s = { .ts = ts, .v = { v0, v1, v2, v3 }, .kind = kind };

	ring_push(&w->ring, &s);
}

struct spin_stats {
	uint64_t	noise_ns;
	uint64_t	max_ns;
	uint64_t	samples;
	uint64_t	loops;		/* turns that were not noise */
	uint64_t	loop_ns;
	uint64_t	min_ns;
};

static void account_loop_cost(struct own_workload_worker *w, const struct spin_stats *st)
{
	uint64_t min = atomic_load_explicit(&w->min_ns, memory_order_relaxed);

	atomic_fetch_add_explicit(&w->loops, st->loops, memory_order_relaxed);
	atomic_fetch_add_explicit(&w->loop_ns, st->loop_ns, memory_order_relaxed);
	if (st->min_ns < min)
		atomic_store_explicit(&w->min_ns, st->min_ns, memory_order_relaxed);
}

/* One gap between two clock reads: noise above the threshold, else a loop turn. */
static inline void account_gap(struct own_workload_worker *w, struct spin_stats *st,
			       uint64_t prev, uint64_t t)
{
	uint64_t gap = t - prev;

	if (gap > w->uw->threshold_ns) {
		push(w, RECORD_NOISE_SAMPLE, t, prev, gap, 0, 0);
		st->noise_ns += gap;
		st->samples++;
		if (gap > st->max_ns)
			st->max_ns = gap;
		return;
	}
	st->loops++;
	st->loop_ns += gap;
	if (gap < st->min_ns)
		st->min_ns = gap;
}

/* Spin for the runtime (or until stopped); returns when it ended. */
static uint64_t osnoise_runtime(struct own_workload_worker *w)
{
	struct own_workload *uw = w->uw;
	struct spin_stats st = { .min_ns = UINT64_MAX };
	uint64_t begin = now_ns(), prev = begin, t = begin;
	uint64_t end = begin + uw->runtime_ns, next_check = begin + STOP_CHECK_NS;

	do {
		t = now_ns();
		account_gap(w, &st, prev, t);
		prev = t;
		if (t >= next_check) {
			if (stopping(uw))
				break;
			next_check = t + STOP_CHECK_NS;
		}
	} while (t < end);
	push(w, RECORD_OSNOISE_PERIOD, t, (t - begin) / NSEC_PER_USEC,
	     st.noise_ns / NSEC_PER_USEC, st.max_ns / NSEC_PER_USEC, st.samples);
	account_loop_cost(w, &st);
	return t;
}

/* Sleep until @t, looking at the stop flag at least every SLEEP_SLICE_NS. */
static void osnoise_sleep(struct own_workload *uw, uint64_t t)
{
	struct timespec ts;
	uint64_t now;

	while (!stopping(uw)) {
		now = now_ns();
		if (now >= t)
			return;
		ns_to_timespec(t - now > SLEEP_SLICE_NS ? now + SLEEP_SLICE_NS : t, &ts);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	}
}

static void run_osnoise(struct own_workload_worker *w)
{
	struct own_workload *uw = w->uw;
	uint64_t start = now_ns(), end;

	while (!stopping(uw)) {
		end = osnoise_runtime(w);
		/* a period whose start has passed (runtime == period, lateness) starts now */
		start += uw->period_ns;
		if (start <= end)
			start = end;
		else
			osnoise_sleep(uw, start);
	}
}

static void run_timerlat(struct own_workload_worker *w)
{
	struct own_workload *uw = w->uw;
	uint64_t period = uw->period_ns, next = now_ns() + period, seq = 0, t;
	struct timespec ts;

	while (!stopping(uw)) {
		ns_to_timespec(next, &ts);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
		t = now_ns();
		push(w, RECORD_TIMERLAT, t, ++seq, t > next ? t - next : 0, 0, 0);
		next += period;
		if (next <= t)		/* late by more than a period: the next future one */
			next += ((t - next) / period + 1) * period;
	}
}

static void set_state(struct own_workload_worker *w, enum worker_state state, int err)
{
	pthread_mutex_lock(&w->uw->lock);
	w->state = state;
	w->open_errno = err;
	pthread_cond_broadcast(&w->uw->cond);
	pthread_mutex_unlock(&w->uw->lock);
}

/*
 * The timerlat tracer's user-space thread (-u): each read() of the CPU's
 * timerlat_fd returns at the next activation, and the kernel records the
 * IRQ, thread and return-to-user latencies itself.
 */
static void run_timerlat_fd(struct own_workload_worker *w)
{
	struct own_workload *uw = w->uw;
	char path[sizeof(uw->tracing_dir) + 64], buf[64];
	int fd;

	snprintf(path, sizeof(path), "%s/osnoise/per_cpu/cpu%d/timerlat_fd", uw->tracing_dir,
		 w->cpu);
	fd = open(path, O_RDONLY);
	set_state(w, fd < 0 ? WORKER_FAILED : WORKER_OPENED, fd < 0 ? errno : 0);
	if (fd < 0)
		return;
	while (!stopping(uw))
		if (read(fd, buf, sizeof(buf)) < 0 && errno != EINTR)
			break;
	close(fd);
}

/* Tell own_workload_start() our tid, then wait to be pinned and told to go (or to stop). */
static bool worker_ready(struct own_workload_worker *w)
{
	struct own_workload *uw = w->uw;
	char name[NAME_LEN];
	bool go;

	snprintf(name, sizeof(name), "%s/%d", uw->kind == OWN_WORKLOAD_OSNOISE ? "rtlens-osn" :
		 uw->kind == OWN_WORKLOAD_TIMERLAT ? "rtlens-tl" : "timerlatu", w->cpu);
	prctl(PR_SET_NAME, name, 0, 0, 0);
	/* wake when the timer is due, not up to 50 us later (the default slack) */
	prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	pthread_mutex_lock(&uw->lock);
	w->tid = (int)syscall(SYS_gettid);
	w->state = WORKER_READY;
	pthread_cond_broadcast(&uw->cond);
	while (!uw->go && !stopping(uw))
		pthread_cond_wait(&uw->cond, &uw->lock);
	go = uw->go && !stopping(uw);
	pthread_mutex_unlock(&uw->lock);
	return go;
}

/*
 * Touch every page of the ring from the pinned thread: the pages come from
 * its NUMA node, and their first faults do not show up as noise.
 */
static void prefault_ring(struct own_workload_ring *r)
{
	volatile char *p = (volatile char *)r->slots;
	size_t len = (r->mask + 1) * sizeof(*r->slots), off;
	long page = sysconf(_SC_PAGESIZE);

	for (off = 0; off < len; off += page > 0 ? (size_t)page : 4096)
		p[off] = 0;
}

static void *worker_main(void *arg)
{
	struct own_workload_worker *w = arg;

	if (!worker_ready(w))
		return NULL;
	prefault_ring(&w->ring);
	if (w->uw->kind == OWN_WORKLOAD_OSNOISE)
		run_osnoise(w);
	else if (w->uw->kind == OWN_WORKLOAD_TIMERLAT)
		run_timerlat(w);
	else
		run_timerlat_fd(w);
	return NULL;
}

/* --- start and stop --- */

static int check_config(const struct own_workload_config *cfg)
{
	if (cfg->kind == OWN_WORKLOAD_TIMERLAT_FD && (!cfg->tracing_dir ||
	    strlen(cfg->tracing_dir) >= sizeof(((struct own_workload *)0)->tracing_dir))) {
		err_msg("user workload: no tracefs directory for timerlat_fd");
		return -1;
	}
	if (cfg->kind != OWN_WORKLOAD_OSNOISE && cfg->kind != OWN_WORKLOAD_TIMERLAT && cfg->kind != OWN_WORKLOAD_TIMERLAT_FD) {
		err_msg("user workload: unknown kind %d", (int)cfg->kind);
		return -1;
	}
	if (!cfg->cpus || !cfg->cpus->bits || cpu_mask_count(cfg->cpus) == 0) {
		err_msg("user workload: no cpu to measure (give at least one with -c)");
		return -1;
	}
	if (cfg->period_us == 0 || cfg->period_us > OWN_WORKLOAD_PERIOD_MAX_US) {
		err_msg("user workload: period %llu us is out of range 1-%llu us",
			(unsigned long long)cfg->period_us, (unsigned long long)OWN_WORKLOAD_PERIOD_MAX_US);
		return -1;
	}
	if (cfg->kind == OWN_WORKLOAD_OSNOISE && !cfg->runtime_us) {
		err_msg("user workload: no runtime (1 us to the period)");
		return -1;
	}
	if (cfg->kind == OWN_WORKLOAD_OSNOISE && params_check_runtime(cfg->runtime_us, cfg->period_us))
		return -1;
	if (cfg->ring_records > OWN_WORKLOAD_RING_MAX) {
		err_msg("user workload: %u records per cpu is more than the %u allowed",
			cfg->ring_records, OWN_WORKLOAD_RING_MAX);
		return -1;
	}
	return 0;
}

static struct own_workload *own_workload_alloc(const struct own_workload_config *cfg)
{
	struct own_workload *uw = calloc(1, sizeof(*uw));
	int n = cpu_mask_count(cfg->cpus);
	void *mem = NULL;

	if (!uw)
		return NULL;
	uw->kind = cfg->kind;
	uw->period_ns = cfg->period_us * NSEC_PER_USEC;
	uw->runtime_ns = cfg->runtime_us * NSEC_PER_USEC;
	uw->threshold_ns = cfg->threshold_ns ? cfg->threshold_ns : DEFAULT_THRESHOLD_NS;
	if (cfg->tracing_dir)
		snprintf(uw->tracing_dir, sizeof(uw->tracing_dir), "%s", cfg->tracing_dir);
	atomic_init(&uw->stop, false);
	pthread_mutex_init(&uw->lock, NULL);
	pthread_cond_init(&uw->cond, NULL);
	uw->joined = true;	/* nothing to join yet */
	uw->nr_cpus = cfg->cpus->nr_cpus;
	uw->cpu_worker = malloc(sizeof(*uw->cpu_worker) * (size_t)uw->nr_cpus);
	uw->tids = calloc((size_t)n, sizeof(*uw->tids));
	if (posix_memalign(&mem, CACHE_LINE, sizeof(*uw->workers) * (size_t)n) == 0)
		memset(mem, 0, sizeof(*uw->workers) * (size_t)n);
	uw->workers = mem;
	if (!uw->cpu_worker || !uw->tids || !uw->workers) {
		own_workload_free(uw);
		return NULL;
	}
	return uw;
}

static int init_workers(struct own_workload *uw, const struct own_workload_config *cfg)
{
	unsigned int records = cfg->ring_records ? cfg->ring_records : OWN_WORKLOAD_RING_DEFAULT;
	int cpu;

	for (cpu = 0; cpu < uw->nr_cpus; cpu++)
		uw->cpu_worker[cpu] = -1;
	for_each_cpu_in(cpu, cfg->cpus) {
		struct own_workload_worker *w = &uw->workers[uw->nr_workers];

		w->uw = uw;
		w->cpu = cpu;
		w->tid = -1;
		atomic_init(&w->loops, 0);
		atomic_init(&w->loop_ns, 0);
		atomic_init(&w->min_ns, UINT64_MAX);
		uw->cpu_worker[cpu] = uw->nr_workers++;
		if (ring_init(&w->ring, records)) {
			err_msg("user workload: no memory for %u records per cpu (ask for fewer)",
				records);
			return -1;
		}
	}
	return 0;
}

/* Create the threads with every signal blocked: signals are for the main thread. */
static int create_threads(struct own_workload *uw)
{
	sigset_t all, old;
	int i, err = 0;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	uw->joined = false;
	for (i = 0; i < uw->nr_workers && !err; i++) {
		err = pthread_create(&uw->workers[i].thread, NULL, worker_main, &uw->workers[i]);
		if (!err)
			uw->nr_started++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err)
		err_msg("cannot create the measuring thread of cpu %d: %s (too many threads? "
			"see ulimit -u, or measure fewer cpus with -c)",
			uw->workers[i - 1].cpu, strerror(err));
	return err ? -1 : 0;
}

static void wait_ready(struct own_workload *uw)
{
	int i;

	pthread_mutex_lock(&uw->lock);
	for (i = 0; i < uw->nr_workers; i++)
		while (uw->workers[i].state != WORKER_READY)
			pthread_cond_wait(&uw->cond, &uw->lock);
	pthread_mutex_unlock(&uw->lock);
}

/* timerlat_fd: every worker opened its file, or the first failure is told */
static int wait_opened(struct own_workload *uw)
{
	int i, err = 0, cpu = -1;

	pthread_mutex_lock(&uw->lock);
	for (i = 0; i < uw->nr_workers; i++) {
		struct own_workload_worker *w = &uw->workers[i];

		while (w->state != WORKER_OPENED && w->state != WORKER_FAILED)
			pthread_cond_wait(&uw->cond, &uw->lock);
		if (w->state == WORKER_FAILED && !err) {
			err = w->open_errno;
			cpu = w->cpu;
		}
	}
	pthread_mutex_unlock(&uw->lock);
	if (!err)
		return 0;
	err_msg("cannot open the timerlat_fd of cpu %d: %s (is the timerlat tracer running, "
		"and the cpu measured?)", cpu, strerror(err));
	return -1;
}

static int pin(const struct own_workload_worker *w)
{
	size_t size = CPU_ALLOC_SIZE(w->cpu + 1);
	cpu_set_t *set = CPU_ALLOC(w->cpu + 1);
	int ret, err;

	if (!set) {
		err_msg("cannot pin the measuring thread of cpu %d: out of memory", w->cpu);
		return -1;
	}
	CPU_ZERO_S(size, set);
	CPU_SET_S(w->cpu, size, set);
	ret = sched_setaffinity(w->tid, size, set);
	err = errno;
	CPU_FREE(set);
	if (ret)
		err_msg("cannot pin the measuring thread to cpu %d: %s (the user engine's threads "
			"run only on the online cpus of rtlens's cgroup cpuset, its "
			"cpuset.cpus.effective, see /sys/devices/system/cpu/online; the kernel's "
			"tracer measures any: name others with -c)", w->cpu, strerror(err));
	return ret ? -1 : 0;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Pin each thread and give it its policy, from here: one message on error. */
static int setup_threads(struct own_workload *uw, const struct sched_attr_req *prio)
{
	char what[64];
	int i;

	for (i = 0; i < uw->nr_workers; i++) {
		struct own_workload_worker *w = &uw->workers[i];

		snprintf(what, sizeof(what), "the measuring thread of cpu %d", w->cpu);
		if (pin(w) || tasks_set_thread_sched(prio, w->tid, what))
			return -1;
		uw->tids[i] = w->tid;
	}
	qsort(uw->tids, (size_t)uw->nr_workers, sizeof(*uw->tids), cmp_int);
	return 0;
}

void own_workload_timerlat_prio(struct sched_attr_req *prio)
{
	if (prio->kind != SCHED_KIND_NONE)
		return;
	prio->kind = SCHED_KIND_FIFO;
	prio->prio = OWN_WORKLOAD_TIMERLAT_FIFO_PRIO;
}

struct own_workload *own_workload_start(const struct own_workload_config *cfg)
{
	struct own_workload *uw;

	if (check_config(cfg))
		return NULL;
	uw = own_workload_alloc(cfg);
	if (!uw) {
		err_msg("user workload: out of memory");
		return NULL;
	}
	if (init_workers(uw, cfg) || create_threads(uw))
		goto fail;
	wait_ready(uw);
	if (setup_threads(uw, &cfg->prio))
		goto fail;
	pthread_mutex_lock(&uw->lock);
	uw->go = true;
	pthread_cond_broadcast(&uw->cond);
	pthread_mutex_unlock(&uw->lock);
	if (uw->kind == OWN_WORKLOAD_TIMERLAT_FD && wait_opened(uw))
		goto fail;
	debug_msg("user workload: %d %s threads started", uw->nr_workers,
		  uw->kind == OWN_WORKLOAD_OSNOISE ? "osnoise" : "timerlat");
	return uw;
fail:
	own_workload_free(uw);
	return NULL;
}

void own_workload_stop(struct own_workload *uw)
{
	int i;

	if (!uw || uw->joined)
		return;
	pthread_mutex_lock(&uw->lock);
	atomic_store(&uw->stop, true);
	pthread_cond_broadcast(&uw->cond);
	pthread_mutex_unlock(&uw->lock);
	for (i = 0; i < uw->nr_started; i++)
		pthread_join(uw->workers[i].thread, NULL);
	uw->joined = true;
}

void own_workload_free(struct own_workload *uw)
{
	int i;

	if (!uw)
		return;
	own_workload_stop(uw);
	for (i = 0; uw->workers && i < uw->nr_workers; i++)
		free(uw->workers[i].ring.slots);
	free(uw->workers);
	free(uw->cpu_worker);
	free(uw->tids);
	pthread_cond_destroy(&uw->cond);
	pthread_mutex_destroy(&uw->lock);
	free(uw);
}

/* --- the consumer's side --- */

int own_workload_drain(struct own_workload *uw,
	     void (*fn)(const struct rtl_record *rec, void *ctx), void *ctx,
	     uint64_t until_ns)
{
	int i, n = 0;

	for (i = 0; i < uw->nr_workers; i++)
		n += ring_drain(&uw->workers[i].ring, uw->workers[i].cpu, fn, ctx, until_ns);
	return n;
}

static const struct own_workload_worker *worker_of(const struct own_workload *uw, int cpu)
{
	if (!uw || cpu < 0 || cpu >= uw->nr_cpus || uw->cpu_worker[cpu] < 0)
		return NULL;
	return &uw->workers[uw->cpu_worker[cpu]];
}

int own_workload_tid(const struct own_workload *uw, int cpu)
{
	const struct own_workload_worker *w = worker_of(uw, cpu);

	return w ? w->tid : -1;
}

bool own_workload_is_own_tid(const struct own_workload *uw, int tid)
{
	return uw && bsearch(&tid, uw->tids, (size_t)uw->nr_workers, sizeof(*uw->tids),
			     cmp_int);
}

uint64_t own_workload_lost(const struct own_workload *uw)
{
	uint64_t lost = 0;
	int i;

	for (i = 0; i < uw->nr_workers; i++)
		lost += atomic_load_explicit(&uw->workers[i].ring.lost, memory_order_relaxed);
	return lost;
}

void own_workload_loop_cost(const struct own_workload *uw, int cpu, double *mean_ns, uint64_t *min_ns)
{
	const struct own_workload_worker *w = worker_of(uw, cpu);
	uint64_t loops = 0, ns = 0, min = UINT64_MAX;

	if (w) {
		loops = atomic_load_explicit(&w->loops, memory_order_relaxed);
		ns = atomic_load_explicit(&w->loop_ns, memory_order_relaxed);
		min = atomic_load_explicit(&w->min_ns, memory_order_relaxed);
	}
	*mean_ns = loops ? (double)ns / (double)loops : 0;
	*min_ns = min == UINT64_MAX ? 0 : min;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the user-space measuring workload: real threads run for a
 * fraction of a second on the CPUs rtlens may use, and the records they
 * yield, the ring's order and drops, and the start errors are checked
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <dirent.h>
#include <grp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "source/engine/own_workload.h"

#define MS		1000000ULL	/* ns */
#define MAX_RECS	8192
#define SKIP_EXIT	77		/* a child that cannot test says so */

struct recs {
	int			n;
	struct rtl_record	r[MAX_RECS];
};

static void collect(const struct rtl_record *rec, void *ctx)
{
	struct recs *c = ctx;

	if (c->n < MAX_RECS)
		c->r[c->n++] = *rec;
}

static struct recs *recs_new(void)
{
	struct recs *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	return c;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts))
		;
}

static int nr_tasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static int base_tasks;	/* threads of the test before any test */

/*
 * Wait for the task count to come back to @want: a joined thread may still
 * be listed for a moment (the kernel wakes the joiner before unlisting it).
 */
static int tasks_back_to(int want)
{
	int i, n = nr_tasks();

	for (i = 0; i < 500 && n != want; i++) {
		sleep_ms(1);
		n = nr_tasks();
	}
	return n;
}

/* The @nth CPU (0: first) this process may run on, -1 if there are fewer. */
static int allowed_cpu(int nth)
{
	cpu_set_t set;
	int cpu;

	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set) && nth-- == 0)
			return cpu;
	return -1;
}

static int nr_cpus(void)
{
	return (int)sysconf(_SC_NPROCESSORS_CONF) > CPU_SETSIZE ?
		(int)sysconf(_SC_NPROCESSORS_CONF) : CPU_SETSIZE;
}

static void mask_of(struct cpu_mask *mask, int cpu)
{
	assert_int_equal(cpu_mask_init(mask, nr_cpus()), 0);
	cpu_mask_set(mask, cpu);
}

static struct own_workload_config osnoise_cfg(const struct cpu_mask *mask, uint64_t period_us,
				    uint64_t runtime_us)
{
	struct own_workload_config cfg = {
		.kind = OWN_WORKLOAD_OSNOISE, .cpus = mask, .period_us = period_us,
		.runtime_us = runtime_us, .threshold_ns = 1000,
	};

	return cfg;
}

static struct own_workload_config timerlat_cfg(const struct cpu_mask *mask, uint64_t period_us)
{
	struct own_workload_config cfg = { .kind = OWN_WORKLOAD_TIMERLAT, .cpus = mask, .period_us = period_us };

	return cfg;
}

static void assert_thread(const struct own_workload *uw, int cpu, const char *prefix)
{
	char path[64], comm[32] = "", want[32];
	int tid = own_workload_tid(uw, cpu);
	cpu_set_t set;
	FILE *f;

	assert_true(tid > 0);
	assert_true(own_workload_is_own_tid(uw, tid));
	snprintf(path, sizeof(path), "/proc/self/task/%d/comm", tid);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(comm, sizeof(comm), f));
	fclose(f);
	snprintf(want, sizeof(want), "%s/%d\n", prefix, cpu);
	assert_string_equal(comm, want);
	assert_int_equal(sched_getaffinity(tid, sizeof(set), &set), 0);
	assert_int_equal(CPU_COUNT(&set), 1);
	assert_true(CPU_ISSET(cpu, &set));
}

/* Per period: noise == sum of its samples, max and count match; returns periods. */
static int check_osnoise(const struct recs *c, int cpu, uint64_t runtime_us,
			 uint64_t threshold_ns)
{
	uint64_t sum = 0, max = 0, count = 0, last_ts = 0, last_end = 0;
	int i, periods = 0;

	for (i = 0; i < c->n; i++) {
		const struct rtl_record *r = &c->r[i];

		if (r->kind == RECORD_NOISE_SAMPLE) {
			const struct noise_sample *s = &r->sample;

			assert_int_equal(s->cpu, cpu);
			assert_true(s->ts >= last_ts);
			assert_true(s->duration_ns > threshold_ns);
			assert_int_equal(s->ts, s->start_ns + s->duration_ns);
			assert_true(s->start_ns >= last_end);	/* after the last period */
			assert_int_equal(s->interference, 0);
			sum += s->duration_ns;
			count++;
			if (s->duration_ns > max)
				max = s->duration_ns;
			last_ts = s->ts;
			continue;
		}
		assert_int_equal(r->kind, RECORD_OSNOISE_PERIOD);
		assert_int_equal(r->period.cpu, cpu);
		assert_true(r->period.ts >= last_ts);
		/* unless stopped (the last): a whole runtime, after the last period's */
		if (i != c->n - 1) {
			assert_true(r->period.runtime_us >= runtime_us);
			if (periods)
				assert_true(r->period.ts - last_end > runtime_us * 1000);
		}
		assert_true(r->period.runtime_us <= runtime_us + r->period.max_sample_us + 1);
		assert_int_equal(r->period.noise_us, sum / 1000);
		assert_int_equal(r->period.max_sample_us, max / 1000);
		assert_int_equal(r->period.hw_count, count);
		assert_int_equal(r->period.nmi_count + r->period.irq_count +
				 r->period.softirq_count + r->period.thread_count, 0);
		assert_true(r->period.noise_us <= r->period.runtime_us);
		last_ts = last_end = r->period.ts;
		sum = max = count = 0;
		periods++;
	}
	assert_int_equal(count, 0);	/* every sample belongs to a period */
	return periods;
}

/* 0.33 s of 100 ms periods, 50 ms runtime, on the first allowed CPU. */
static void test_osnoise(void **state)
{
	int cpu = allowed_cpu(0), tasks = tasks_back_to(base_tasks), periods, n;
	struct cpu_mask mask;
	struct own_workload_config cfg;
	struct own_workload *uw;
	struct recs *c = recs_new();
	uint64_t min;
	double mean;

	(void)state;
	mask_of(&mask, cpu);
	cfg = osnoise_cfg(&mask, 100000, 50000);
	uw = own_workload_start(&cfg);
	assert_non_null(uw);
	assert_int_equal(nr_tasks(), tasks + 1);
	assert_thread(uw, cpu, "rtlens-osn");
	assert_int_equal(own_workload_tid(uw, cpu + 1), -1);
	assert_int_equal(own_workload_tid(uw, -1), -1);
	assert_false(own_workload_is_own_tid(uw, getpid()));
	sleep_ms(330);
	own_workload_stop(uw);
	own_workload_stop(uw);	/* idempotent */
	assert_int_equal(tasks_back_to(tasks), tasks);
	n = own_workload_drain(uw, collect, c, UINT64_MAX);
	assert_int_equal(n, c->n);
	assert_int_equal(own_workload_drain(uw, collect, c, UINT64_MAX), 0);
	assert_int_equal(own_workload_lost(uw), 0);
	periods = check_osnoise(c, cpu, 50000, 1000);
	assert_in_range(periods, 2, 5);
	assert_int_equal(c->r[c->n - 1].kind, RECORD_OSNOISE_PERIOD);

	own_workload_loop_cost(uw, cpu, &mean, &min);
	print_message("loop cost on cpu %d: mean %.1f ns, min %llu ns per clock read\n",
		      cpu, mean, (unsigned long long)min);
	assert_true(mean > 0 && mean < 1000);
	assert_true((double)min <= mean);
	own_workload_loop_cost(uw, cpu + 1, &mean, &min);
	assert_true(mean == 0 && min == 0);
	own_workload_free(uw);
	cpu_mask_free(&mask);
	free(c);
}

static atomic_bool busy_stop;

static void *busy(void *arg)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(*(int *)arg, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	while (!atomic_load_explicit(&busy_stop, memory_order_relaxed))
		;
	return NULL;
}

/*
 * A busy thread of the same policy on the measured CPU takes turns with the
 * measuring thread: its slices are noise. runtime == period: no sleep.
 */
static void test_osnoise_injected_gap(void **state)
{
	int cpu = allowed_cpu(0);
	uint64_t b0, b1, noise = 0, max = 0;
	struct cpu_mask mask;
	struct own_workload_config cfg;
	struct own_workload *uw;
	struct recs *c = recs_new();
	pthread_t th;
	int i;

	(void)state;
	mask_of(&mask, cpu);
	cfg = osnoise_cfg(&mask, 20000, 20000);
	uw = own_workload_start(&cfg);
	assert_non_null(uw);
	sleep_ms(20);
	atomic_store(&busy_stop, false);
	b0 = mono_ns();
	assert_int_equal(pthread_create(&th, NULL, busy, &cpu), 0);
	sleep_ms(150);
	atomic_store(&busy_stop, true);
	pthread_join(th, NULL);
	b1 = mono_ns();
	own_workload_stop(uw);
	own_workload_drain(uw, collect, c, UINT64_MAX);
	check_osnoise(c, cpu, 20000, 1000);
	/*
	 * the noise inside the busy thread's window, samples cut at its edges:
	 * a loaded machine (another process on the CPU) makes a sample that
	 * straddles an edge longer, never the noise inside the window smaller
	 */
	for (i = 0; i < c->n; i++) {
		const struct noise_sample *s = &c->r[i].sample;
		uint64_t from, to;

		if (c->r[i].kind != RECORD_NOISE_SAMPLE)
			continue;
		from = s->start_ns > b0 ? s->start_ns : b0;
		to = s->start_ns + s->duration_ns < b1 ? s->start_ns + s->duration_ns : b1;
		if (to <= from)
			continue;
		noise += to - from;
		if (s->duration_ns > max)
			max = s->duration_ns;
	}
	print_message("busy thread for %llu ms: %llu ms of noise, longest sample %llu us\n",
		      (unsigned long long)((b1 - b0) / MS), (unsigned long long)(noise / MS),
		      (unsigned long long)(max / 1000));
	/* the fair share is half; a quarter leaves room for a loaded machine */
	assert_true(noise > (b1 - b0) / 4);
	assert_true(max >= 100000);
	own_workload_free(uw);
	cpu_mask_free(&mask);
	free(c);
}

/* Can this process use SCHED_FIFO? Asked in a child, to leave ours alone. */
static bool fifo_allowed(void)
{
	struct sched_param sp = { .sched_priority = 1 };
	static int allowed = -1;
	int status;
	pid_t pid;

	if (allowed >= 0)
		return allowed;
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(sched_setscheduler(0, SCHED_FIFO, &sp) ? 1 : 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	allowed = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	return allowed;
}

/*
 * The timerlat tests count activations: SCHED_FIFO where allowed (root in
 * CI) keeps them from a loaded machine; else SCHED_OTHER nice 0, applied too.
 */
static struct sched_attr_req timerlat_prio(void)
{
	struct sched_attr_req fifo = { .kind = SCHED_KIND_FIFO, .prio = 1 };
	struct sched_attr_req other = { .kind = SCHED_KIND_OTHER, .prio = 0 };

	return fifo_allowed() ? fifo : other;
}

/* Each CPU's activations in @c: seqnums go up by one from @first; returns the last. */
static uint64_t check_timerlat(const struct recs *c, int cpu, uint64_t first, int *count)
{
	uint64_t seq = first - 1, ts = 0;
	int i;

	*count = 0;
	for (i = 0; i < c->n; i++) {
		const struct timerlat_sample *t = &c->r[i].timerlat;

		assert_int_equal(c->r[i].kind, RECORD_TIMERLAT);
		if (t->cpu != cpu)
			continue;
		assert_int_equal(t->context, TIMERLAT_THREAD);
		assert_int_equal(t->seqnum, seq + 1);
		assert_true(t->ts >= ts);
		assert_true(t->latency_ns < 1000 * MS);
		seq = t->seqnum;
		ts = t->ts;
		(*count)++;
	}
	return seq;
}

/* 0.2 s at 1 ms on every allowed CPU (at most two), drained in two times. */
static void test_timerlat(void **state)
{
	struct recs *c1 = recs_new(), *c2 = recs_new();
	int cpus[2] = { allowed_cpu(0), allowed_cpu(1) }, i, n1, n2;
	int tasks = tasks_back_to(base_tasks);
	struct cpu_mask mask;
	struct own_workload_config cfg;
	struct own_workload *uw;
	uint64_t t0, mid, end, last;

	(void)state;
	mask_of(&mask, cpus[0]);
	if (cpus[1] >= 0)
		cpu_mask_set(&mask, cpus[1]);
	cfg = timerlat_cfg(&mask, 1000);
	cfg.prio = timerlat_prio();
	t0 = mono_ns();
	uw = own_workload_start(&cfg);
	assert_non_null(uw);
	assert_int_equal(nr_tasks(), tasks + cpu_mask_count(&mask));
	for (i = 0; i < 2 && cpus[i] >= 0; i++)
		assert_thread(uw, cpus[i], "rtlens-tl");
	sleep_ms(100);
	mid = mono_ns();
	sleep_ms(100);
	own_workload_stop(uw);
	end = mono_ns();
	assert_int_equal(tasks_back_to(tasks), tasks);
	n1 = own_workload_drain(uw, collect, c1, mid);
	assert_int_equal(n1, c1->n);
	n2 = own_workload_drain(uw, collect, c2, UINT64_MAX);
	assert_int_equal(n2, c2->n);
	for (i = 0; i < c1->n; i++)
		assert_true(c1->r[i].timerlat.ts <= mid);
	for (i = 0; i < c2->n; i++)
		assert_true(c2->r[i].timerlat.ts > mid);
	for (i = 0; i < 2 && cpus[i] >= 0; i++) {
		assert_true(own_workload_tid(uw, cpus[i]) > 0);	/* still known after the stop */
		last = check_timerlat(c1, cpus[i], 1, &n1);
		check_timerlat(c2, cpus[i], last + 1, &n2);
		print_message("cpu %d: %d activations in %llu ms\n", cpus[i], n1 + n2,
			      (unsigned long long)((end - t0) / MS));
		/*
		 * At most one per elapsed ms; about 100 and 200, but a loaded
		 * machine (or a SCHED_OTHER thread on one) may see much fewer.
		 */
		assert_in_range(n1, fifo_allowed() ? 10 : 1, (mid - t0) / MS + 1);
		assert_in_range(n1 + n2, fifo_allowed() ? 20 : 2, (end - t0) / MS + 1);
	}
	assert_int_equal(own_workload_lost(uw), 0);
	own_workload_free(uw);
	cpu_mask_free(&mask);
	free(c1);
	free(c2);
}

/* A ring of 5 -> 8 records, not drained: the first 8 stay, in order, the rest are counted. */
static void test_ring_full(void **state)
{
	struct recs *c = recs_new();
	int cpu = allowed_cpu(0), i;
	struct cpu_mask mask;
	struct own_workload_config cfg;
	struct own_workload *uw;
	uint64_t lost;

	(void)state;
	mask_of(&mask, cpu);
	cfg = timerlat_cfg(&mask, 100);
	cfg.prio = timerlat_prio();
	cfg.ring_records = 5;
	uw = own_workload_start(&cfg);
	assert_non_null(uw);
	sleep_ms(30);
	assert_true(own_workload_drain(uw, collect, c, UINT64_MAX) >= 8);
	for (i = 0; i < 8; i++)
		assert_int_equal(c->r[i].timerlat.seqnum, i + 1);
	lost = own_workload_lost(uw);
	assert_true(lost > 0);
	/* the ring wraps: full again */
	sleep_ms(30);
	own_workload_stop(uw);
	i = c->n;
	assert_int_equal(own_workload_drain(uw, collect, c, UINT64_MAX), 8);
	for (; i < c->n; i++)
		assert_true(c->r[i].timerlat.seqnum > c->r[i - 1].timerlat.seqnum);
	assert_true(own_workload_lost(uw) > lost);
	print_message("%d records kept, %llu dropped\n", c->n,
		      (unsigned long long)own_workload_lost(uw));
	own_workload_free(uw);
	cpu_mask_free(&mask);
	free(c);
}

static void bad_config(const struct own_workload_config *cfg)
{
	int tasks = tasks_back_to(base_tasks);

	assert_int_equal(tasks, base_tasks);
	assert_null(own_workload_start(cfg));
	assert_int_equal(tasks_back_to(tasks), tasks);
}

static void test_bad_config(void **state)
{
	struct cpu_mask mask, empty;
	struct own_workload_config cfg;

	(void)state;
	mask_of(&mask, allowed_cpu(0));
	assert_int_equal(cpu_mask_init(&empty, 4), 0);
	cfg = osnoise_cfg(&mask, 0, 0);
	bad_config(&cfg);
	cfg = osnoise_cfg(&mask, 1000, 2000);		/* runtime > period */
	bad_config(&cfg);
	cfg = osnoise_cfg(&mask, 1000, 0);
	bad_config(&cfg);
	cfg = osnoise_cfg(&mask, OWN_WORKLOAD_PERIOD_MAX_US + 1, 1000);
	bad_config(&cfg);
	cfg = osnoise_cfg(&empty, 1000, 1000);
	bad_config(&cfg);
	cfg = osnoise_cfg(NULL, 1000, 1000);
	bad_config(&cfg);
	cfg = timerlat_cfg(&mask, 1000);
	cfg.ring_records = OWN_WORKLOAD_RING_MAX + 1;
	bad_config(&cfg);
	cfg.ring_records = 0;
	cfg.kind = (enum own_workload_kind)7;
	bad_config(&cfg);
	cpu_mask_free(&mask);
	cpu_mask_free(&empty);
}

/* A CPU that does not exist after one that does: the first thread is stopped too. */
static void test_cpu_offline(void **state)
{
	int last = (int)sysconf(_SC_NPROCESSORS_CONF) + 3;
	struct cpu_mask mask;
	struct own_workload_config cfg;

	(void)state;
	assert_int_equal(cpu_mask_init(&mask, last + 1), 0);
	cpu_mask_set(&mask, allowed_cpu(0));
	cpu_mask_set(&mask, last);
	cfg = osnoise_cfg(&mask, 1000, 500);
	bad_config(&cfg);
	cfg = timerlat_cfg(&mask, 1000);
	bad_config(&cfg);
	cpu_mask_free(&mask);
}

/*
 * timerlat -u's threads: a timerlat_fd that cannot be opened (here: no such
 * tracefs) fails the start, and no thread is left.
 */
static void test_timerlat_fd_missing(void **state)
{
	struct cpu_mask mask;
	struct own_workload_config cfg;

	(void)state;
	mask_of(&mask, allowed_cpu(0));
	cfg = timerlat_cfg(&mask, 1000);
	cfg.kind = OWN_WORKLOAD_TIMERLAT_FD;
	cfg.tracing_dir = "/nonexistent/tracing";
	bad_config(&cfg);
	cfg.tracing_dir = NULL;
	bad_config(&cfg);
	cpu_mask_free(&mask);
}

/* A policy the kernel refuses even to root: DEADLINE with runtime > deadline. */
static void test_priority_invalid(void **state)
{
	struct cpu_mask mask;
	struct own_workload_config cfg;

	(void)state;
	mask_of(&mask, allowed_cpu(0));
	cpu_mask_set(&mask, allowed_cpu(1));
	cfg = timerlat_cfg(&mask, 1000);
	cfg.prio = (struct sched_attr_req){ .kind = SCHED_KIND_DEADLINE,
					    .runtime_ns = 2 * MS, .period_ns = MS };
	bad_config(&cfg);
	cpu_mask_free(&mask);
}

/* In a child: no privilege, RLIMIT_RTPRIO 0. */
static int drop_privileges(void)
{
	struct rlimit rl = { 0, 0 };

	if (setrlimit(RLIMIT_RTPRIO, &rl))
		return -1;
	if (geteuid() == 0 &&
	    (setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
	     setresuid(65534, 65534, 65534)))
		return -1;
	prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);	/* /proc/self stays readable */
	return 0;
}

/* SCHED_FIFO without the right: refused, no thread left. Root drops it in a child. */
static void test_priority_refused(void **state)
{
	int status, code;
	pid_t pid;

	(void)state;
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct cpu_mask mask;
		struct own_workload_config cfg;
		int tasks;

		if (drop_privileges())
			_exit(SKIP_EXIT);
		tasks = nr_tasks();
		mask_of(&mask, allowed_cpu(0));
		cfg = osnoise_cfg(&mask, 1000, 500);
		cfg.prio = (struct sched_attr_req){ .kind = SCHED_KIND_FIFO, .prio = 50 };
		code = own_workload_start(&cfg) == NULL && tasks_back_to(tasks) == tasks ? 0 : 1;
		cpu_mask_free(&mask);
		_exit(code);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) == SKIP_EXIT)
		skip();
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* Where SCHED_FIFO is allowed (root in CI), the thread gets it. */
static void test_priority_applied(void **state)
{
	struct sched_param sp;
	struct cpu_mask mask;
	struct own_workload_config cfg;
	struct own_workload *uw;
	int tid;

	(void)state;
	if (!fifo_allowed())
		skip();
	mask_of(&mask, allowed_cpu(0));
	cfg = timerlat_cfg(&mask, 1000);
	cfg.prio = (struct sched_attr_req){ .kind = SCHED_KIND_FIFO, .prio = 1 };
	uw = own_workload_start(&cfg);
	assert_non_null(uw);
	tid = own_workload_tid(uw, allowed_cpu(0));
	assert_int_equal(sched_getscheduler(tid), SCHED_FIFO);
	assert_int_equal(sched_getparam(tid, &sp), 0);
	assert_int_equal(sp.sched_priority, 1);
	own_workload_free(uw);	/* stops and joins */
	cpu_mask_free(&mask);
}

/* timerlat's threads: SCHED_FIFO 95 unless -P asked for something */
static void test_timerlat_prio_default(void **state)
{
	struct sched_attr_req none = { .kind = SCHED_KIND_NONE };
	struct sched_attr_req other = { .kind = SCHED_KIND_OTHER, .prio = 5 };

	(void)state;
	own_workload_timerlat_prio(&none);
	assert_int_equal(none.kind, SCHED_KIND_FIFO);
	assert_int_equal(none.prio, 95);
	own_workload_timerlat_prio(&other);
	assert_int_equal(other.kind, SCHED_KIND_OTHER);
	assert_int_equal(other.prio, 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_osnoise),
		cmocka_unit_test(test_osnoise_injected_gap),
		cmocka_unit_test(test_timerlat),
		cmocka_unit_test(test_ring_full),
		cmocka_unit_test(test_bad_config),
		cmocka_unit_test(test_cpu_offline),
		cmocka_unit_test(test_timerlat_fd_missing),
		cmocka_unit_test(test_priority_invalid),
		cmocka_unit_test(test_priority_refused),
		cmocka_unit_test(test_priority_applied),
		cmocka_unit_test(test_timerlat_prio_default),
	};

	base_tasks = nr_tasks();
	return cmocka_run_group_tests(tests, NULL, NULL);
}

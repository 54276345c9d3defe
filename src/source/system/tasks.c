// SPDX-License-Identifier: GPL-2.0
/*
 * tasks - find the tracer's workload threads with libproc2 and give them the
 * scheduling policy (-P) and the cgroup (-C) the user asked for
 */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <libproc2/pids.h>

#include "base/cgroup.h"
#include "base/log.h"
#include "base/safe_text.h"
#include "base/facts.h"
#include "source/system/system.h"

#define TASK_COMM_LEN	64	/* a name in /proc: 16 bytes, more for some kernel threads */

/* the kernel's struct sched_attr (uapi), which glibc does not declare */
struct rtl_sched_attr {
	uint32_t	size;
	uint32_t	sched_policy;
	uint64_t	sched_flags;
	int32_t		sched_nice;
	uint32_t	sched_priority;
	uint64_t	sched_runtime;
	uint64_t	sched_deadline;
	uint64_t	sched_period;
};

/*
 * CGROUP_ROOT/CGROUP/cgroup.procs, the user's cgroup whole (a path too
 * long is the kernel's to refuse, by its name), allocated; NULL with a
 * message.
 */
static char *cgroup_procs_path(const struct rtl_params *p)
{
	const char *cgroup = p->cgroup_name;
	char own[PATH_MAX], *path;	/* the kernel's line: a path */

	if (!cgroup && cgroup_own_path("", own, sizeof(own))) {
		err_msg("cannot find rtlens's own cgroup in /proc/self/cgroup (is cgroup v2 mounted?)");
		return NULL;
	}
	if (!cgroup)
		cgroup = own;
	if (asprintf(&path, "%s%s%s/cgroup.procs", CGROUP_ROOT, cgroup[0] == '/' ? "" : "/",
		     cgroup) >= 0)
		return path;
	err_msg("out of memory");
	return NULL;
}

int tasks_check(const struct rtl_params *p)
{
	char *path, *shown __shown = NULL, *name __shown = NULL;

	if (!p->cgroup)
		return 0;
	path = cgroup_procs_path(p);
	if (!path)
		return -1;
	if (!access(path, W_OK)) {
		free(path);
		return 0;
	}
	shown = log_arg(path);
	name = log_arg(p->cgroup_name ? p->cgroup_name : "(own)");
	err_msg("cgroup '%s' not usable: %s: %s (create it under %s first)", name, shown,
		strerror(errno), CGROUP_ROOT);
	free(path);
	return -1;
}

static void fill_attr(const struct sched_attr_req *req, struct rtl_sched_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	switch (req->kind) {
	case SCHED_KIND_OTHER:
		a->sched_policy = SCHED_OTHER;
		a->sched_nice = req->prio;
		break;
	case SCHED_KIND_RR:
		a->sched_policy = SCHED_RR;
		a->sched_priority = req->prio;
		break;
	case SCHED_KIND_FIFO:
		a->sched_policy = SCHED_FIFO;
		a->sched_priority = req->prio;
		break;
	case SCHED_KIND_DEADLINE:
		a->sched_policy = 6;	/* SCHED_DEADLINE */
		a->sched_runtime = req->runtime_ns;
		a->sched_deadline = req->period_ns;
		a->sched_period = req->period_ns;
		break;
	case SCHED_KIND_NONE:
		break;
	}
}

static const char *sched_kind_name(enum sched_kind kind)
{
	switch (kind) {
	case SCHED_KIND_OTHER:
		return "SCHED_OTHER";
	case SCHED_KIND_RR:
		return "SCHED_RR";
	case SCHED_KIND_FIFO:
		return "SCHED_FIFO";
	case SCHED_KIND_DEADLINE:
		return "SCHED_DEADLINE";
	case SCHED_KIND_NONE:
		break;
	}
	return "none";
}

static const char *sched_hint(int err, enum sched_kind kind)
{
	switch (err) {
	case EPERM:
		if (kind == SCHED_KIND_DEADLINE)
			return "run as root (CAP_SYS_NICE); SCHED_DEADLINE also needs the thread's "
			       "affinity to span its whole root domain";
		return "run as root, or grant CAP_SYS_NICE, or raise RLIMIT_RTPRIO "
		       "(ulimit -r) or lower the nice value asked";
	case EBUSY:
		return "not enough SCHED_DEADLINE bandwidth left (see "
		       "/proc/sys/kernel/sched_rt_runtime_us), ask for a smaller runtime";
	case EINVAL:
		return "the kernel refused these parameters, check -P";
	}
	return "check -P";
}

int tasks_set_thread_sched(const struct sched_attr_req *req, int tid, const char *what)
{
	struct rtl_sched_attr attr;
	int err;

	if (req->kind == SCHED_KIND_NONE)
		return 0;
	fill_attr(req, &attr);
	if (!syscall(SYS_sched_setattr, tid, &attr, 0))
		return 0;
	err = errno;
	err_msg("cannot set the scheduling policy %s of %s (tid %d): %s (%s)",
		sched_kind_name(req->kind), what, tid, strerror(err), sched_hint(err, req->kind));
	errno = err;
	return -1;
}

static int set_priority(const struct rtl_params *p, int pid, const char *comm)
{
	struct rtl_sched_attr attr;

	if (p->prio.kind == SCHED_KIND_NONE)
		return 0;
	fill_attr(&p->prio, &attr);
	if (!syscall(SYS_sched_setattr, pid, &attr, 0))
		return 0;
	err_msg("cannot set the scheduling policy of %s (pid %d): %s", comm, pid, strerror(errno));
	return -1;
}

static int set_cgroup(const struct rtl_params *p, int pid, const char *comm)
{
	char *path, *shown __shown = NULL;
	FILE *f;
	int ret;

	if (!p->cgroup)
		return 0;
	path = cgroup_procs_path(p);
	if (!path)
		return -1;
	f = fopen(path, "w");
	if (!f) {
		shown = log_arg(path);
		err_msg("cannot open %s: %s", shown, strerror(errno));
		free(path);
		return -1;
	}
	fprintf(f, "%d\n", pid);
	ret = fclose(f);
	if (ret) {
		shown = log_arg(path);
		err_msg("cannot move %s (pid %d) to %s: %s", comm, pid, shown, strerror(errno));
	}
	free(path);
	return ret ? -1 : 0;
}


/*
 * Apply to every workload thread: the tracer's kernel threads, named
 * "osnoise/N" or "timerlat/N". Any user may give a thread of theirs such a
 * name: only kernel threads are taken. Returns how many were found, -1 on
 * error.
 */
static int apply_once(const struct rtl_params *p)
{
	enum pids_item items[] = { PIDS_ID_PID, PIDS_CMD, PIDS_FLAGS };
	struct pids_info *info = NULL;
	struct pids_stack *stack;
	const char *prefix = p->desc->kthread_prefix;
	int found = 0;

	if (procps_pids_new(&info, items, 3) < 0) {
		err_msg("cannot read the task list (libproc2): %s", strerror(errno));
		return -1;
	}
	while ((stack = procps_pids_get(info, PIDS_FETCH_TASKS_ONLY))) {
		int pid = PIDS_VAL(0, s_int, stack, info);
		const char *comm = PIDS_VAL(1, str, stack, info);
		unsigned long flags = PIDS_VAL(2, ul_int, stack, info);
		char name[SAFE_TEXT_SIZE(TASK_COMM_LEN)];	/* comm: the kernel's, bounded */

		if (strncmp(comm, prefix, strlen(prefix)) || !(flags & PF_KTHREAD))
			continue;
		safe_text(name, sizeof(name), comm);	/* for messages */
		if (set_priority(p, pid, name) || set_cgroup(p, pid, name)) {
			found = -1;
			break;
		}
		found++;
	}
	procps_pids_unref(&info);
	return found;
}

int tasks_apply(const struct rtl_params *p)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	int want = cpu_mask_count(&p->cpus), tries, found = 0;

	if (p->prio.kind == SCHED_KIND_NONE && !p->cgroup)
		return 0;
	/* the kernel starts its threads asynchronously: wait up to 2 s */
	for (tries = 0; tries < 100; tries++) {
		found = apply_once(p);
		if (found < 0 || found >= want)
			break;
		nanosleep(&pause, NULL);
	}
	if (found < 0)
		return -1;
	if (found < want)
		warn_msg("found %d of %d workload threads to apply -P/-C to", found, want);
	debug_msg("applied -P/-C to %d workload threads", found);
	return 0;
}

int tasks_set_house_keeping(const struct rtl_params *p)
{
	cpu_set_t *set;
	size_t size;
	int cpu, ret;

	if (!p->hk_set)
		return 0;
	set = CPU_ALLOC(p->nr_cpus);
	if (!set)
		return -1;
	size = CPU_ALLOC_SIZE(p->nr_cpus);
	CPU_ZERO_S(size, set);
	for_each_cpu_in(cpu, &p->hk_cpus)
		CPU_SET_S(cpu, size, set);
	ret = sched_setaffinity(0, size, set);
	CPU_FREE(set);
	if (ret)
		err_msg("cannot run rtlens on the house-keeping cpus: %s", strerror(errno));
	return ret ? -1 : 0;
}

/*
 * Without -H, rtlens's own threads (the main loop, decoding, keys, the user
 * engine's merge) leave the measured cpus when others are allowed to it, as
 * if -H named those: a meter on the cpu it measures is noise it reports.
 * The measuring threads pin themselves to their cpu afterwards.
 */
int tasks_auto_house_keeping(const struct rtl_params *p)
{
	size_t size = CPU_ALLOC_SIZE(p->nr_cpus);
	cpu_set_t *set = CPU_ALLOC(p->nr_cpus);
	int cpu, left = 0, ret = 0;

	if (!set)
		return -1;
	if (sched_getaffinity(0, size, set)) {
		CPU_FREE(set);
		return 0;
	}
	for (cpu = 0; cpu < p->nr_cpus; cpu++) {
		if (cpu_mask_test(&p->cpus, cpu))
			CPU_CLR_S(cpu, size, set);
		left += CPU_ISSET_S(cpu, size, set) ? 1 : 0;
	}
	if (left && sched_setaffinity(0, size, set)) {
		err_msg("cannot move rtlens off the measured cpus: %s (name its cpus with -H)",
			strerror(errno));
		ret = -1;
	} else if (left) {
		debug_msg("rtlens runs on the %d cpus it does not measure (-H to choose)", left);
	}
	CPU_FREE(set);
	return ret;
}

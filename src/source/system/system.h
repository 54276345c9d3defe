/* SPDX-License-Identifier: GPL-2.0 */
/*
 * system - every change rtlens makes to the system, and its undoing: the
 * shared tracefs (sysstate: saved before the first write, restored at the
 * end or by the next run after a kill; its mount, where rtlens made it), the tracer's threads (tasks: policy,
 * cgroup, rtlens's own CPUs) and the idle states (power). Nothing outside
 * this room writes to tracefs, procfs or sysfs.
 */
#ifndef RTLENS_SOURCE_SYSTEM_H
#define RTLENS_SOURCE_SYSTEM_H

#include <stdbool.h>
#include <stdint.h>

#include "base/params.h"

/*
 * sysstate - what rtlens changed in the shared tracefs, and how to undo it
 *
 * Every global file is read and recorded before its first write; every
 * instance is recorded before it is created. The record is kept on disk
 * (under /run/rtlens, or $RTLENS_RUN_DIR) so that the run after a SIGKILL
 * can undo what a killed run left behind. A lock file keeps sessions apart.
 */
/* the tracer's flags, one file: sysstate_write_option() */
#define OSNOISE_OPTIONS	"osnoise/options"

enum restore_kind {
	RESTORE_VALUE,		/* write the saved content back */
	RESTORE_OPTIONS,	/* osnoise/options: write back each saved flag */
	RESTORE_IDLE,		/* "cpuN/stateM": an idle state's disable flag (libcpupower) */
};

struct sys_state;
struct tracefs_instance;

struct sys_state *sysstate_new(void);
void sysstate_free(struct sys_state *s);

/* Take the session lock; -1 with a message when another session holds it. */
int sysstate_lock(struct sys_state *s);
/* Undo what a killed session left (its record); 0 when there was none. */
int sysstate_recover(struct sys_state *s);
/*
 * Mount tracefs if no tracing directory is mounted, before anything reads
 * tracefs (libtracefs would mount it and leave it): sysstate_restore()
 * unmounts it at the end, the next run after a kill does. -1 with a message.
 */
int sysstate_mount_tracefs(struct sys_state *s);

/* Save @file (relative to the tracing dir) before rtlens writes it. */
int sysstate_save(struct sys_state *s, const char *file, enum restore_kind kind);
/* Record a value read by the caller (idle states), before changing it. */
int sysstate_save_value(struct sys_state *s, const char *name, const char *content,
			enum restore_kind kind);
/* Save if not yet saved, then write; -1 with a message naming the file. */
int sysstate_write(struct sys_state *s, const char *file, const char *value);
/* sysstate_write() of a number */
int sysstate_write_u64(struct sys_state *s, const char *file, uint64_t val);
/*
 * The flag @option of osnoise/options (RESTORE_OPTIONS) set (@on) or
 * cleared (NO_@option), saved first; -1 with a message.
 */
int sysstate_write_option(struct sys_state *s, const char *option, bool on);
/* osnoise/options, its flags as the kernel lists them; NULL where it has none. Caller frees. */
char *sysstate_read_options(void);
/* Record an instance name before creating it. */
int sysstate_add_instance(struct sys_state *s, const char *name);
/*
 * A setting of rtlens's own instance @inst (one sysstate_add_instance()
 * recorded): nothing to save, sysstate_restore() removes the instance
 * whole. -1 with errno set: the caller says what the setting was for.
 */
int sysstate_instance_write(struct tracefs_instance *inst, const char *file, const char *value);

/*
 * Destroy the recorded instances, restore every saved file, then unmount
 * tracefs if this session mounted it. Idempotent.
 */
int sysstate_restore(struct sys_state *s);

/* Read a whole tracefs file (NULL instance = top level); caller frees. */
char *sysstate_read_text(const char *file);
/* A tracefs file that holds a number; 0 when it cannot be read. */
uint64_t sysstate_read_u64(const char *file);

/*
 * tasks - the tracer's workload threads: scheduling policy and cgroup
 */
/* Check -C (the cgroup exists); -1 with a message. */
int tasks_check(const struct rtl_params *p);
/* Apply -P and -C to every "osnoise/N" or "timerlat/N" thread; -1 with a message. */
int tasks_apply(const struct rtl_params *p);
/*
 * Give thread @tid the policy @req (SCHED_KIND_NONE: nothing to do); @what
 * names it in the message. -1 with a message (what, why, what to do), errno set.
 */
int tasks_set_thread_sched(const struct sched_attr_req *req, int tid, const char *what);
/* Pin rtlens itself to the -H cpus; -1 with a message. */
int tasks_set_house_keeping(const struct rtl_params *p);
/* Without -H: onto the allowed cpus that are not measured, if any. */
int tasks_auto_house_keeping(const struct rtl_params *p);

/*
 * power - keep measured CPUs out of deep idle while timerlat runs:
 * /dev/cpu_dma_latency (--dma-latency) and idle states (--deepest-idle-state)
 */
struct power_hold {
	int	dma_fd;		/* -1: none */
};

/* Apply --dma-latency and --deepest-idle-state; -1 with a message. */
int power_hold_start(struct power_hold *h, const struct rtl_params *p, struct sys_state *st);
/* Release the DMA latency request (idle states are restored by sysstate). */
void power_hold_stop(struct power_hold *h);

#endif

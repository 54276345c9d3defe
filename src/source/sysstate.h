/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysstate - what rtlens changed in the shared tracefs, and how to undo it
 *
 * Every global file is read and recorded before its first write; every
 * instance is recorded before it is created. The record is kept on disk
 * (under /run/rtlens, or $RTLENS_RUN_DIR) so that the run after a SIGKILL
 * can undo what a killed run left behind. A lock file keeps sessions apart.
 */
#ifndef RTLENS_SYSSTATE_H
#define RTLENS_SYSSTATE_H

#include <stdbool.h>

enum restore_kind {
	RESTORE_VALUE,		/* write the saved content back */
	RESTORE_OPTIONS,	/* osnoise/options: write back each saved flag */
	RESTORE_IDLE,		/* "cpuN/stateM": an idle state's disable flag (libcpupower) */
};

struct sys_state;

struct sys_state *sysstate_new(void);
void sysstate_free(struct sys_state *s);

/* Take the session lock; -1 with a message when another session holds it. */
int sysstate_lock(struct sys_state *s);
/* Undo what a killed session left (its record); 0 when there was none. */
int sysstate_recover(struct sys_state *s);

/* Save @file (relative to the tracing dir) before rtlens writes it. */
int sysstate_save(struct sys_state *s, const char *file, enum restore_kind kind);
/* Record a value read by the caller (idle states), before changing it. */
int sysstate_save_value(struct sys_state *s, const char *name, const char *content,
			enum restore_kind kind);
/* Save if not yet saved, then write; -1 with a message naming the file. */
int sysstate_write(struct sys_state *s, const char *file, const char *value);
/* Record an instance name before creating it. */
int sysstate_add_instance(struct sys_state *s, const char *name);

/* Destroy the recorded instances and restore every saved file. Idempotent. */
int sysstate_restore(struct sys_state *s);

/* Read a whole tracefs file (NULL instance = top level); caller frees. */
char *tracefs_read_text(const char *file);

#endif

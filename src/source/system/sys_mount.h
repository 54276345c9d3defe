/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys_mount - tracefs mounted for a run where it was not, and unmounted at
 * its end: a mount that rtlens made is a change like any other. Private to
 * source/system (sysstate.c).
 *
 * Before mounting, a note is written in the run directory (NOTE below): the
 * mount point, the mount namespace and, once mounted, the mount's id. A run
 * killed before its end leaves the note; the next run in the same mount
 * namespace that finds that very mount still there takes it over and
 * unmounts it at its own end. A note of another namespace, or of a mount
 * that is gone, is not acted on.
 */
#ifndef RTLENS_SYS_MOUNT_H
#define RTLENS_SYS_MOUNT_H

#include <stdbool.h>

#define SYS_MOUNT_POINT	"/sys/kernel/tracing"

struct sys_mount {
	const char		*note;	/* the note's path (the caller's) */
	bool			ours;	/* unmount it at the end */
	unsigned long long	ns;	/* the mount namespace's inode */
	int			id;	/* the mount's id (/proc/self/mountinfo) */
};

/*
 * Mount tracefs at SYS_MOUNT_POINT unless a tracing directory is mounted
 * (tracefs anywhere, or debugfs); take over a killed run's mount. -1 with
 * a message (what, why, what to do).
 */
int sys_mount_begin(struct sys_mount *m);
/* Unmount what sys_mount_begin() mounted or took over; a warning if busy. */
void sys_mount_end(struct sys_mount *m);

#endif

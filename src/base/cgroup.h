/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgroup - rtlens's own cgroup v2, as /proc/self/cgroup names it
 */
#ifndef RTLENS_CGROUP_H
#define RTLENS_CGROUP_H

#include <stddef.h>

#define CGROUP_ROOT	"/sys/fs/cgroup"	/* where cgroup v2 is mounted */

/*
 * The path of this process's cgroup v2 ("/kubepods/pod1/ctr", "/" at the
 * root of its cgroup namespace): the "0::" line of @root/proc/self/cgroup
 * (@root "" for the real one). 0, or -1 when there is none (cgroup v1
 * alone) or it cannot be read.
 */
int cgroup_own_path(const char *root, char *buf, size_t len);

#endif

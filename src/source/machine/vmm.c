// SPDX-License-Identifier: GPL-2.0
/*
 * vmm - the threads of a VMM process (--vm PID), read from /proc
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/log.h"
#include "source/machine/machine.h"

/* a zombie has no threads to follow: its state is Z (or X, dead) */
static bool running(int pid)
{
	char path[64], state = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
		state = 0;
	fclose(f);
	return state && state != 'Z' && state != 'X';
}

static int add_tid(int **tids, int *nr, int *alloc, int tid)
{
	int *v;

	if (*nr == *alloc) {
		*alloc = *alloc ? *alloc * 2 : 16;
		v = realloc(*tids, *alloc * sizeof(*v));
		if (!v)
			return -1;
		*tids = v;
	}
	(*tids)[(*nr)++] = tid;
	return 0;
}

int vmm_threads(int pid, int **tids, int *nr)
{
	char path[64];
	struct dirent *d;
	int alloc = 0, ret = 0;
	DIR *dir;

	*tids = NULL;
	*nr = 0;
	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = pid > 0 && running(pid) ? opendir(path) : NULL;
	if (!dir) {
		err_msg("--vm %d: no such running process (the VMM's pid, e.g. QEMU's)", pid);
		return -1;
	}
	while (!ret && (d = readdir(dir))) {
		int tid = atoi(d->d_name);

		if (tid > 0)
			ret = add_tid(tids, nr, &alloc, tid);
	}
	closedir(dir);
	if (!ret && *nr)
		return 0;
	if (ret)
		err_msg("out of memory");
	else
		err_msg("--vm %d: the process has no threads", pid);
	free(*tids);
	*tids = NULL;
	*nr = 0;
	return -1;
}

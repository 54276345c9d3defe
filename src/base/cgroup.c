// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup - rtlens's own cgroup v2, as /proc/self/cgroup names it
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/cgroup.h"

int cgroup_own_path(const char *root, char *buf, size_t len)
{
	char line[PATH_MAX];
	int ret = -1;
	FILE *f;

	snprintf(line, sizeof(line), "%s/proc/self/cgroup", root);
	f = fopen(line, "re");
	if (!f)
		return -1;
	while (ret && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3))
			continue;
		line[strcspn(line, "\n")] = '\0';
		snprintf(buf, len, "%s", line + 3);
		ret = 0;
	}
	fclose(f);
	return ret;
}

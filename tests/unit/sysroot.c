// SPDX-License-Identifier: GPL-2.0
/*
 * sysroot - a fresh empty directory for each test that stands for /
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "sysroot.h"

int sysroot_setup(void **state)
{
	const char *tmp = getenv("TMPDIR");
	char *dir;

	if (asprintf(&dir, "%s/rtlens-sysroot-XXXXXX", tmp && *tmp ? tmp : "/tmp") < 0)
		return -1;
	if (!mkdtemp(dir)) {
		free(dir);
		return -1;
	}
	*state = dir;
	return 0;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int sysroot_teardown(void **state)
{
	char *dir = *state;
	int ret = nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);

	free(dir);
	return ret;
}

void put_file(const char *root, const char *rel, const char *content)
{
	char path[4096];
	char *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		assert_true(mkdir(path, 0755) == 0 || access(path, F_OK) == 0);
		*slash = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(content, f);
	assert_int_equal(fclose(f), 0);
}

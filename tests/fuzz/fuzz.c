// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz - the setup every target shares (see fuzz.h)
 */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *null = fopen("/dev/null", "w");

	(void)argc;
	(void)argv;
	if (!freopen("/dev/null", "w", stdout) || !null)
		abort();
	stderr = null;
	return 0;
}

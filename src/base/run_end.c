// SPDX-License-Identifier: GPL-2.0
/*
 * run_end - the names of the ways a run ends
 */
#include "base/run_end.h"

const char *stop_reason_name(enum stop_reason r)
{
	static const char *const names[] = {
		[STOP_DURATION] = "duration", [STOP_SIGNAL] = "signal", [STOP_USER] = "user",
		[STOP_THRESHOLD] = "threshold", [STOP_ERROR] = "error",
	};

	return names[r];
}

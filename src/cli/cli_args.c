// SPDX-License-Identifier: GPL-2.0
/*
 * cli_args - the usage errors of compare and merge
 */
#include <stdarg.h>
#include <stdio.h>

#include "base/log.h"
#include "cli/cli_args.h"

enum args_result cli_usage_error(const char *command, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	err_msg("%s", msg);
	fprintf(stderr, "Try 'rtlens %s --help' for the usage.\n", command);
	return ARGS_ERROR;
}
